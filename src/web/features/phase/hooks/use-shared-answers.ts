import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormField } from '@shared/phase-config';
import type { Fact } from '@shared/schemas/facts';
import * as React from 'react';
import { SHARED_FACTS_KEY } from '@/lib/local-facts-storage';
import { loadAllLocalPhaseData } from '@/lib/local-workspace-storage';
import { factsQueryOptions, factValues } from '../api/facts';
import { phaseDataListQueryOptions } from '../api/phase-data';
import type { Answers } from '../lib/answers';
import { factOrigins, promptContext } from '../lib/shared-answers';

const NO_FACTS: Fact[] = [];

/**
 * What an activity needs beyond its own answers: the team's shared facts and every activity's answers
 * (the one list of saved activities in a workspace; this browser's in practice mode). Gives the prompt's
 * data for the answers typed now, and where each shared fact of the form was first given.
 */
export function useSharedAnswers(
  phase: number,
  teamId: string | undefined,
  fields: readonly FormField[],
  current: Answers,
) {
  const facts = useQuery(factsQueryOptions(teamId));
  // Practice mode in two tabs: a fact another tab saves is read again here (the storage event fires in
  // every tab of the browser but the writing one); the form then follows it (hooks/use-live-facts.ts).
  const queryClient = useQueryClient();
  React.useEffect(() => {
    if (teamId) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== SHARED_FACTS_KEY) return;
      void queryClient.invalidateQueries({ queryKey: factsQueryOptions(undefined).queryKey });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [teamId, queryClient]);
  const list = useQuery(phaseDataListQueryOptions(teamId));
  // Practice mode: the other activities do not change while this one is open.
  const [local] = React.useState(() => (teamId ? {} : loadAllLocalPhaseData()));
  const answersByPhase = React.useMemo(
    () => (teamId ? Object.fromEntries((list.data ?? []).map((r) => [r.phaseNumber, r.data])) : local),
    [teamId, list.data, local],
  );
  const values = React.useMemo(() => factValues(facts.data), [facts.data]);
  const factList = facts.data?.facts ?? NO_FACTS;
  const context = React.useMemo(
    () => promptContext(phase, answersByPhase, values, current),
    [phase, answersByPhase, values, current],
  );
  const origins = React.useMemo(() => factOrigins(phase, fields, factList), [phase, fields, factList]);
  return { context, origins, facts: factList };
}
