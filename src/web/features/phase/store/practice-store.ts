import type { QueryClient } from '@tanstack/react-query';
import { isPhaseNumber } from '@shared/phases';
import {
  forgetRecentFactWrites,
  loadLocalFacts,
  rewriteLostFacts,
  saveLocalFacts,
} from '@/lib/local-facts-storage';
import {
  forgetRecentPhaseWrites,
  mergeLocalPhaseData,
  phaseOfDataKey,
  rewriteLostPhaseChanges,
  SHARED_FACTS_KEY,
} from '@/lib/practice-storage';
import type { StoreWrites } from './answer-store';
import { answerQueriesFor, readPracticeActivities } from './queries';

/**
 * Practice mode's saves, to this browser's storage (its reads: store/queries.ts), and its following of
 * another practice tab by the browser's `storage` event, which fires in every tab but the writing one. A
 * write of another tab that lost this tab's recent change (both wrote at once) gets the change written
 * again before this tab reads it (lib/practice-storage.ts, `rewriteLostPhaseChanges`).
 */
const practice = answerQueriesFor({ kind: 'practice' });
const unavailable = () => new Error('Browser storage is unavailable');

function reread(queryClient: QueryClient) {
  queryClient.setQueryData(practice.activities.queryKey, readPracticeActivities());
}

export const practiceWrites: StoreWrites = {
  async saveActivity(queryClient, phase, data, { changed }) {
    // Read, merge the changed fields, write: another tab's answers to other fields stay.
    if (!mergeLocalPhaseData(phase, data, changed)) throw unavailable();
    reread(queryClient);
  },
  async saveFacts(values, givenIn) {
    if (!saveLocalFacts(values, givenIn)) throw unavailable();
    return { facts: Object.entries(loadLocalFacts()).map(([id, fact]) => ({ id, ...fact })) };
  },
  readNow() {
    return {
      activities: readPracticeActivities(),
      facts: { facts: Object.entries(loadLocalFacts()).map(([id, fact]) => ({ id, ...fact })) },
    };
  },
  follow(queryClient) {
    const onStorage = (event: StorageEvent) => {
      // A cleared storage (key null) changes everything.
      const phase = phaseOfDataKey(event.key);
      if (event.key === null) {
        forgetRecentPhaseWrites();
        forgetRecentFactWrites();
      }
      if (isPhaseNumber(phase)) rewriteLostPhaseChanges(phase);
      if (event.key === SHARED_FACTS_KEY) rewriteLostFacts();
      if (event.key === null || isPhaseNumber(phase)) reread(queryClient);
      if (event.key === null || event.key === SHARED_FACTS_KEY) {
        void queryClient.invalidateQueries({ queryKey: practice.facts.queryKey, exact: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};
