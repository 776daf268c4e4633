import { AVATAR_ICONS, avatarLabel, avatarUrl } from '@shared/avatars';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { messages } from '@/lib/messages';
import { usePendingOpen } from '@/lib/pending-open';
import { useWorkspace } from '../hooks/use-workspace';
import { useChangeAvatar } from '../hooks/use-workspace-actions';
import { changeAvatarLabel, HeaderAvatar } from './header-avatar';

/** The 36 avatars in a 5-column grid. The same avatar just closes; another one saves, then closes. */
export default function AvatarPicker() {
  const { team } = useWorkspace();
  const [open, setOpen] = usePendingOpen('avatar');
  const change = useChangeAvatar();
  if (!team) return null;

  const choose = (icon: string) => {
    if (icon === team.avatarIcon) {
      setOpen(false);
      return;
    }
    change.mutate(
      { teamId: team.id, avatarIcon: icon },
      {
        onSuccess: () => toast(messages.avatarUpdated),
        onError: (error) =>
          toast({
            variant: 'destructive',
            ...messages.avatarUpdateFailed,
            // Another team of the cohort has it: the server's words say so.
            ...(error instanceof ApiError && error.status === 409 && error.serverMessage
              ? { description: error.serverMessage }
              : {}),
          }),
        onSettled: () => setOpen(false),
      },
    );
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={changeAvatarLabel(team)}
      >
        <HeaderAvatar team={team} />
      </PopoverTrigger>
      <PopoverContent className="w-72" aria-labelledby="avatar-picker-title">
        <p id="avatar-picker-title" className="mb-2 text-sm font-semibold">
          Choose your team avatar
        </p>
        <div className="grid grid-cols-5 gap-1.5" role="listbox" aria-label="Avatars">
          {AVATAR_ICONS.map((icon) => {
            const selected = icon === team.avatarIcon;
            return (
              <button
                key={icon}
                type="button"
                role="option"
                aria-selected={selected}
                aria-label={avatarLabel(icon)}
                disabled={change.isPending}
                onClick={() => choose(icon)}
                className={cn(
                  'flex aspect-square items-center justify-center rounded-lg border-2 p-1.5 transition-colors hover:bg-muted disabled:opacity-50',
                  selected ? 'border-primary bg-primary-soft' : 'border-transparent',
                )}
              >
                <img src={avatarUrl(icon)} alt="" width={32} height={32} className="size-8" />
              </button>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
