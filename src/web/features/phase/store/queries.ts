import { queryOptions } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import { loadAllLocalPhaseData } from '@/lib/practice-storage';
import { factKeys, phaseDataKeys } from '@/lib/query-keys';
import { phaseDataListQueryOptions } from '../api/phase-data';
import { teamFactsQueryOptions } from '../api/team-facts';
import type { AnswerStore, SavedActivity } from './answer-store';

/** What reading an answer store takes: where it is, and its two queries. The header reads only this. */
export type AnswerQueries = Pick<AnswerStore, 'kind' | 'key' | 'activities' | 'facts'>;

/**
 * Where a page's answers live: the workspace's team on the server, or this browser in practice mode. The
 * page's mode (`useWorkspace().mode`, docs/decisions/031-practice-mode-and-feature-boundaries.md) is one;
 * a team's work names its team.
 */
export type AnswerPlace = { kind: 'workspace'; team: { id: string } } | { kind: 'practice' };

/**
 * THE choice of where answers live (docs/decisions/024-one-answer-store.md), from the page's mode. Made
 * here alone; `answerStoreFor` (store/index.ts) adds each kind's saves to what this answers.
 */
export function answerQueriesFor(place: AnswerPlace): AnswerQueries {
  return place.kind === 'workspace' ? workspaceQueries(place.team.id) : practiceQueries;
}

function workspaceQueries(teamId: string): AnswerQueries {
  return {
    kind: 'workspace',
    key: `team:${teamId}`,
    // The API's records are saved activities with more to them (their team, their time).
    activities: phaseDataListQueryOptions(teamId) as unknown as AnswerStore['activities'],
    facts: teamFactsQueryOptions(teamId) as unknown as AnswerStore['facts'],
  };
}

/** Practice mode's saved activities, as this browser holds them. */
export function readPracticeActivities(): SavedActivity[] {
  return Object.entries(loadAllLocalPhaseData()).map(([phase, data]) => ({
    phaseNumber: Number(phase),
    data,
  }));
}

async function practiceFacts(): Promise<FactsResponse> {
  // The facts' definitions come with their storage: not on the first route.
  const { loadLocalFacts } = await import('@/lib/local-facts-storage');
  return { facts: Object.entries(loadLocalFacts()).map(([id, fact]) => ({ id, ...fact })) };
}

const practiceQueries: AnswerQueries = {
  kind: 'practice',
  key: 'practice',
  activities: queryOptions({
    queryKey: phaseDataKeys.practice() as readonly unknown[],
    queryFn: async () => readPracticeActivities(),
    staleTime: Number.POSITIVE_INFINITY,
  }),
  facts: queryOptions({
    queryKey: factKeys.local() as readonly unknown[],
    queryFn: practiceFacts,
    staleTime: Number.POSITIVE_INFINITY,
  }),
};
