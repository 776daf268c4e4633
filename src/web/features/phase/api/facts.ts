import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';

/** The facts as values by id. */
export function factValues(response: FactsResponse | undefined): Record<string, string> {
  return Object.fromEntries((response?.facts ?? []).map((fact) => [fact.id, fact.value]));
}

/** Lays `values` over the cached facts at `queryKey` (new ones given in `givenIn`), keeping the cache's shape. */
export function mergeFactsIntoCache(
  queryClient: QueryClient,
  queryKey: QueryKey,
  values: Record<string, string>,
  givenIn: number,
) {
  const now = new Date().toISOString();
  queryClient.setQueryData<FactsResponse>(queryKey, (current) => {
    const facts = new Map((current?.facts ?? []).map((fact) => [fact.id, fact]));
    for (const [id, value] of Object.entries(values)) {
      facts.set(id, { id, value, givenIn: facts.get(id)?.givenIn ?? givenIn, updatedAt: now });
    }
    return { facts: [...facts.values()].sort((a, b) => a.id.localeCompare(b.id)) };
  });
}
