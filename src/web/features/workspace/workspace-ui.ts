import { createStore, useStore } from '@/lib/store';

/**
 * What no server knows: whether the workspace dialog is open (and where choosing a workspace leads), and
 * whether this tab is in practice mode. A small store (lib/store.ts); the workspace itself
 * is the team session query (`use-workspace.ts`).
 */

export type WorkspaceDialogState = { open: boolean; destination: 'phase' | 'landing'; phase?: number };
type WorkspaceUiState = { dialog: WorkspaceDialogState; practice: boolean };

const PRACTICE_KEY = 'practice_mode';

/** Practice mode lasts for the tab (sessionStorage), so a reload does not ask again. */
export function readPractice(): boolean {
  try {
    return sessionStorage.getItem(PRACTICE_KEY) === '1';
  } catch {
    return false;
  }
}

function writePractice(on: boolean) {
  try {
    if (on) sessionStorage.setItem(PRACTICE_KEY, '1');
    else sessionStorage.removeItem(PRACTICE_KEY);
  } catch {
    // Storage unavailable: practice mode then lasts for this page only.
  }
}

const closed: WorkspaceDialogState = { open: false, destination: 'phase' };
/**
 * What a page rendered ahead of time starts from. A first visit, the one kind that is hydrated, starts
 * from this very object: a snapshot that differs from the server's after hydration, even if only by
 * identity, makes React render every reader again at once, blocking the page.
 */
const initialState: WorkspaceUiState = { dialog: closed, practice: false };
const ui = createStore<WorkspaceUiState>(readPractice() ? { dialog: closed, practice: true } : initialState);

const update = (next: Partial<WorkspaceUiState>) => ui.set((state) => ({ ...state, ...next }));

export function useWorkspaceUi(): WorkspaceUiState {
  return useStore(ui, () => initialState);
}

export function openWorkspaceDialog(options?: { destination?: 'phase' | 'landing'; phase?: number }) {
  update({ dialog: { open: true, destination: options?.destination ?? 'phase', phase: options?.phase } });
}

export function closeWorkspaceDialog() {
  const { dialog } = ui.get();
  if (dialog.open) update({ dialog: { ...dialog, open: false } });
}

export function setPractice(on: boolean) {
  writePractice(on);
  if (ui.get().practice !== on) update({ practice: on });
}
