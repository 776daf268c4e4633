import type { Edit, Snapshot } from './draft-sync';

/** The draft on screen and its edit number (0 as opened, one more for each change). */
export type DraftView = { readonly current: Snapshot; readonly edit: Edit };

/**
 * The draft being edited, outside React's state so each part reads only its own piece of it: the editor's
 * controls follow their own value (`useSyncExternalStore` on `read`), and a keystroke renders again only what
 * it changed. `read` answers the same object until the next change.
 */
export type DraftStore = {
  read(): DraftView;
  subscribe(listener: () => void): () => void;
  /** The next draft, made from the current one: its edit number, one more than the last. */
  change(next: (current: Snapshot) => Snapshot): Edit;
};

export function createDraftStore(initial: Snapshot): DraftStore {
  let view: DraftView = { current: initial, edit: 0 };
  const listeners = new Set<() => void>();
  return {
    read: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change(next) {
      view = { current: next(view.current), edit: view.edit + 1 };
      for (const listener of listeners) listener();
      return view.edit;
    },
  };
}
