import { useQuery } from '@tanstack/react-query';
import type { FormField } from '@shared/phase-config';
import type { Fact } from '@shared/schemas/facts';
import * as React from 'react';
import { factValues } from '../api/facts';
import type { Answers } from '../lib/answers';
import { factOrigins, promptContext } from '../lib/shared-answers';
import { useAnswerStore } from '../store/answer-store';
import { useActivityNames } from './use-activity-names';

const NO_FACTS: Fact[] = [];

/**
 * What an activity needs beyond its own answers: the team's shared facts and every activity's answers,
 * from the page's store. Gives the prompt's data for the answers typed now, and where each shared fact of
 * the form was first given.
 */
export function useSharedAnswers(phase: number, fields: readonly FormField[], current: Answers) {
  const store = useAnswerStore();
  const facts = useQuery(store.facts);
  const activities = useQuery(store.activities);
  const answersByPhase = React.useMemo(
    () => Object.fromEntries((activities.data ?? []).map((a) => [a.phaseNumber, a.data])),
    [activities.data],
  );
  const values = React.useMemo(() => factValues(facts.data), [facts.data]);
  const factList = facts.data?.facts ?? NO_FACTS;
  const context = React.useMemo(
    () => promptContext(phase, answersByPhase, values, current),
    [phase, answersByPhase, values, current],
  );
  // Where a fact was first given, named as the team's programme names that activity.
  const namesOf = useActivityNames();
  const origins = React.useMemo(
    () => factOrigins(phase, fields, factList, (n) => namesOf(n)?.page ?? null),
    [phase, fields, factList, namesOf],
  );
  return { context, origins, facts: factList };
}
