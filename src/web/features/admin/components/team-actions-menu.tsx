import type { AdminTeam } from '@shared/schemas/team';
import { Eye, KeyRound, MoreHorizontal, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { DeleteTeamDialog } from '@/components/delete-team-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { failureMessageOf } from '@/components/confirm-dialog';
import { useDeleteTeam } from '../api/delete-team';
import { useReportOpen } from '../hooks/use-held-while-open';
import { RotateCodeDialog } from './rotate-code-dialog';

type Dialogs = 'rotate' | 'delete' | null;

/** A team's own actions in the participants list: a new Workspace Code (a leaked code), and deleting it. */
export function TeamActionsMenu({ team }: { team: AdminTeam }) {
  const [menuOpen, setMenuOpen] = React.useState(false);
  const [dialog, setDialog] = React.useState<Dialogs>(null);
  // Open, the menu and its dialogs hold the list still: their row neither moves nor goes, even when another
  // instructor deletes the team meanwhile (the dialog then shows the refusal).
  useReportOpen(menuOpen || dialog !== null);
  const remove = useDeleteTeam();

  return (
    <>
      <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-9" aria-label={`Actions for ${team.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel className="max-w-56 truncate">{team.name}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={`/admin/teams/${team.id}/work`}>
              <Eye aria-hidden /> View work
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('rotate')}>
            <KeyRound aria-hidden /> New Workspace Code
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-destructive data-[highlighted]:bg-destructive-soft [&_svg]:text-destructive"
            onSelect={() => {
              remove.reset();
              setDialog('delete');
            }}
          >
            <Trash2 aria-hidden /> Delete team
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <RotateCodeDialog
        team={team}
        open={dialog === 'rotate'}
        onOpenChange={(open) => setDialog(open ? 'rotate' : null)}
      />
      <DeleteTeamDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        teamName={team.name}
        title="Delete team?"
        confirmLabel="Delete team"
        onConfirm={(confirmName) =>
          remove.mutate({ teamId: team.id, confirmName }, { onSuccess: () => setDialog(null) })
        }
        pending={remove.isPending}
        error={failureMessageOf(remove, 'The team could not be deleted.')}
      >
        <p>
          <span className="font-semibold text-foreground">{team.name}</span> (code{' '}
          <span className="font-mono tracking-widest">{team.code}</span>) is deleted for good:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            its answers to every activity, its shared facts, its website address, and its instructor feedback
            and requests for help;
          </li>
          <li>
            its ballot, if it voted, and the votes other teams gave it: its cohort&rsquo;s results are counted
            again without them;
          </li>
          <li>every session of the team: its open pages lose the workspace.</li>
        </ul>
        <p>This cannot be undone.</p>
      </DeleteTeamDialog>
    </>
  );
}
