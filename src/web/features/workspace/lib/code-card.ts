import { isPlainObject, readJson, resolveStorage, type StorageLike } from '@/lib/browser-storage';
import { createStore, useStore } from '@/lib/store';

/**
 * The Workspace Code card (docs/product.md, Workspace dialog): shown under the header to the browser that
 * created a workspace, on every page of it, until someone dismisses it there. Kept per team in this
 * browser's storage, so a reload or another tab still shows it and a dismissal lasts.
 */
export const CODE_CARD_KEY = 'workspace_code_card';

export type CodeCardState = 'show' | 'dismissed';
type CodeCards = Readonly<Record<string, CodeCardState>>;

function read(storage: StorageLike | null): CodeCards {
  if (!storage) return {};
  try {
    const saved = readJson(storage, CODE_CARD_KEY);
    if (!isPlainObject(saved)) return {};
    return Object.fromEntries(
      Object.entries(saved).filter(
        (entry): entry is [string, CodeCardState] => entry[1] === 'show' || entry[1] === 'dismissed',
      ),
    );
  } catch {
    return {};
  }
}

let cards: ReturnType<typeof createStore<CodeCards>> | undefined;

function codeCards() {
  if (!cards) {
    const store = createStore<CodeCards>(read(resolveStorage(undefined)));
    cards = store;
    if (typeof window !== 'undefined') {
      // Another tab created a workspace or dismissed its card.
      window.addEventListener('storage', (event) => {
        if (event.key === CODE_CARD_KEY || event.key === null) store.set(read(resolveStorage(undefined)));
      });
    }
  }
  return cards;
}

function write(teamId: string, state: CodeCardState, storage?: StorageLike | null): void {
  const store = codeCards();
  const next = { ...store.get(), [teamId]: state };
  store.set(next);
  const target = resolveStorage(storage);
  try {
    target?.setItem(CODE_CARD_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the card then lasts for this page only.
  }
}

/** A workspace was just created here: its card shows until dismissed. */
export function showCodeCard(teamId: string, storage?: StorageLike | null): void {
  write(teamId, 'show', storage);
}

export function dismissCodeCard(teamId: string, storage?: StorageLike | null): void {
  write(teamId, 'dismissed', storage);
}

const NONE: CodeCards = {};

/** Whether the team's card shows here; a pre-rendered page (no team yet) shows none. */
export function useCodeCardShown(teamId: string | undefined): boolean {
  const all = useStore(codeCards(), () => NONE);
  return teamId !== undefined && all[teamId] === 'show';
}
