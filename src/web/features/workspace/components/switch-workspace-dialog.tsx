import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight } from 'lucide-react';
import { navigate } from 'wouter/use-browser-location';
import { ConfirmDialogFooter, ConfirmDialogHeader, failureMessageOf } from '@/components/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { loginTeam, replaceTokenWithCode } from '../api/team-session';
import type { LinkSwitch } from '../hooks/use-link-switch';
import { holdLinkToken } from '../lib/held-link-token';
import { rememberTeam } from '../lib/remember-team';

/** The link leaves the URL: the page stays where it is, on the workspace that is open. */
function dropLinkFromUrl() {
  const params = new URLSearchParams(window.location.search);
  params.delete('team_id');
  params.delete('token');
  const query = params.toString();
  navigate(`${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`, {
    replace: true,
  });
}

function CodeOf({ code }: { code: string }) {
  return <span className="font-mono text-xs font-semibold tracking-widest">{code}</span>;
}

/**
 * "Switch workspace?": a link (`?team_id=` or `?token=`) for another workspace arrived while one is open.
 * Switch logs this browser in to the link's workspace; Stay (or closing the dialog) keeps everything as it
 * is and takes the link out of the URL.
 */
export function SwitchWorkspaceDialog({ linkSwitch }: { linkSwitch: LinkSwitch }) {
  const { current, target, token } = linkSwitch;
  const queryClient = useQueryClient();
  const switchTo = useMutation({
    mutationFn: () => loginTeam(token),
    onSuccess: (team) => {
      holdLinkToken(null);
      rememberTeam(queryClient, team);
      replaceTokenWithCode(team.code);
      toast(messages.workspaceOpened(team.name));
    },
  });
  const stay = () => {
    if (switchTo.isPending) return;
    holdLinkToken(null);
    dropLinkFromUrl();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && stay()}>
      <DialogContent width="narrow" data-testid="switch-workspace-dialog">
        <ConfirmDialogHeader
          icon={ArrowLeftRight}
          tone="primary"
          title="Switch workspace?"
          descriptionClassName="flex flex-col gap-3 pt-1"
        >
          <p>
            {target ? (
              <>
                This link opens <span className="font-semibold text-foreground">{target.name}</span> (
                <CodeOf code={target.code} />
                ).
              </>
            ) : (
              'This link opens another workspace.'
            )}{' '}
            This browser has <span className="font-semibold text-foreground">{current.name}</span> (
            <CodeOf code={current.code} />) open.
          </p>
          <p>
            Switching closes {current.name} in this browser; its answers stay saved, and its Workspace Code
            opens it again.
          </p>
        </ConfirmDialogHeader>
        <ConfirmDialogFooter
          error={failureMessageOf(switchTo, messages.openWorkspaceError.description)}
          pending={switchTo.isPending}
          pendingLabel="Switching"
          icon={ArrowLeftRight}
          confirmLabel="Switch"
          onConfirm={() => switchTo.mutate()}
          cancelLabel={<span className="truncate">Stay in {current.name}</span>}
          onCancel={stay}
        />
      </DialogContent>
    </Dialog>
  );
}
