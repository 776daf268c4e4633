import { useQuery } from '@tanstack/react-query';
import type { FormField } from '@shared/phase-config';
import type { Fact } from '@shared/schemas/facts';
import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { loadAllLocalPhaseData } from '@/lib/local-workspace-storage';
import { factsQueryOptions, factValues } from '../api/facts';
import { phaseDataListQueryOptions } from '../api/phase-data';
import type { Answers } from '../lib/answers';
import { factOrigins, promptContext } from '../lib/shared-answers';
import { unsavedFacts } from './use-facts-autosave';

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

/**
 * A shared fact changed elsewhere (another activity of this page's session, another device through the
 * workspace's events) shows in this form's field, unless this page has typed a value not yet saved.
 */
export function useFactsIntoForm(
  teamId: string | undefined,
  fields: readonly FormField[],
  form: UseFormReturn<Answers>,
  facts: readonly Fact[],
) {
  React.useEffect(() => {
    const pending = unsavedFacts(teamId);
    for (const fact of facts) {
      if (!fields.some((f) => f.id === fact.id) || Object.hasOwn(pending, fact.id)) continue;
      if ((form.getValues(fact.id) ?? '') !== fact.value) form.setValue(fact.id, fact.value);
    }
  }, [teamId, fields, form, facts]);
}
