import type { PracticeChoice } from '../workspace-ui';
import type { WorkspaceTeam } from './resolve-workspace';

/**
 * What the page is in (docs/decisions/031-practice-mode-and-feature-boundaries.md), the one answer to
 * "workspace or practice?" that everything reads: where answers are stored, what the page says about
 * saving, the header's list, "Ask for help", the team report, the team stream.
 *
 * - `workspace`: a workspace is open on this page; answers are saved to it on the server.
 * - `practice`: no workspace is open on this page; answers stay in this browser. `chosen` when the visitor
 *   answered the workspace dialog so ("Try without saving", or closing it); `ask` when nobody has yet and
 *   none can still come (the session has answered): an activity page then asks, once.
 */
export type WorkspaceMode =
  | { kind: 'workspace'; team: WorkspaceTeam }
  | { kind: 'practice'; chosen: boolean; ask: boolean };

/**
 * From the open workspace (`team`, resolve-workspace.ts), whether that answer is final (`settled`), and how
 * the visitor answered the workspace dialog without one (workspace-ui.ts).
 */
export function workspaceModeOf(
  team: WorkspaceTeam | null,
  settled: boolean,
  practiceChoice: PracticeChoice,
): WorkspaceMode {
  if (team) return { kind: 'workspace', team };
  return { kind: 'practice', chosen: !!practiceChoice, ask: settled && !practiceChoice };
}
