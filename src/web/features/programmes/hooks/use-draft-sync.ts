import { useQueryClient } from '@tanstack/react-query';
import type { ProgrammeDetail } from '@shared/schemas/programmes';
import * as React from 'react';
import { programmeKeys } from '@/lib/query-keys';
import { saveDraft } from '../api/save-draft';
import { createDraftStore } from '../lib/draft-store';
import {
  clearLocalCopy,
  type Edit,
  keepMine,
  type LocalCopy,
  needsLocalCopy,
  readLocalCopy,
  resume,
  saveConflicted,
  saveFailed,
  saveStarted,
  saveSucceeded,
  shouldSave,
  type Snapshot,
  snapshotOf,
  type SyncState,
  syncStatus,
  theirsLoaded,
  writeLocalCopy,
} from '../lib/draft-sync';

/** A pause in the typing, then the draft is saved; after a failed save, a longer wait before trying again. */
const SAVE_DELAY_MS = 800;
const RETRY_DELAY_MS = 5_000;
/**
 * A pause in the typing, then the local copy is written (the whole draft, about 215 KB, so not on every
 * keystroke); it is written at once when the page is hidden or left, and when the editor closes.
 */
const LOCAL_COPY_DELAY_MS = 1_000;

/**
 * The draft being edited, autosaved (lib/draft-sync.ts says how): `current` is what the editor shows and
 * `edit` its number, `store` lets a part follow only its own piece, `change` changes it. The standard
 * programme is read-only: nothing is saved or kept.
 */
export function useDraftSync(detail: ProgrammeDetail) {
  const programmeId = detail.id;
  const readOnly = detail.standard;
  const queryClient = useQueryClient();
  const [start] = React.useState(() => resume(detail, readOnly ? null : readLocalCopy(programmeId)));
  const [store] = React.useState(() => createDraftStore(start.current));
  const { current, edit } = React.useSyncExternalStore(store.subscribe, store.read);
  const [sync, setSync] = React.useState<SyncState>(start.sync);
  const syncRef = React.useRef(sync);
  syncRef.current = sync;

  const keep = !readOnly && needsLocalCopy(sync, edit);
  const copy = React.useMemo(
    () => (keep ? { ...current, baseRevision: sync.revision } : readOnly ? null : ('clear' as const)),
    [keep, readOnly, current, sync.revision],
  );
  useLocalCopy(programmeId, copy);

  const save = React.useCallback(
    async (sent: Edit, snapshot: Snapshot) => {
      setSync((state) => saveStarted(state, sent));
      try {
        const result = await saveDraft(programmeId, {
          revision: syncRef.current.revision,
          // A blank name is not saved (the field says so); the draft still is.
          name: snapshot.name.trim() || undefined,
          draft: snapshot.draft,
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
    if (readOnly || !shouldSave(sync, edit)) return;
    const timer = setTimeout(() => void save(edit, current), sync.failed ? RETRY_DELAY_MS : SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [readOnly, sync, edit, current, save]);

  const change = React.useCallback(
    (next: (snapshot: Snapshot) => Snapshot) => {
      if (!readOnly) store.change(next);
    },
    [readOnly, store],
  );
  /** "Keep mine": saved over theirs, from their revision. */
  const keepMyDraft = React.useCallback(() => setSync(keepMine), []);
  /** "Load theirs": the editor shows their draft; mine is dropped. */
  const loadTheirs = React.useCallback(() => {
    const theirs = syncRef.current.conflict?.theirs;
    if (!theirs) return;
    const shown = store.change(() => snapshotOf(theirs));
    setSync((state) => theirsLoaded(state, shown));
  }, [store]);
  /** A save or publish answered 409 with the current draft: the same choice as an autosave's conflict. */
  const conflicted = React.useCallback(
    (message: string, theirs: ProgrammeDetail) =>
      setSync((state) => saveConflicted(state, { message, theirs })),
    [],
  );

  return {
    current,
    edit,
    store,
    sync,
    status: syncStatus(sync, edit),
    change,
    keepMine: keepMyDraft,
    loadTheirs,
    conflicted,
  };
}

export type DraftSync = ReturnType<typeof useDraftSync>;

/**
 * Keeps `copy` in this browser until the server has it (`'clear'`: it has; null: nothing to keep, read-only).
 * Written after a pause in the typing, and at once when the page is hidden (a closed laptop, another app), left
 * (pagehide: a reload, a closed tab) or the editor closes, so no edit is lost between two writes.
 */
function useLocalCopy(programmeId: string, copy: LocalCopy | 'clear' | null) {
  const pending = React.useRef<LocalCopy | null>(null);
  const flush = React.useCallback(() => {
    const waiting = pending.current;
    pending.current = null;
    if (waiting) writeLocalCopy(programmeId, waiting);
  }, [programmeId]);

  React.useEffect(() => {
    if (copy === null) return;
    if (copy === 'clear') {
      pending.current = null;
      clearLocalCopy(programmeId);
      return;
    }
    pending.current = copy;
    const timer = setTimeout(flush, LOCAL_COPY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [programmeId, copy, flush]);

  React.useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [flush]);
}
