import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';

/** The facts as values by id. */
export function factValues(response: FactsResponse | undefined): Record<string, string> {
  return Object.fromEntries((response?.facts ?? []).map((fact) => [fact.id, fact.value]));
}

/** The time of a fact typed here and never stored: older than any stored copy. */
const NEVER_STORED = new Date(0).toISOString();

/**
 * Lays `values` typed here over the cached facts at `queryKey` (new ones given in `givenIn`), keeping the
 * cache's shape. Each keeps the time of the copy it lays over: the store's times order the copies (a
 * teammate's save heard later is newer, this page's own save's answer is newer), and a time of this
 * browser's clock would compete with them.
 */
export function mergeFactsIntoCache(
  queryClient: QueryClient,
  queryKey: QueryKey,
  values: Record<string, string>,
  givenIn: number,
) {
  queryClient.setQueryData<FactsResponse>(queryKey, (current) => {
    const facts = new Map((current?.facts ?? []).map((fact) => [fact.id, fact]));
    for (const [id, value] of Object.entries(values)) {
      const held = facts.get(id);
      // Its document stays the store's: what was typed here rides on the page's copy until saved.
      facts.set(id, {
        ...held,
        id,
        value,
        givenIn: held?.givenIn ?? givenIn,
        updatedAt: held?.updatedAt ?? NEVER_STORED,
      });
    }
    return { facts: [...facts.values()].sort((a, b) => a.id.localeCompare(b.id)) };
  });
}

/**
 * `incoming` copies of facts (a save's answer, a teammate's save heard on the stream) laid over `cached`:
 * each replaces the cached copy unless that one is newer. The store's times of one fact only grow, in the
 * order its saves landed, so a copy that arrives late never takes the place of a later one.
 */
export function newerFacts(
  cached: FactsResponse | undefined,
  incoming: FactsResponse['facts'],
): FactsResponse {
  const byId = new Map((cached?.facts ?? []).map((fact) => [fact.id, fact]));
  for (const fact of incoming) {
    const held = byId.get(fact.id);
    if (!held || held.updatedAt <= fact.updatedAt) byId.set(fact.id, fact);
  }
  return { facts: [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)) };
}
