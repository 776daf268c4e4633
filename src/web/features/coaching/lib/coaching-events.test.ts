import { QueryClient } from '@tanstack/react-query';
import { type AdminEvent, type AdminTeamChange, AdminTeamChangeSchema } from '@shared/schemas/admin';
import type { FeedbackNote, HelpQueueItem, HelpRequest } from '@shared/schemas/coaching';
import type { TeamEvent } from '@shared/schemas/team-events';
import { describe, expect, it } from 'vitest';
import { coachingKeys, factKeys, phaseDataKeys } from '@/lib/query-keys';
import { applyCoachingEvent, readsHelpQueue } from './coaching-events.ts';

const TEAM = 'team-1';

const note = (id: string, createdAt: string, body = 'Name two real competitors'): FeedbackNote => ({
  id,
  teamId: TEAM,
  phaseNumber: 2,
  body,
  author: 'alice',
  createdAt,
  doneAt: null,
});

const request = (status: HelpRequest['status'], id = 'req-1'): HelpRequest => ({
  id,
  teamId: TEAM,
  phaseNumber: 3,
  message: 'Stuck on the matrix',
  status,
  createdAt: '2026-11-26T10:00:00.000Z',
  closedAt: status === 'open' ? null : '2026-11-26T10:05:00.000Z',
  answeredBy: status === 'answered' ? 'alice' : null,
  answer: '',
});

const queued = (id: string): HelpQueueItem => ({
  ...request('open', id),
  teamName: 'Solar Squad',
  cohortName: null,
});

function cache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const apply = (event: TeamEvent) => applyCoachingEvent(queryClient, TEAM, event);
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, apply, invalidated };
}

describe("a team's feedback, from its stream", () => {
  it('puts a new or changed note in its place, oldest first', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(coachingKeys.feedback(TEAM), [note('b', '2026-11-26T10:02:00.000Z')]);
    apply({ type: 'feedback', note: note('a', '2026-11-26T10:01:00.000Z') });
    apply({ type: 'feedback', note: { ...note('b', '2026-11-26T10:02:00.000Z'), doneAt: 'now' } });
    const notes = queryClient.getQueryData<FeedbackNote[]>(coachingKeys.feedback(TEAM));
    expect(notes?.map((n) => [n.id, n.doneAt])).toEqual([
      ['a', null],
      ['b', 'now'],
    ]);
  });

  it('takes a removed note away', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(coachingKeys.feedback(TEAM), [
      note('a', '2026-11-26T10:01:00.000Z'),
      note('b', '2026-11-26T10:02:00.000Z'),
    ]);
    apply({ type: 'feedback-removed', id: 'a', phaseNumber: 2 });
    expect(queryClient.getQueryData<FeedbackNote[]>(coachingKeys.feedback(TEAM))?.map((n) => n.id)).toEqual([
      'b',
    ]);
  });

  it('starts no list of its own: a page that never read the notes has none after an event', () => {
    const { queryClient, apply } = cache();
    apply({ type: 'feedback', note: note('a', '2026-11-26T10:01:00.000Z') });
    expect(queryClient.getQueryData(coachingKeys.feedback(TEAM))).toBeUndefined();
  });
});

describe("a team's request for help, from its stream", () => {
  it('becomes the request as it stands, and leaves the open list once answered or withdrawn', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(coachingKeys.queue(), [queued('req-1'), queued('req-2')]);
    apply({ type: 'help', request: request('open') });
    expect(queryClient.getQueryData(coachingKeys.help(TEAM))).toEqual(request('open'));
    // Still open: the list keeps it (the dashboard's own event reads the list for a new one).
    expect(queryClient.getQueryData<HelpQueueItem[]>(coachingKeys.queue())).toHaveLength(2);

    apply({ type: 'help', request: request('answered') });
    expect(queryClient.getQueryData<HelpRequest>(coachingKeys.help(TEAM))?.status).toBe('answered');
    expect(queryClient.getQueryData<HelpQueueItem[]>(coachingKeys.queue())?.map((r) => r.id)).toEqual([
      'req-2',
    ]);
    apply({ type: 'help', request: request('withdrawn', 'req-2') });
    expect(queryClient.getQueryData<HelpQueueItem[]>(coachingKeys.queue())).toEqual([]);
  });
});

describe('on (re)connection', () => {
  it("reads the team's notes and request again, and nothing of another team", () => {
    const { queryClient, apply, invalidated } = cache();
    queryClient.setQueryData(coachingKeys.feedback(TEAM), []);
    queryClient.setQueryData(coachingKeys.help(TEAM), null);
    queryClient.setQueryData(coachingKeys.feedback('team-2'), []);
    apply({ type: 'versions', versions: {} });
    expect(invalidated(coachingKeys.feedback(TEAM))).toBe(true);
    expect(invalidated(coachingKeys.help(TEAM))).toBe(true);
    expect(invalidated(coachingKeys.feedback('team-2'))).toBe(false);
  });
});

describe("the team's other events", () => {
  it("are the phase feature's: answers, facts and open pages change nothing here", () => {
    const { queryClient, apply, invalidated } = cache();
    queryClient.setQueryData(coachingKeys.feedback(TEAM), [note('a', '2026-11-26T10:01:00.000Z')]);
    queryClient.setQueryData(coachingKeys.help(TEAM), request('open'));
    queryClient.setQueryData(phaseDataKeys.list(TEAM), []);
    queryClient.setQueryData(factKeys.team(TEAM), { facts: [] });
    const before = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    );
    apply({
      type: 'answers',
      teamId: TEAM,
      phaseNumber: 1,
      version: 1,
      changed: ['x'],
      values: { x: 'y' },
      clientId: 'other',
      updatedAt: '2026-11-26T10:00:00.000Z',
    });
    apply({ type: 'facts', clientId: 'other', facts: [] });
    apply({ type: 'presence', devices: [] });
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).toBe(before);
    for (const key of [coachingKeys.feedback(TEAM), coachingKeys.help(TEAM), phaseDataKeys.list(TEAM)]) {
      expect(invalidated(key)).toBe(false);
    }
  });
});

describe("the instructors' list of open requests", () => {
  const team = (reason: AdminTeamChange): AdminEvent => ({ type: 'team', teamId: TEAM, reason });

  it('is read again for a request asked, answered or withdrawn, a (re)connection, a team deleted or moved', () => {
    expect(readsHelpQueue({ type: 'help', teamId: TEAM, requestId: 'req-1' })).toBe(true);
    expect(readsHelpQueue({ type: 'catch-up' })).toBe(true);
    expect(readsHelpQueue(team('deleted'))).toBe(true);
    expect(readsHelpQueue(team('cohort'))).toBe(true);
  });

  it("is not read for a team's changes no request shows", () => {
    const unshown = AdminTeamChangeSchema.options.filter((r) => r !== 'deleted' && r !== 'cohort');
    expect(unshown).toEqual(['created', 'saved', 'website', 'voted', 'avatar', 'code', 'page']);
    for (const reason of unshown) expect(readsHelpQueue(team(reason)), reason).toBe(false);
  });
});
