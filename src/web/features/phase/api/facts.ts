import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Fact, FactsResponse } from '@shared/schemas/facts';
import { api } from '@/lib/api-client';
import { loadLocalFacts, saveLocalFacts } from '@/lib/local-facts-storage';
import { factKeys } from '@/lib/query-keys';
import { teamFactsQueryOptions } from './team-facts';

/**
 * The team's shared facts (`GET /api/teams/{teamId}/facts`), or practice mode's kept in this browser: the
 * same shape either way, `{ facts }`. The team's cache entry is what the workspace's live events update.
 */
export function factsQueryOptions(teamId: string | undefined) {
  if (!teamId) {
    return queryOptions({
      queryKey: factKeys.local() as readonly string[],
      queryFn: async (): Promise<FactsResponse> => ({ facts: localFacts() }),
      staleTime: Number.POSITIVE_INFINITY,
    });
  }
  return teamFactsQueryOptions(teamId);
}

function localFacts(): Fact[] {
  return Object.entries(loadLocalFacts()).map(([id, fact]) => ({ id, ...fact }));
}

/** The facts as values by id. */
export function factValues(response: FactsResponse | undefined): Record<string, string> {
  return Object.fromEntries((response?.facts ?? []).map((fact) => [fact.id, fact.value]));
}

/** Writes the named facts (the team's, or practice mode's), answering every fact now held. */
export async function saveFacts(
  teamId: string | undefined,
  values: Record<string, string>,
  givenIn: number,
  options: { keepalive?: boolean; clientId?: string } = {},
): Promise<FactsResponse> {
  if (!teamId) {
    if (!saveLocalFacts(values, givenIn)) throw new Error('Browser storage is unavailable');
    return { facts: localFacts() };
  }
  return api<FactsResponse>(`/api/teams/${teamId}/facts`, {
    method: 'POST',
    body: { values, givenIn, ...(options.clientId ? { clientId: options.clientId } : {}) },
    keepalive: options.keepalive,
  });
}

/** Lays `values` over the cached facts (new ones given in `givenIn`), keeping the cache's shape. */
export function mergeFactsIntoCache(
  queryClient: QueryClient,
  teamId: string | undefined,
  values: Record<string, string>,
  givenIn: number,
) {
  const now = new Date().toISOString();
  queryClient.setQueryData<FactsResponse>(factsQueryOptions(teamId).queryKey, (current) => {
    const facts = new Map((current?.facts ?? []).map((fact) => [fact.id, fact]));
    for (const [id, value] of Object.entries(values)) {
      facts.set(id, { id, value, givenIn: facts.get(id)?.givenIn ?? givenIn, updatedAt: now });
    }
    return { facts: [...facts.values()].sort((a, b) => a.id.localeCompare(b.id)) };
  });
}
