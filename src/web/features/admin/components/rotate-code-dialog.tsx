import type { AdminTeam } from '@shared/schemas/team';
import { Check, Copy, KeyRound } from 'lucide-react';
import { ConfirmDialogFooter, ConfirmDialogHeader, failureMessageOf } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { useRotateTeamCode } from '../api/rotate-team-code';

type Props = { team: AdminTeam; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A leaked code: after the instructor confirms, the team gets a new Workspace Code (and access token); the
 * dialog then shows the new code, large and copyable, to hand over. The list shows it once the dialog
 * closes (the list holds still while it is open).
 */
export function RotateCodeDialog({ team, open, onOpenChange }: Props) {
  const rotate = useRotateTeamCode();
  const newCode = rotate.data?.code;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (rotate.isPending) return;
        onOpenChange(next);
        if (!next) rotate.reset();
      }}
    >
      <DialogContent width="narrow" data-testid="rotate-code-dialog">
        {newCode ? (
          <NewCode teamName={team.name} code={newCode} />
        ) : (
          <>
            <ConfirmDialogHeader icon={KeyRound} tone="warning" title="New Workspace Code?">
              <p>
                <span className="font-semibold text-foreground">{team.name}</span> gets a new Workspace Code
                and a new secure link. Use this when the code has leaked.
              </p>
              <ul className="list-disc space-y-1 pl-5">
                <li>
                  The old code <span className="font-mono font-semibold tracking-widest">{team.code}</span>{' '}
                  and the old secure link stop working at once.
                </li>
                <li>Every open session of the team ends, on every device.</li>
                <li>The team&rsquo;s answers, website and ballot stay.</li>
              </ul>
            </ConfirmDialogHeader>
            <ConfirmDialogFooter
              error={failureMessageOf(rotate, 'The code could not be replaced. Please try again.')}
              pending={rotate.isPending}
              pendingLabel="Creating a new code"
              icon={KeyRound}
              confirmLabel="Create New Code"
              onConfirm={() => rotate.mutate(team.id)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function NewCode({ teamName, code }: { teamName: string; code: string }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <>
      <DialogHeader>
        <DialogTitle>New Workspace Code</DialogTitle>
        <DialogDescription>
          Give this code to <span className="font-semibold text-foreground">{teamName}</span>. They open their
          workspace with it; their answers are all there.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col items-center gap-3 rounded-lg border border-border bg-muted/60 px-4 py-5">
        <output
          className="font-mono text-5xl font-bold tracking-[0.3em] text-foreground select-all"
          aria-label={`New Workspace Code ${code.split('').join(' ')}`}
          data-testid="new-code"
        >
          {code}
        </output>
        <Button
          variant="outline"
          size="sm"
          onClick={async () => {
            if (await copy(code)) toast({ variant: 'success', ...messages.newCodeCopied });
          }}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy Code'}
        </Button>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
