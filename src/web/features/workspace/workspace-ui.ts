import { createStore, useStore } from '@/lib/store';

/**
 * What no server knows: whether the workspace dialog is open (and where choosing a workspace leads), and
 * how the visitor answered it without opening a workspace. A small store (lib/store.ts); the workspace
 * itself is the team session query, and what the page is in, workspace or practice mode, is decided from
 * both by `workspaceModeOf` (lib/workspace-mode.ts).
 */

/** Where choosing a workspace leads: an activity, the landing page, or this very page (a join link). */
type Destination = 'phase' | 'landing' | 'here';

export type WorkspaceDialogState = { open: boolean; destination: Destination; phase?: number };

/**
 * The dialog answered without a workspace: "Try without saving" (`tried`, remembered for the tab so a
 * reload does not ask again), or closed (`closed`, for this page load). Null: not answered so.
 */
export type PracticeChoice = 'tried' | 'closed' | null;

type WorkspaceUiState = { dialog: WorkspaceDialogState; practiceChoice: PracticeChoice };

/** The memory of "Try without saving" for the tab (docs/product.md, What the browser keeps). */
export const TRIED_KEY = 'practice_mode';

function readTried(): boolean {
  try {
    return sessionStorage.getItem(TRIED_KEY) === '1';
  } catch {
    return false;
  }
}

const closed: WorkspaceDialogState = { open: false, destination: 'phase' };
/**
 * What a page rendered ahead of time starts from. A first visit, the one kind that is hydrated, starts
 * from this very object: a snapshot that differs from the server's after hydration, even if only by
 * identity, makes React render every reader again at once, blocking the page.
 */
const initialState: WorkspaceUiState = { dialog: closed, practiceChoice: null };
/** The store; outside this file, only the dialog's answers (components/workspace-dialog.tsx) write it. */
export const workspaceUi = createStore<WorkspaceUiState>(
  readTried() ? { dialog: closed, practiceChoice: 'tried' } : initialState,
);

const update = (next: Partial<WorkspaceUiState>) => workspaceUi.set((state) => ({ ...state, ...next }));

export function useWorkspaceUi(): WorkspaceUiState {
  return useStore(workspaceUi, () => initialState);
}

/** The visitor chose "Try without saving" in this tab: its pages do not ask for a workspace again. */
export function practiceWasChosen(): boolean {
  return workspaceUi.get().practiceChoice === 'tried';
}

export function openWorkspaceDialog(options?: { destination?: Destination; phase?: number }) {
  update({ dialog: { open: true, destination: options?.destination ?? 'phase', phase: options?.phase } });
}

/** A workspace opened, or the visitor logged out: the next page without a workspace asks again. */
export function forgetPracticeChoice() {
  try {
    sessionStorage.removeItem(TRIED_KEY);
  } catch {
    // Storage unavailable: there is nothing to forget.
  }
  if (workspaceUi.get().practiceChoice !== null) update({ practiceChoice: null });
}
