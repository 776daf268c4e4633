import { useQuery } from '@tanstack/react-query';
import type { FormField } from '@shared/phase-config';
import * as React from 'react';
import { type Answers, toAnswers } from '../lib/answers';
import { savedActivity, useAnswerStore } from '../store/answer-store';

const NONE: Record<string, unknown> = {};

/**
 * An activity's answers as its store holds them, kept current as teammates (or another practice tab)
 * change them: the store's cache follows them. Undefined until known.
 */
export function useRemoteAnswers(phase: number, fields: readonly FormField[]): Answers | undefined {
  const store = useAnswerStore();
  const record = useQuery({ ...store.activities, select: savedActivity(phase) });
  const data = record.isSuccess ? (record.data?.data ?? NONE) : undefined;
  return React.useMemo(() => (data ? toAnswers(fields, data) : undefined), [fields, data]);
}
