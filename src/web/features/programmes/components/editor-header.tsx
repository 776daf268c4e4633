import { PROGRAMME_NAME_MAX, type ProgrammeDetail } from '@shared/schemas/programmes';
import { Upload } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { DraftSync } from '../hooks/use-draft-sync';
import type { Publishing } from '../hooks/use-publishing';
import { ExportButton } from './export-button';
import { PUBLISH_BUTTON_ID, PublishConfirmDialog } from './publish-confirm-dialog';
import { SaveState } from './save-state';
import { VersionsDialog } from './versions-dialog';

/**
 * The editor's head: the programme's name (a heading for the standard, read-only), whether it is published
 * and saved, and its versions, export and "Publish", with why "Publish" is off (`blocker`) when it is.
 */
export function EditorHeader({
  meta,
  draft,
  publishing,
  blocker,
}: {
  meta: ProgrammeDetail;
  draft: DraftSync;
  publishing: Publishing;
  blocker: string | null;
}) {
  const { current } = draft;
  const readOnly = meta.standard;
  return (
    <div className="mt-3 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0 flex-1">
        {readOnly ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight">{current.name}</h1>
            <p className="mt-1 text-muted-foreground">
              The shipped activities, read-only: copy it to adapt it for a cohort.
            </p>
          </>
        ) : (
          <>
            <h1 className="sr-only">Edit {current.name || 'programme'}</h1>
            <Label htmlFor="programme-name" className="block">
              Programme name
            </Label>
            <Input
              id="programme-name"
              value={current.name}
              maxLength={PROGRAMME_NAME_MAX}
              aria-invalid={current.name.trim() === '' || undefined}
              aria-describedby={current.name.trim() === '' ? 'programme-name-error' : undefined}
              onChange={(e) => draft.change((snapshot) => ({ ...snapshot, name: e.target.value }))}
              className="mt-1.5 max-w-xl text-lg font-semibold sm:text-lg"
            />
            {current.name.trim() === '' && (
              <p id="programme-name-error" className="mt-1 text-sm font-medium text-destructive">
                Give the programme a name.
              </p>
            )}
          </>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          {meta.publishedVersion === null ? (
            <Badge variant="outline">Not published yet</Badge>
          ) : (
            <Badge variant="default">Version {meta.publishedVersion} published</Badge>
          )}
          {!readOnly && <SaveState status={draft.status} />}
        </div>
      </div>
      <div className="flex flex-col items-start gap-2 lg:items-end">
        <div className="flex flex-wrap gap-2">
          <VersionsDialog
            programme={meta}
            publishingAgain={publishing.publishingAgain}
            busy={publishing.busy}
            onPublishAgain={publishing.publishAgain}
          />
          <ExportButton programmeId={meta.id} />
          {!readOnly && (
            <Button
              id={PUBLISH_BUTTON_ID}
              size="sm"
              onClick={publishing.publish}
              disabled={blocker !== null || publishing.busy}
              aria-describedby="publish-blocker"
            >
              {publishing.publishing ? (
                <Spinner className="size-4 text-current" label="Publishing" />
              ) : (
                <Upload aria-hidden />
              )}
              Publish
            </Button>
          )}
        </div>
        <PublishConfirmDialog
          pending={publishing.confirming?.pending ?? null}
          programmeName={current.name}
          cohorts={publishing.confirming?.cohorts ?? []}
          teams={publishing.confirming?.teams ?? 0}
          onConfirm={publishing.confirm}
          onCancel={publishing.cancel}
        />
        {!readOnly && (
          <p id="publish-blocker" className="text-sm text-muted-foreground" aria-live="polite">
            {blocker ?? 'Teams of the cohorts running it get the new version at once.'}
          </p>
        )}
      </div>
    </div>
  );
}
