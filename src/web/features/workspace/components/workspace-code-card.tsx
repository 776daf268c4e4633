import { Check, Copy, KeyRound, ShieldAlert, X } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { withTeamCode } from '@/lib/session-view';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { dismissCodeCard } from '../lib/code-card';

/**
 * The Workspace Code handed over (docs/product.md, Workspace dialog): the new workspace's code, large, with
 * "Copy Workspace Code", a QR code of the team's link (`/?team_id=CODE`: a teammate's phone opens the
 * workspace from it) and who the code is for. Stays, on every page of the workspace in this browser, until
 * dismissed.
 */
export default function WorkspaceCodeCard({ teamId, code }: { teamId: string; code: string }) {
  const { copied, copy } = useCopyToClipboard();
  const link = `${window.location.origin}${withTeamCode(code, '/')}`;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <section
        aria-labelledby="workspace-code-card-title"
        className="relative flex flex-col gap-5 rounded-xl border border-primary/30 bg-primary-soft p-5 pr-12 sm:flex-row sm:items-center sm:justify-between sm:p-6 sm:pr-14"
        data-testid="workspace-code-card"
      >
        <div className="min-w-0 space-y-3">
          <h2 id="workspace-code-card-title" className="flex items-center gap-2 text-lg font-semibold">
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
          <Button
            size="sm"
            variant="outline"
            aria-live="polite"
            onClick={async () => {
              if (await copy(code)) toast(messages.codeCopied);
              else toast({ variant: 'destructive', ...messages.codeCopyFailed });
            }}
          >
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
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-2 right-2"
          aria-label="Dismiss the Workspace Code card"
          onClick={() => dismissCodeCard(teamId)}
        >
          <X aria-hidden />
        </Button>
      </section>
    </div>
  );
}
