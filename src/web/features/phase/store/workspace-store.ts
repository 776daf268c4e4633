import type { QueryClient } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import type { PhaseDataRecord } from '@shared/schemas/phase-data';
import { updateWorkspaceTeam } from '@/features/workspace';
import { api } from '@/lib/api-client';
import { clientId } from '@/lib/client-id';
import { phaseDataListQueryOptions, savePhaseData } from '../api/phase-data';
import type { StoreWrites } from './answer-store';

/**
 * A workspace's saves, to the server (its reads: store/queries.ts). The query cache they update is what the
 * team's live stream keeps current (lib/team-cache.ts); the stream itself is the layout's
 * (components/team-stream-host.tsx), as it follows every page.
 */
export function workspaceWrites(teamId: string): StoreWrites {
  return {
    async saveActivity(queryClient, phase, data, { changed, keepalive }) {
      const cached = queryClient
        .getQueryData(phaseDataListQueryOptions(teamId).queryKey)
        ?.find((r) => r.phaseNumber === phase);
      const record = await savePhaseData(teamId, phase, data, {
        changed: [...changed],
        baseVersion: cached?.version,
        clientId: clientId(),
        keepalive,
      });
      recordSaved(queryClient, record);
    },
    saveFacts: (values, givenIn, { keepalive }) =>
      api<FactsResponse>(`/api/teams/${teamId}/facts`, {
        method: 'POST',
        body: { values, givenIn, clientId: clientId() },
        keepalive,
      }),
    follow: () => () => {},
  };
}

/**
 * Keeps the cache in step with a save: the team's list of saved activities (the header's visible phases
 * and every activity's answers) and the open team's current phase, which the server raised.
 */
function recordSaved(queryClient: QueryClient, record: PhaseDataRecord) {
  queryClient.setQueryData(phaseDataListQueryOptions(record.teamId).queryKey, (list) => {
    if (!list) return list;
    // The team's stream may have brought a later save already (its event can arrive before this answer):
    // that record holds this save's fields too, merged on the server in order.
    const cached = list.find((r) => r.phaseNumber === record.phaseNumber);
    if (cached && cached.version > record.version) return list;
    const others = list.filter((r) => r.phaseNumber !== record.phaseNumber);
    return [...others, record].sort((a, b) => a.phaseNumber - b.phaseNumber);
  });
  updateWorkspaceTeam(queryClient, record.teamId, (team) =>
    team.currentPhase >= record.phaseNumber ? team : { ...team, currentPhase: record.phaseNumber },
  );
}
