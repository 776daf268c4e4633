import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeftRight } from 'lucide-react';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
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
      <DialogContent className="sm:max-w-md" data-testid="switch-workspace-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
              <ArrowLeftRight className="size-5" aria-hidden />
            </span>
            Switch workspace?
          </DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-col gap-3 pt-1">
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
                Switching closes {current.name} in this browser; its answers stay saved, and its Workspace
                Code opens it again.
              </p>
            </div>
          </DialogDescription>
        </DialogHeader>
        {switchTo.isError && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md bg-destructive-soft px-3 py-2 text-sm text-destructive"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {serverMessageOf(switchTo.error) ?? messages.openWorkspaceError.description}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={stay} disabled={switchTo.isPending} className="max-w-full">
            <span className="truncate">Stay in {current.name}</span>
          </Button>
          <Button onClick={() => switchTo.mutate()} disabled={switchTo.isPending}>
            {switchTo.isPending ? (
              <Spinner className="size-4 text-current" label="Switching" />
            ) : (
              <ArrowLeftRight aria-hidden />
            )}
            Switch
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
