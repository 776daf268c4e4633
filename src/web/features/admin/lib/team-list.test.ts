import type { AdminCohort } from '@shared/schemas/cohort';
import { STANDARD_TEAM_PROGRAMME } from '@shared/schemas/programmes';
import type { AdminTeam } from '@shared/schemas/team';
import { describe, expect, it } from 'vitest';
import {
  ALL_COHORTS,
  cohortFilterOptions,
  filterTeams,
  NO_COHORT,
  needsSubmission,
  sortTeams,
} from './team-list';

const team = (name: string, extra: Partial<AdminTeam> = {}): AdminTeam => ({
  id: name,
  code: name.slice(0, 4).toUpperCase(),
  name,
  avatarIcon: null,
  currentPhase: 1,
  cohortTag: null,
  cohortName: null,
  accessToken: 't',
  submittedWebsiteUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  openPhases: [],
  phasesWithData: [],
  activitiesDone: [],
  progress: 0,
  programme: STANDARD_TEAM_PROGRAMME,
  ...extra,
});
const cohort = (tag: string, extra: Partial<AdminCohort> = {}): AdminCohort => ({
  tag,
  name: `Cohort ${tag}`,
  description: '',
  competitionEnabled: false,
  votingOpen: false,
  resultsVisible: false,
  archived: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  revealedAt: null,
  revealStep: 0,
  revealHeld: false,
  joiningOpen: true,
  joinCode: 'ACDEFGHJKMNP',
  pace: { message: null, phase: null, endsAt: null },
  clock: '2026-11-01T00:00:00.000Z',
  teamCount: 0,
  submittedCount: 0,
  ballotCount: 0,
  notVoted: [],
  missingWebsite: [],
  ...extra,
});

describe('the participants list', () => {
  const teams = [
    team('beta', { progress: 0.5, updatedAt: '2026-11-03T00:00:00.000Z', cohortTag: 'a' }),
    team('Alpha', { progress: 0.5, updatedAt: '2026-11-02T00:00:00.000Z' }),
    team('gamma', { progress: 1, code: 'ZZ99', cohortTag: 'old', cohortName: 'Old Cohort' }),
  ];

  it('sorts progress as the rows show it: activities done first, then the figure, then the name', () => {
    const rows = [
      team('Figure ahead', { currentPhase: 6, progress: 5 / 8, activitiesDone: [] }),
      team('Done one', { currentPhase: 1, progress: 0, activitiesDone: [1] }),
      team('Done one, further', { currentPhase: 3, progress: 2 / 8, activitiesDone: [2] }),
    ];
    expect(sortTeams(rows, 'progress').map((t) => t.name)).toEqual([
      'Done one, further',
      'Done one',
      'Figure ahead',
    ]);
  });

  it('sorts by name, by progress (then name) and by last activity', () => {
    expect(sortTeams(teams, 'name').map((t) => t.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sortTeams(teams, 'progress').map((t) => t.name)).toEqual(['gamma', 'Alpha', 'beta']);
    expect(sortTeams(teams, 'activity').map((t) => t.name)).toEqual(['beta', 'Alpha', 'gamma']);
  });

  it('reads numbers in names as numbers, case aside', () => {
    const numbered = ['Team 10', 'team 2', 'Team 1'].map((name) => team(name));
    expect(sortTeams(numbered, 'name').map((t) => t.name)).toEqual(['Team 1', 'team 2', 'Team 10']);
    expect(
      cohortFilterOptions([cohort('b', { name: 'Group 10' }), cohort('a', { name: 'Group 9' })], []),
    ).toEqual([
      ['a', 'Group 9'],
      ['b', 'Group 10'],
    ]);
  });

  it('filters by name or code and by cohort', () => {
    expect(filterTeams(teams, ' ALP ', ALL_COHORTS).map((t) => t.name)).toEqual(['Alpha']);
    expect(filterTeams(teams, 'zz9', ALL_COHORTS).map((t) => t.name)).toEqual(['gamma']);
    expect(filterTeams(teams, '', NO_COHORT).map((t) => t.name)).toEqual(['Alpha']);
    expect(filterTeams(teams, '', 'a').map((t) => t.name)).toEqual(['beta']);
  });

  it('offers every active cohort and the archived ones teams are in, by name', () => {
    expect(cohortFilterOptions([cohort('a')], teams)).toEqual([
      ['a', 'Cohort a'],
      ['old', 'Old Cohort'],
    ]);
  });

  it('flags a team without a website while its cohort votes', () => {
    const voting = new Map([['a', cohort('a', { competitionEnabled: true, votingOpen: true })]]);
    expect(needsSubmission(teams[0]!, voting)).toBe(true);
    expect(needsSubmission({ ...teams[0]!, submittedWebsiteUrl: 'https://x.example' }, voting)).toBe(false);
    expect(needsSubmission(teams[0]!, new Map([['a', cohort('a', { competitionEnabled: true })]]))).toBe(
      false,
    );
  });
});
