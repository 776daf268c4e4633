import { useQueryClient } from '@tanstack/react-query';
import type { ProgrammeDetail } from '@shared/schemas/programmes';
import * as React from 'react';
import { programmeKeys } from '@/lib/query-keys';
import { saveDraft } from '../api/programmes';
import {
  clearLocalCopy,
  keepMine,
  loadTheirs,
  readLocalCopy,
  resume,
  sameSnapshot,
  saveConflicted,
  saveFailed,
  saveStarted,
  saveSucceeded,
  shouldSave,
  type Snapshot,
  snapshotOf,
  type SyncState,
  syncStatus,
  writeLocalCopy,
} from '../lib/draft-sync';

/** A pause in the typing, then the draft is saved; after a failed save, a longer wait before trying again. */
const SAVE_DELAY_MS = 800;
const RETRY_DELAY_MS = 5_000;

/**
 * The draft being edited, autosaved (lib/draft-sync.ts says how): `current` is what the editor shows,
 * `edit` changes it. The standard programme is read-only: nothing is saved or kept.
 */
export function useDraftSync(detail: ProgrammeDetail) {
  const programmeId = detail.id;
  const readOnly = detail.standard;
  const queryClient = useQueryClient();
  const [start] = React.useState(() => resume(detail, readOnly ? null : readLocalCopy(programmeId)));
  const [current, setCurrent] = React.useState<Snapshot>(start.current);
  const [sync, setSync] = React.useState<SyncState>(start.sync);
  const syncRef = React.useRef(sync);
  syncRef.current = sync;

  // Until the server has an edit, this browser keeps it (a reload, a closed laptop, a server restarting).
  React.useEffect(() => {
    if (readOnly) return;
    if (sameSnapshot(current, sync.saved) && !sync.conflict) clearLocalCopy(programmeId);
    else writeLocalCopy(programmeId, { ...current, baseRevision: sync.revision });
  }, [programmeId, readOnly, current, sync.saved, sync.revision, sync.conflict]);

  const save = React.useCallback(
    async (sent: Snapshot) => {
      setSync((state) => saveStarted(state, sent));
      try {
        const result = await saveDraft(programmeId, {
          revision: syncRef.current.revision,
          // A blank name is not saved (the field says so); the draft still is.
          name: sent.name.trim() || undefined,
          draft: sent.draft,
        });
        if (result.kind === 'saved') {
          setSync((state) => saveSucceeded(state, sent, result.revision));
          void queryClient.invalidateQueries({ queryKey: programmeKeys.list() });
        } else {
          setSync((state) => saveConflicted(state, { message: result.message, theirs: result.current }));
        }
      } catch {
        setSync(saveFailed);
      }
    },
    [programmeId, queryClient],
  );

  React.useEffect(() => {
    if (readOnly || !shouldSave(sync, current)) return;
    const timer = setTimeout(() => void save(current), sync.failed ? RETRY_DELAY_MS : SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [readOnly, sync, current, save]);

  return {
    current,
    sync,
    status: syncStatus(sync, current),
    edit: (change: (snapshot: Snapshot) => Snapshot) => {
      if (!readOnly) setCurrent(change);
    },
    /** "Keep mine": saved over theirs, from their revision. */
    keepMine: () => setSync(keepMine),
    /** "Load theirs": the editor shows their draft; mine is dropped. */
    loadTheirs: () => {
      const theirs = syncRef.current.conflict?.theirs;
      if (!theirs) return;
      setCurrent(snapshotOf(theirs));
      setSync(loadTheirs);
    },
    /** A save or publish answered 409 with the current draft: the same choice as an autosave's conflict. */
    conflicted: (message: string, theirs: ProgrammeDetail) =>
      setSync((state) => saveConflicted(state, { message, theirs })),
  };
}

export type DraftSync = ReturnType<typeof useDraftSync>;
