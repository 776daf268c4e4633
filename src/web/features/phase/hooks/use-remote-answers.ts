import { useQuery } from '@tanstack/react-query';
import type { FormField } from '@shared/phase-config';
import * as React from 'react';
import { loadLocalPhaseData, parseLocalPhaseData, phaseDataKey } from '@/lib/local-workspace-storage';
import { phaseDataListQueryOptions, savedPhase } from '../api/phase-data';
import { type Answers, toAnswers } from '../lib/answers';

const NONE: Record<string, unknown> = {};

/**
 * An activity's answers as stored elsewhere, kept current: for a workspace, the cached record (which the
 * team's stream keeps live); in practice mode, this browser's storage, as another tab writes it (the
 * `storage` event fires in every tab of the browser but the writing one). Undefined until known.
 */
export function useRemoteAnswers(
  teamId: string | undefined,
  phase: number,
  fields: readonly FormField[],
): Answers | undefined {
  const record = useQuery({ ...phaseDataListQueryOptions(teamId), select: savedPhase(phase) });
  const [local, setLocal] = React.useState<Record<string, unknown> | undefined>(() =>
    teamId ? undefined : (loadLocalPhaseData(phase) ?? {}),
  );

  React.useEffect(() => {
    if (teamId) return;
    const onStorage = (event: StorageEvent) => {
      // A cleared storage (key null) empties every activity.
      if (event.key !== null && event.key !== phaseDataKey(phase)) return;
      const data = parseLocalPhaseData(event.key === null ? null : event.newValue);
      if (data) setLocal(data);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [teamId, phase]);

  const data = teamId ? (record.isSuccess ? (record.data?.data ?? NONE) : undefined) : local;
  return React.useMemo(() => (data ? toAnswers(fields, data) : undefined), [fields, data]);
}
