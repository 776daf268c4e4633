import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Conflict } from '../lib/draft-sync';

/**
 * Another save came first (a second tab, another instructor): nothing is saved until the instructor chooses
 * whose draft to keep. Closing the dialog without choosing is not offered: the edits would sit unsaved.
 */
export function ConflictDialog({
  conflict,
  onLoadTheirs,
  onKeepMine,
}: {
  conflict: Conflict | null;
  onLoadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const theirs = conflict?.theirs;
  const when = theirs
    ? new Date(theirs.draftUpdatedAt).toLocaleString(undefined, { timeStyle: 'short', dateStyle: 'medium' })
    : '';
  return (
    <Dialog open={conflict !== null}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>This programme was changed elsewhere</DialogTitle>
          <DialogDescription>
            {conflict?.message}{' '}
            {theirs &&
              `The saved draft is from ${theirs.draftUpdatedBy ?? 'another instructor'}, ${when}. Your edits here are not saved yet.`}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          Load theirs to continue from their draft (your edits here are dropped), or keep yours to save your
          draft over theirs.
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onLoadTheirs}>
            Load theirs
          </Button>
          <Button onClick={onKeepMine}>Keep mine</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
