import { useQuery } from '@tanstack/react-query';
import { PHASE_NUMBERS } from '@shared/phases';
import { useWorkspace } from '@/features/workspace';
import { answerQueriesFor } from '../store/queries';

function hasAnswers(data: Record<string, unknown> | undefined): boolean {
  return Boolean(data && Object.values(data).some((v) => v !== '' && v !== null && v !== undefined));
}

/**
 * The activities with data (docs/product.md, Header): those with saved answers, or where the team first
 * gave a shared fact, in the page's answer store. Not read for an instructor, who sees all eight
 * (`visiblePhases`, lib/session-view.ts, is the rule the header applies).
 */
export function usePhasesWithData({ enabled }: { enabled: boolean }): number[] {
  const { mode } = useWorkspace();
  const store = answerQueriesFor(mode);
  const activities = useQuery({ ...store.activities, enabled });
  const facts = useQuery({ ...store.facts, enabled });
  const withData = new Set<number>();
  for (const activity of activities.data ?? []) {
    if (hasAnswers(activity.data)) withData.add(activity.phaseNumber);
  }
  // An activity where the team first gave a shared fact has data too.
  for (const fact of facts.data?.facts ?? []) if (fact.value.trim() !== '') withData.add(fact.givenIn);
  return PHASE_NUMBERS.filter((n) => withData.has(n));
}
