import { useQuery } from '@tanstack/react-query';
import { hasAnyAnswer, isAnswered } from '@shared/answers';
import { PHASE_NUMBERS } from '@shared/phases';
import { useWorkspace } from '@/features/workspace';
import { answerQueriesFor } from '../store/queries';

/**
 * The activities with data (docs/product.md, Header): those with at least one answer (src/shared/answers.ts),
 * or where the team first gave a shared fact, in the page's answer store. Not read for an instructor, who sees
 * all eight (`visiblePhases`, lib/session-view.ts, is the rule the header applies).
 */
export function usePhasesWithData({ enabled }: { enabled: boolean }): number[] {
  const { mode } = useWorkspace();
  const store = answerQueriesFor(mode);
  const activities = useQuery({ ...store.activities, enabled });
  const facts = useQuery({ ...store.facts, enabled });
  const withData = new Set<number>();
  for (const activity of activities.data ?? []) {
    if (hasAnyAnswer(activity.data)) withData.add(activity.phaseNumber);
  }
  // An activity where the team first gave a shared fact has data too.
  for (const fact of facts.data?.facts ?? []) if (isAnswered(fact.value)) withData.add(fact.givenIn);
  return PHASE_NUMBERS.filter((n) => withData.has(n));
}
