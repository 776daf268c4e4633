import type { QueryClient } from '@tanstack/react-query';
import { clearLocalFacts, loadLocalFacts } from '@/lib/local-facts-storage';
import { clearLocalPhaseData, loadAllLocalPhaseData } from '@/lib/practice-storage';
import { hasAnyAnswer } from '@shared/answers';
import { answerQueriesFor } from './queries';

/**
 * Practice answers moving into a workspace (components/keep-practice-dialog.tsx): what practice mode holds
 * in this browser, and forgetting it afterwards. Apart from practice-store.ts, which the header (on the
 * first route) reads, because the facts' definitions come with it.
 */

/** The practice activities that hold an answer. */
export function practicePhases(): Record<number, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(loadAllLocalPhaseData()).filter(([, data]) => hasAnyAnswer(data)));
}

/** Practice facts with a value, by the activity they were first given in. */
export function practiceFacts(): Map<number, Record<string, string>> {
  const byPhase = new Map<number, Record<string, string>>();
  for (const [id, fact] of Object.entries(loadLocalFacts())) {
    if (fact.value.trim() === '') continue;
    byPhase.set(fact.givenIn, { ...byPhase.get(fact.givenIn), [id]: fact.value });
  }
  return byPhase;
}

/** The practice answers leave this browser, and the cache. */
export function forgetPractice(queryClient: QueryClient) {
  clearLocalPhaseData();
  clearLocalFacts();
  const practice = answerQueriesFor({ kind: 'practice' });
  queryClient.removeQueries({ queryKey: practice.activities.queryKey });
  queryClient.removeQueries({ queryKey: practice.facts.queryKey });
}
