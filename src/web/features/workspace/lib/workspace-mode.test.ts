import { describe, expect, it } from 'vitest';
import type { PracticeChoice } from '../workspace-ui.ts';
import type { WorkspaceTeam } from './resolve-workspace.ts';
import { workspaceModeOf } from './workspace-mode.ts';

const team: WorkspaceTeam = { id: 'team-1', code: 'K7Q2', name: 'Solar Squad', avatarIcon: null };
const CHOICES: PracticeChoice[] = [null, 'tried', 'closed'];

describe('workspace or practice mode', () => {
  it('is the workspace whenever one is open, whatever the dialog was answered before', () => {
    for (const settled of [true, false]) {
      for (const choice of CHOICES) {
        expect(workspaceModeOf(team, settled, choice)).toEqual({ kind: 'workspace', team });
      }
    }
  });

  it('is practice mode whenever no workspace is open: answers then stay in this browser', () => {
    for (const settled of [true, false]) {
      for (const choice of CHOICES) expect(workspaceModeOf(null, settled, choice).kind).toBe('practice');
    }
  });

  it('is practice mode for a visitor who closed the dialog without choosing, as for "Try without saving"', () => {
    expect(workspaceModeOf(null, true, 'closed')).toEqual({ kind: 'practice', chosen: true, ask: false });
    expect(workspaceModeOf(null, true, 'tried')).toEqual({ kind: 'practice', chosen: true, ask: false });
  });

  it('asks for a workspace only once the session has answered and nobody has chosen', () => {
    expect(workspaceModeOf(null, true, null)).toEqual({ kind: 'practice', chosen: false, ask: true });
    // The session (or a code's look-up) has not answered: a workspace may still come, so nothing asks yet.
    expect(workspaceModeOf(null, false, null)).toEqual({ kind: 'practice', chosen: false, ask: false });
    expect(workspaceModeOf(null, false, 'tried')).toEqual({ kind: 'practice', chosen: true, ask: false });
  });
});
