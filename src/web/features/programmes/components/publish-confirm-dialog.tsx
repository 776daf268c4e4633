import { Upload } from 'lucide-react';
import * as React from 'react';
import { ConfirmDialogFooter, ConfirmDialogHeader } from '@/components/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { type CohortReached, teamsText } from '../lib/teams-changed';

/** The editor's "Publish" button. */
export const PUBLISH_BUTTON_ID = 'programme-publish';

/** What a publish waiting for its confirmation will do: "Publish" (the draft), or an earlier version again. */
export type PendingPublish = { kind: 'draft' } | { kind: 'again'; version: number };

/**
 * Asks before a publish that reaches teams: it names each cohort running the programme that has teams, with
 * how many, and how many teams' open pages change at once. Cancel changes nothing.
 */
export function PublishConfirmDialog({
  pending,
  programmeName,
  cohorts,
  teams,
  onConfirm,
  onCancel,
}: {
  pending: PendingPublish | null;
  programmeName: string;
  cohorts: readonly CohortReached[];
  teams: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const what = pending?.kind === 'again' ? `version ${pending.version} again` : 'this draft';
  // "Publish" was disabled while the cohorts were read, so focus left it: it goes back there on closing.
  const kind = React.useRef<PendingPublish['kind']>('draft');
  if (pending) kind.current = pending.kind;
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        width="narrow"
        role="alertdialog"
        data-testid="publish-confirm-dialog"
        onCloseAutoFocus={(event) => {
          const publish = kind.current === 'draft' ? document.getElementById(PUBLISH_BUTTON_ID) : null;
          if (publish) {
            event.preventDefault();
            publish.focus();
          }
        }}
      >
        <ConfirmDialogHeader icon={Upload} tone="warning" title="Publish to running cohorts?">
          <p>
            Publishing {what} of <span className="font-semibold text-foreground">{programmeName}</span>{' '}
            changes the open pages of {teamsText(teams)} at once:
          </p>
          <ul className="list-disc space-y-1 pl-5" data-testid="publish-confirm-cohorts">
            {cohorts.map((cohort) => (
              <li key={cohort.tag}>
                <span className="font-semibold text-foreground">{cohort.name}</span>:{' '}
                {teamsText(cohort.teams)}
              </li>
            ))}
          </ul>
          <p>What teams typed stays; answers to fields the new version no longer has are kept.</p>
        </ConfirmDialogHeader>
        <ConfirmDialogFooter
          pending={false}
          pendingLabel="Publishing"
          icon={Upload}
          confirmLabel="Publish now"
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      </DialogContent>
    </Dialog>
  );
}
