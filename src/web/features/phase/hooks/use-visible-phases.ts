import { useQuery } from '@tanstack/react-query';
import { PHASE_NUMBERS } from '@shared/phases';
import { useRoute } from 'wouter';
import { useAdminStatus } from '@/features/admin';
import { useWorkspace } from '@/features/workspace';
import { loadAllLocalPhaseData, loadLocalFactPhases } from '@/lib/local-workspace-storage';
import { phaseDataListQueryOptions } from '../api/phase-data';
import { teamFactsQueryOptions } from '../api/team-facts';

function hasAnswers(data: Record<string, unknown> | undefined): boolean {
  return Boolean(data && Object.values(data).some((v) => v !== '' && v !== null && v !== undefined));
}

/**
 * Phase access (docs/product.md, Header): admins see all eight; everyone else the phases with saved
 * answers or a shared fact first given there, plus the one that is open.
 */
export function useVisiblePhases(): number[] {
  const { team } = useWorkspace();
  const { isAdmin } = useAdminStatus();
  const [, params] = useRoute('/phase/:n');
  const openPhase = Number(params?.n);
  const list = useQuery({ ...phaseDataListQueryOptions(team?.id), enabled: Boolean(team?.id) && !isAdmin });
  const facts = useQuery({
    ...teamFactsQueryOptions(team?.id ?? ''),
    enabled: Boolean(team?.id) && !isAdmin,
  });
  if (isAdmin) return PHASE_NUMBERS;
  const withData = new Set<number>();
  if (team) {
    for (const record of list.data ?? []) if (hasAnswers(record.data)) withData.add(record.phaseNumber);
  } else {
    for (const [phase, data] of Object.entries(loadAllLocalPhaseData())) {
      if (hasAnswers(data as Record<string, unknown>)) withData.add(Number(phase));
    }
  }
  // An activity where the team first gave a shared fact has data too.
  if (team) {
    for (const fact of facts.data?.facts ?? []) if (fact.value.trim() !== '') withData.add(fact.givenIn);
  } else {
    for (const phase of loadLocalFactPhases()) withData.add(phase);
  }
  if (PHASE_NUMBERS.includes(openPhase)) withData.add(openPhase);
  return PHASE_NUMBERS.filter((n) => withData.has(n));
}
