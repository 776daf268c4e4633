import type { QueryClient } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import type { PhaseDataRecord, SavedPhaseData } from '@shared/schemas/phase-data';
import type { TextEdit } from '@shared/shared-text';
import { updateWorkspaceTeam } from '@/features/workspace';
import { ApiError, api } from '@/lib/api-client';
import { clientId } from '@/lib/client-id';
import { phaseDataListQueryOptions, savePhaseData } from '../api/phase-data';
import { type TextReplica, TextReplicas, type TextScope, withUpdates } from '../lib/text-replica';
import type { StoreWrites } from './answer-store';

/**
 * A workspace's saves, to the server (its reads: store/queries.ts). The query cache they update is what the
 * team's live stream keeps current (lib/team-cache.ts); the stream itself is the layout's
 * (components/team-stream-host.tsx), as it follows every page. A text field the page has a copy of is sent
 * as an edit of its document (lib/text-replica.ts), so what teammates typed into it meanwhile stays.
 */
export function workspaceWrites(teamId: string): StoreWrites {
  const texts = new TextReplicas();
  const listKey = phaseDataListQueryOptions(teamId).queryKey;

  /** The edits of the named texts this page has copies of, with what each copy acknowledges once saved. */
  function editsOf(scope: TextScope, ids: Iterable<string>) {
    const edits: Record<string, TextEdit> = {};
    const sent: [TextReplica, number][] = [];
    const values: Record<string, string> = {};
    for (const id of ids) {
      const replica = texts.peek(scope, id);
      if (!replica) continue;
      const { edit, through } = replica.edit();
      edits[id] = edit;
      values[id] = replica.value;
      sent.push([replica, through]);
    }
    return {
      edits,
      values,
      acknowledge: () => {
        for (const [replica, through] of sent) replica.acknowledge(through);
      },
    };
  }

  return {
    texts,
    async saveActivity(queryClient, phase, data, { changed, keepalive, whole = false }) {
      const cached = queryClient.getQueryData(listKey)?.find((r) => r.phaseNumber === phase);
      const scope: TextScope = `phase:${phase}`;
      const { edits, values, acknowledge } = editsOf(scope, whole ? [] : changed);
      let record: SavedPhaseData;
      try {
        record = await savePhaseData(
          teamId,
          phase,
          { ...data, ...values },
          {
            changed: [...changed],
            baseVersion: cached?.version,
            clientId: clientId(),
            keepalive,
            ...(Object.keys(edits).length > 0 ? { text: edits } : {}),
          },
        );
      } catch (error) {
        const field = refusedText(error);
        if (field && texts.peek(scope, field)) {
          // The text was written whole while this page typed on an older copy: start again from it.
          const list = await queryClient.fetchQuery({ ...phaseDataListQueryOptions(teamId), staleTime: 0 });
          const fresh = list.find((r) => r.phaseNumber === phase);
          texts.peek(scope, field)?.restart(storedText(fresh, field));
        }
        throw error;
      }
      acknowledge();
      recordSaved(queryClient, record, edits);
    },
    async saveFacts(typed, givenIn, { keepalive, whole = false }) {
      const { edits, values, acknowledge } = editsOf('facts', whole ? [] : Object.keys(typed));
      try {
        const saved = await api<FactsResponse>(`/api/teams/${teamId}/facts`, {
          method: 'POST',
          body: {
            values: { ...typed, ...values },
            givenIn,
            clientId: clientId(),
            ...(Object.keys(edits).length > 0 ? { text: edits } : {}),
          },
          keepalive,
        });
        acknowledge();
        return saved;
      } catch (error) {
        const field = refusedText(error);
        const replica = field ? texts.peek('facts', field) : undefined;
        if (replica) {
          const facts = await api<FactsResponse>(`/api/teams/${teamId}/facts`);
          const fact = facts.facts.find((f) => f.id === field);
          replica.restart({ value: fact?.value ?? '', state: fact?.text });
        }
        throw error;
      }
    },
    follow: () => () => {},
  };
}

/** The text field a save's 409 names ("text.<id>: ..."): its edit no longer fits the stored text. */
function refusedText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  return /^text\.([a-z][a-z0-9_]*):/.exec(error.serverMessage ?? '')?.[1];
}

/** A field of a cached record as stored text: its value, and its document when it has one. */
export function storedText(record: Pick<PhaseDataRecord, 'data' | 'text'> | undefined, id: string) {
  const value = record?.data[id];
  return { value: typeof value === 'string' ? value : '', state: record?.text?.[id] };
}

/**
 * Keeps the cache in step with a save: the team's list of saved activities (the header's visible phases
 * and every activity's answers, with each text's document: what the cache held, this page's edit, and what
 * the answer says it lacked) and the open team's current phase, which the server raised.
 */
function recordSaved(queryClient: QueryClient, record: SavedPhaseData, edits: Record<string, TextEdit>) {
  const { textUpdates = {}, ...saved } = record;
  queryClient.setQueryData(phaseDataListQueryOptions(record.teamId).queryKey, (list) => {
    if (!list) return list;
    const cached = list.find((r) => r.phaseNumber === record.phaseNumber);
    const text = { ...cached?.text };
    for (const [id, edit] of Object.entries(edits)) {
      text[id] = withUpdates(storedText(cached, id), [edit.update, textUpdates[id]]);
    }
    // The team's stream may have brought a later save already (its event can arrive before this answer):
    // that record holds this save's fields too, merged on the server in order; its documents take this edit.
    const next: PhaseDataRecord =
      cached && cached.version > record.version ? { ...cached, text } : { ...saved, text };
    if (Object.keys(text).length === 0) delete next.text;
    const others = list.filter((r) => r.phaseNumber !== record.phaseNumber);
    return [...others, next].sort((a, b) => a.phaseNumber - b.phaseNumber);
  });
  updateWorkspaceTeam(queryClient, record.teamId, (team) =>
    team.currentPhase >= record.phaseNumber ? team : { ...team, currentPhase: record.phaseNumber },
  );
}
