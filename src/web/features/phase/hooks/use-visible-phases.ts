import { useQuery } from '@tanstack/react-query';
import { PHASE_NUMBERS } from '@shared/phases';
import { useRoute } from 'wouter';
import { useAdminStatus } from '@/lib/admin-session';
import { useWorkspace } from '@/features/workspace';
import { answerQueriesFor } from '../store/queries';

function hasAnswers(data: Record<string, unknown> | undefined): boolean {
  return Boolean(data && Object.values(data).some((v) => v !== '' && v !== null && v !== undefined));
}

/**
 * Phase access (docs/product.md, Header): admins see all eight; everyone else the phases with saved
 * answers or a shared fact first given there, plus the one that is open.
 */
export function useVisiblePhases(): number[] {
  const { mode } = useWorkspace();
  const { isAdmin } = useAdminStatus();
  const [, params] = useRoute('/phase/:n');
  const openPhase = Number(params?.n);
  const store = answerQueriesFor(mode);
  const activities = useQuery({ ...store.activities, enabled: !isAdmin });
  const facts = useQuery({ ...store.facts, enabled: !isAdmin });
  if (isAdmin) return PHASE_NUMBERS;
  const withData = new Set<number>();
  for (const activity of activities.data ?? []) {
    if (hasAnswers(activity.data)) withData.add(activity.phaseNumber);
  }
  // An activity where the team first gave a shared fact has data too.
  for (const fact of facts.data?.facts ?? []) if (fact.value.trim() !== '') withData.add(fact.givenIn);
  if (PHASE_NUMBERS.includes(openPhase)) withData.add(openPhase);
  return PHASE_NUMBERS.filter((n) => withData.has(n));
}
