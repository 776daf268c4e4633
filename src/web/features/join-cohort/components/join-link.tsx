import type { AdminCohort } from '@shared/schemas/cohort';
import { JOIN_PAGE_PATH, joinPath, roomCodeText } from '@shared/schemas/cohort';
import { Check, Copy, Link2 } from 'lucide-react';
import * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';

export const JoinQr = React.lazy(() => import('./join-qr'));

/** The full address of a cohort's join link on this server. */
export function joinUrl(code: string): string {
  return `${window.location.origin}${joinPath(code)}`;
}

/**
 * The address of the page where a room code is typed, as a person types it: this server's host and `/join`,
 * without `https://` ("lab.example.org/join").
 */
export function joinPageAddress(): string {
  return `${window.location.host}${JOIN_PAGE_PATH}`;
}

/**
 * "Join link" on a cohort's card: the link to hand a room (copy it, or show its QR code), and whether
 * joining is open now (the card's "Joining" switch closes it).
 */
export function JoinLinkDialog({ cohort }: { cohort: AdminCohort }) {
  const url = joinUrl(cohort.joinCode);
  const { copied, copy } = useCopyToClipboard();
  const inputId = React.useId();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Link2 aria-hidden /> Join link<span className="sr-only"> of {cohort.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Join link: {cohort.name}</DialogTitle>
          <DialogDescription>
            A team opens it in its workspace and joins the cohort after one confirmation; a team in another
            cohort is asked before it moves. Every join shows here at once.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-4">
          {cohort.joiningOpen ? (
            <Badge variant="success">Joining is open</Badge>
          ) : (
            <Badge variant="warning">Joining is closed: the link refuses every team</Badge>
          )}
          <figure className="rounded-xl border border-border bg-white p-4">
            <React.Suspense
              fallback={<Spinner className="size-8 text-primary" label="Drawing the QR code" />}
            >
              <JoinQr url={url} />
            </React.Suspense>
          </figure>
          {cohort.roomCode && (
            <p className="text-center text-sm text-muted-foreground" data-testid="join-link-room-code">
              Or type the room code{' '}
              <span className="font-mono text-base font-bold tracking-wider text-foreground">
                {roomCodeText(cohort.roomCode)}
              </span>{' '}
              at <span className="font-mono font-semibold text-foreground">{joinPageAddress()}</span>
            </p>
          )}
          <div className="flex w-full flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              Join link
            </label>
            <div className="flex gap-2">
              <Input
                id={inputId}
                readOnly
                value={url}
                className="font-mono text-sm"
                onFocus={(event) => event.currentTarget.select()}
                data-testid="join-link-url"
              />
              <Button
                variant="secondary"
                onClick={async () => {
                  if (await copy(url)) toast(messages.joinLinkCopied);
                  else toast({ variant: 'destructive', ...messages.linkCopyFailed });
                }}
              >
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
