import { Check, Copy, KeyRound, ShieldAlert, X } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { withTeamCode } from '@/lib/session-view';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { codeCardPresented, dismissCodeCard } from '../lib/code-card';

type CardProps = {
  teamId: string;
  code: string;
  /** 'whole' on the page a new workspace arrives at; 'compact', one line, on every later page. */
  size: 'whole' | 'compact';
  /** Just created: scroll the card into view and focus its heading, once. */
  bringIntoView: boolean;
};

/**
 * The Workspace Code handed over (docs/product.md, Workspace dialog). Whole, on the page the new workspace
 * arrives at: the code, large, with "Copy Workspace Code", a QR code of the team's link (`/?team_id=CODE`:
 * a teammate's phone opens the workspace from it) and who the code is for, brought into view with its
 * heading focused. On every later page of the workspace in this browser, until dismissed: a one-line
 * reminder (the code, a copy button, the ✕), in the page's flow so it never covers anything.
 */
export default function WorkspaceCodeCard({ teamId, code, size, bringIntoView }: CardProps) {
  return size === 'whole' ? (
    <WholeCard teamId={teamId} code={code} bringIntoView={bringIntoView} />
  ) : (
    <CodeReminder teamId={teamId} code={code} />
  );
}

/** "Copy Workspace Code", then "Copied!" and the toast; a failure says to write the code down. */
function useCopyCode(code: string) {
  const { copied, copy } = useCopyToClipboard();
  const onCopy = async () => {
    if (await copy(code)) toast(messages.codeCopied);
    else toast({ variant: 'destructive', ...messages.codeCopyFailed });
  };
  return { copied, onCopy };
}

function DismissButton({ teamId, className }: { teamId: string; className?: string }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label="Dismiss the Workspace Code card"
      onClick={() => dismissCodeCard(teamId)}
    >
      <X aria-hidden />
    </Button>
  );
}

function WholeCard({ teamId, code, bringIntoView }: Omit<CardProps, 'size'>) {
  const { copied, onCopy } = useCopyCode(code);
  const link = `${window.location.origin}${withTeamCode(code, '/')}`;
  const heading = React.useRef<HTMLHeadingElement>(null);
  // The person sees the code they just got: the page comes to the card (not past it, to the activities or
  // wherever the page was scrolled), and a screen reader starts from its heading. A frame later, after the
  // page's own first scroll; the dialog that created the workspace leaves the focus here (workspace-dialog).
  // Only a focus nobody holds: a person quick enough to have opened a menu or clicked into a field by then
  // keeps it (taking it would close the menu under their pointer).
  React.useEffect(() => {
    if (!bringIntoView) return;
    const frame = requestAnimationFrame(() => {
      const target = heading.current;
      if (!target) return;
      target.closest('section')?.scrollIntoView({ block: 'start' });
      const active = document.activeElement;
      if (active === null || active === document.body) target.focus({ preventScroll: true });
      codeCardPresented();
    });
    return () => cancelAnimationFrame(frame);
  }, [bringIntoView]);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <section
        aria-labelledby="workspace-code-card-title"
        className="relative flex scroll-mt-20 flex-col gap-5 rounded-xl border border-primary/30 bg-primary-soft p-5 pr-12 sm:flex-row sm:items-center sm:justify-between sm:p-6 sm:pr-14"
        data-testid="workspace-code-card"
        data-size="whole"
      >
        <div className="min-w-0 space-y-3">
          <h2
            id="workspace-code-card-title"
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 text-lg font-semibold outline-none"
          >
            <KeyRound className="size-5 text-primary" aria-hidden />
            Your Workspace Code
          </h2>
          <p
            className="font-mono text-4xl font-bold tracking-[0.3em] text-foreground"
            data-testid="workspace-code-card-code"
          >
            {code}
          </p>
          <p className="flex items-start gap-2 text-sm text-foreground">
            <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
            For your team's members only: anyone with this code can open and change your workspace. Share it
            with your teammates, not outside the team.
          </p>
          <Button size="sm" variant="outline" aria-live="polite" onClick={onCopy}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied!' : 'Copy Workspace Code'}
          </Button>
        </div>
        <figure className="flex shrink-0 flex-col items-center gap-2 self-center">
          <span className="rounded-lg border border-border bg-white p-3">
            <QRCodeSVG value={link} size={128} title="QR code of your workspace's link" marginSize={0} />
          </span>
          <figcaption className="max-w-40 text-center text-xs text-muted-foreground">
            A teammate scans it to open this workspace on a phone.
          </figcaption>
        </figure>
        <DismissButton teamId={teamId} className="absolute top-2 right-2" />
      </section>
    </div>
  );
}

/** One line under the header: "Your Workspace Code" (on a phone "Workspace Code"), the code, copy, ✕. */
function CodeReminder({ teamId, code }: { teamId: string; code: string }) {
  const { copied, onCopy } = useCopyCode(code);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-3 sm:px-6">
      <section
        aria-labelledby="workspace-code-card-title"
        className="flex min-h-11 items-center gap-2 rounded-lg border border-primary/30 bg-primary-soft py-1 pr-1 pl-3 sm:gap-3"
        data-testid="workspace-code-card"
        data-size="compact"
      >
        <KeyRound className="size-4 shrink-0 text-primary" aria-hidden />
        <h2 id="workspace-code-card-title" className="text-sm font-medium whitespace-nowrap">
          <span className="max-sm:sr-only">Your </span>Workspace Code
        </h2>
        <span
          className="font-mono text-base font-bold tracking-[0.2em] text-foreground"
          data-testid="workspace-code-card-code"
        >
          {code}
        </span>
        <span className="hidden min-w-0 truncate text-xs text-muted-foreground lg:inline">
          For your team's members only
        </span>
        <span className="ml-auto flex shrink-0 items-center gap-1">
          <Button size="sm" variant="ghost" aria-live="polite" onClick={onCopy}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? (
              'Copied!'
            ) : (
              <>
                Copy<span className="sr-only"> Workspace Code</span>
              </>
            )}
          </Button>
          <DismissButton teamId={teamId} />
        </span>
      </section>
    </div>
  );
}
