import { useQuery } from '@tanstack/react-query';
import type { HelpRequest } from '@shared/schemas/coaching';
import { HELP_MESSAGE_MAX } from '@shared/text-limits';
import { CircleCheck, Hand, LifeBuoy } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { teamHelpQueryOptions, useAskForHelp, useWithdrawHelp } from '../api/help';
import { askedAgo } from '../lib/waiting';

/** An answered request stays on the page this long, so the team sees it was answered. */
const ANSWERED_SHOWN_MS = 30 * 60_000;

/**
 * "Ask for help" on an activity page: with a workspace, the team asks its instructor, with an optional line;
 * the page then says help is on the way (the request can be withdrawn), then that it was answered. One open
 * request per team, whichever activity it was asked from. In practice mode the button says that help needs
 * a workspace, and `onOpenWorkspace` (the caller's way to open the workspace dialog) offers one. The caller
 * passes it so this feature does not import the workspace feature: a static import here splits the first
 * route's bundle into more chunks than its budget allows.
 */
export function AskForHelp({
  teamId,
  phase,
  activityName,
  onOpenWorkspace,
}: {
  teamId: string | undefined;
  phase: number;
  /** The activity's name as the team's programme gives it (its page's title). */
  activityName: string;
  onOpenWorkspace(): void;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Hand aria-hidden />
        Ask for help
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {teamId ? (
            <AskForm
              teamId={teamId}
              phase={phase}
              activityName={activityName}
              onDone={() => setOpen(false)}
            />
          ) : (
            <NeedsWorkspace onDone={() => setOpen(false)} onOpenWorkspace={onOpenWorkspace} />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function NeedsWorkspace({ onDone, onOpenWorkspace }: { onDone(): void; onOpenWorkspace(): void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Ask for help</DialogTitle>
        <DialogDescription>
          Asking your instructor for help needs a workspace: in practice mode nothing leaves this browser.
          Create or open your team's workspace, then ask from any activity.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Not now
        </Button>
        <Button
          onClick={() => {
            onDone();
            onOpenWorkspace();
          }}
        >
          Open a workspace
        </Button>
      </DialogFooter>
    </>
  );
}

function AskForm({
  teamId,
  phase,
  activityName,
  onDone,
}: {
  teamId: string;
  phase: number;
  activityName: string;
  onDone(): void;
}) {
  const current = useQuery(teamHelpQueryOptions(teamId));
  const ask = useAskForHelp(teamId);
  const [message, setMessage] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  if (current.data?.status === 'open') {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Help is on the way</DialogTitle>
          <DialogDescription>
            Your team asked from Activity {current.data.phaseNumber}, {askedAgo(current.data.createdAt)}. Your
            instructor sees it; one request at a time.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onDone}>OK</Button>
        </DialogFooter>
      </>
    );
  }
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    ask.mutate(
      { phaseNumber: phase, message },
      {
        onSuccess: () => {
          setMessage('');
          onDone();
        },
        onError: (failure) =>
          setError(serverMessageOf(failure) ?? 'Your request could not be sent. Please try again.'),
      },
    );
  };
  return (
    <form onSubmit={send} className="space-y-4">
      <DialogHeader>
        <DialogTitle>Ask for help</DialogTitle>
        <DialogDescription>
          Your instructor sees your team's request at once, with this activity ({activityName}).
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-2">
        <Label htmlFor="help-message">What are you stuck on? (optional)</Label>
        <Input
          id="help-message"
          value={message}
          maxLength={HELP_MESSAGE_MAX}
          placeholder="One line, e.g. Our prompt gives generic competitors"
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={ask.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={ask.isPending}>
          Send request
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Where the team's request stands, under the activity's heading: help on the way (with Withdraw), or
 * answered. Live: an instructor's answer, or a teammate's withdrawal, shows without a reload.
 */
export function HelpStatus({ teamId }: { teamId: string }) {
  const current = useQuery(teamHelpQueryOptions(teamId));
  const withdraw = useWithdrawHelp(teamId);
  const request = current.data;
  if (!request || !isShown(request)) return null;
  if (request.status === 'open') {
    return (
      <div
        role="status"
        data-testid="help-status"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-warning-soft px-4 py-3 text-sm"
      >
        <p className="flex items-center gap-2 font-medium text-warning">
          <LifeBuoy className="size-4 shrink-0" aria-hidden />
          <span className="typed-text">
            Help is on the way: your instructor has your request
            {request.message ? ` ("${request.message}")` : ''}.
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(undefined, {
              onError: (failure) =>
                toast({
                  variant: 'destructive',
                  title: 'Could not withdraw the request',
                  description: serverMessageOf(failure) ?? 'Please try again.',
                }),
            })
          }
        >
          Withdraw
        </Button>
      </div>
    );
  }
  return (
    <div
      role="status"
      data-testid="help-status"
      className="flex items-center gap-2 rounded-xl border border-green-200 bg-success-soft px-4 py-3 text-sm font-medium text-success"
    >
      <CircleCheck className="size-4 shrink-0" aria-hidden />
      <span>
        Your request for help was answered{request.answeredBy ? ` by ${request.answeredBy}` : ''}.
        {request.answer && (
          <span className="typed-text mt-1 block font-normal text-foreground" data-testid="help-answer">
            "{request.answer}"
          </span>
        )}
      </span>
    </div>
  );
}

function isShown(request: HelpRequest): boolean {
  if (request.status === 'open') return true;
  if (request.status !== 'answered' || !request.closedAt) return false;
  return Date.now() - Date.parse(request.closedAt) < ANSWERED_SHOWN_MS;
}
