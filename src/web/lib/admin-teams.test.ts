import { describe, expect, it } from 'vitest';
import { type AdminTeamRow, readAdminTeams } from './admin-teams';

const row = (extra: Partial<AdminTeamRow> = {}): AdminTeamRow => ({
  id: 't1',
  code: 'AB12',
  name: 'Team',
  avatarIcon: null,
  currentPhase: 1,
  cohortTag: null,
  accessToken: 'token',
  submittedWebsiteUrl: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
  phasesWithData: [],
  activitiesDone: [],
  progress: 0,
  cohortName: null,
  ...extra,
});

describe('the admin team list', () => {
  it('reads a row from a server before programmes as a team of the standard', () => {
    expect(readAdminTeams([row()])[0]!.programme).toEqual({
      programmeId: 'standard',
      version: 1,
      switchedOff: [],
    });
  });

  it('keeps the programme a server sends', () => {
    const programme = { programmeId: '5b0e6c52-6f5f-4a43-a5a0-4c3c9b0c8a11', version: 3, switchedOff: [7] };
    expect(readAdminTeams([row({ programme })])[0]!.programme).toEqual(programme);
  });
});
