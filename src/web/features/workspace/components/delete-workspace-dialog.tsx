import { DeleteTeamDialog } from '@/components/delete-team-dialog';
import { toast } from '@/components/ui/use-toast';
import { failureMessageOf } from '@/components/confirm-dialog';
import { messages } from '@/lib/messages';
import { useDeleteWorkspace } from '../hooks/use-workspace-actions';
import type { WorkspaceTeam } from '../lib/resolve-workspace';

type Props = { team: WorkspaceTeam; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * "Delete workspace" from the account menu: the team deletes its own workspace after typing its name; the
 * page then goes to `/` with a toast, and this browser forgets the workspace.
 */
export function DeleteWorkspaceDialog({ team, open, onOpenChange }: Props) {
  const remove = useDeleteWorkspace();
  return (
    <DeleteTeamDialog
      open={open}
      onOpenChange={(next) => {
        if (next) remove.reset();
        onOpenChange(next);
      }}
      teamName={team.name}
      title="Delete workspace?"
      confirmLabel="Delete workspace"
      onConfirm={async (confirmName) => {
        // Awaited, not a callback of this render: the dialog leaves the page with the workspace it deletes.
        try {
          await remove.mutateAsync({ teamId: team.id, confirmName });
        } catch {
          return; // Shown in the dialog.
        }
        onOpenChange(false);
        toast({ variant: 'success', ...messages.workspaceDeleted });
      }}
      pending={remove.isPending}
      error={failureMessageOf(remove, 'The workspace could not be deleted.')}
    >
      <p>
        Your workspace <span className="font-semibold text-foreground">{team.name}</span> (code{' '}
        <span className="font-mono tracking-widest">{team.code}</span>) is deleted for good, for everyone in
        your team:
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          your answers to every activity, your shared facts, avatar and website address, and your instructor
          feedback and requests for help;
        </li>
        <li>your team&rsquo;s ballot, if you voted, and the votes other teams gave you;</li>
        <li>every open session: the Workspace Code and secure link stop working on every device.</li>
      </ul>
      <p>This cannot be undone. Download your answers first if you want to keep them.</p>
    </DeleteTeamDialog>
  );
}
