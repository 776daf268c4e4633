import { isPlainObject, readJson, resolveStorage, type StorageLike } from '@/lib/browser-storage';
import { createStore, useStore } from '@/lib/store';

/**
 * The Workspace Code card (docs/product.md, Workspace dialog): shown under the header to the browser that
 * created a workspace, on every page of it, until someone dismisses it there. Kept per team in this
 * browser's storage, so a reload or another tab still shows it and a dismissal lasts. Whole (the code large,
 * its QR code) on the page the new workspace arrives at, brought into view there; on every later page a
 * one-line reminder that takes little room.
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

/**
 * The workspace created in this page load and the page it arrived at (its path): there, and until the page
 * changes, its card shows whole; `presented` once it has been brought into view. Not kept: a reload or
 * another tab shows the one-line reminder.
 */
type FreshCard = { teamId: string; pathname: string; presented: boolean };

const fresh = createStore<FreshCard | null>(null);

/** A workspace was just created here and arrives at `pathname`: its card shows whole there. */
export function markCodeCardFresh(teamId: string, pathname: string): void {
  fresh.set({ teamId, pathname, presented: false });
}

/** Whether a workspace created in this page load still has its card whole (the page scrolls to it, not past). */
export function codeCardFresh(): boolean {
  return fresh.get() !== null;
}

/** Brought into view once: a later render of the same page leaves the scroll and the focus alone. */
export function codeCardPresented(): void {
  fresh.set((current) => (current ? { ...current, presented: true } : current));
}

/** The page changed (or the team did): the card is the one-line reminder from now on. */
export function codeCardLeft(): void {
  fresh.set(null);
}

const NOT_FRESH = null;

/** The workspace created in this page load whose card is still whole somewhere, if any. */
export function useFreshCodeCard(): FreshCard | null {
  return useStore(fresh, () => NOT_FRESH);
}
