import { writeChangedFields } from '@shared/answer-merge';
import type { QueryClient } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import type { PhaseDataRecord } from '@shared/schemas/phase-data';
import type { AnswersEvent, TeamEvent } from '@shared/schemas/team-events';
import { factKeys, phaseDataKeys, programmeKeys } from '@/lib/query-keys';
import { newerFacts } from '../api/facts';
import { changePresence, setPresence } from './presence-store';
import { withUpdates } from './text-replica';

/**
 * What one event of the team's stream does to this page's cache of the team's answers, facts and open pages
 * (docs/product.md, Autosave and collaboration). The activity form follows the cache
 * (hooks/use-follow-remote.ts), the header's list of activities with answers too, so keeping the cache
 * right is all the stream does here. Feedback and help requests ride on the same stream and are the
 * coaching feature's (`teamCoachingListener`); the room's pace is the pace feature's (`teamPaceListener`).
 */
export function applyTeamEvent(
  queryClient: QueryClient,
  teamId: string,
  ownClientId: string,
  event: TeamEvent,
): void {
  switch (event.type) {
    case 'answers':
      applyAnswers(queryClient, teamId, ownClientId, event);
      return;
    case 'versions':
      applyVersions(queryClient, teamId, event.versions);
      return;
    case 'facts':
      if (event.clientId === ownClientId) return;
      // A facts save too large for an event arrives without its facts: read them again.
      if (event.facts.length === 0) {
        void queryClient.invalidateQueries({ queryKey: factKeys.team(teamId), exact: true });
      } else mergeFacts(queryClient, teamId, event.facts);
      return;
    case 'presence':
      setPresence(event.devices);
      return;
    case 'presence-change':
      changePresence(event.upsert, event.remove);
      return;
    case 'programme': {
      // What the team runs now: open pages read their activity from this version, keeping what is typed.
      const { programmeId, version, switchedOff } = event;
      queryClient.setQueryData(programmeKeys.team(teamId), { programmeId, version, switchedOff });
      return;
    }
  }
}

const listKey = (teamId: string) => phaseDataKeys.list(teamId);

/**
 * A save of one activity. When the cached record is the version just before it, the save's fields are
 * written into it in place (with what it added to each text's document); when the cache is further behind (an event was missed) or the event carries
 * no values (too big for an event), the list is read again; when the cache already holds this version or
 * a later one (the page's own save answered first), nothing changes. This page's own save is answered by
 * the save call itself: its event only matters when it carries the values.
 */
function applyAnswers(queryClient: QueryClient, teamId: string, ownClientId: string, event: AnswersEvent) {
  const list = queryClient.getQueryData<PhaseDataRecord[]>(listKey(teamId));
  if (!list) return;
  const current = list.find((r) => r.phaseNumber === event.phaseNumber);
  const cachedVersion = current?.version ?? 0;
  if (cachedVersion >= event.version) return;
  const own = event.clientId === ownClientId;
  // A read of the list under way may have started before this save: read it again rather than have it
  // overwrite the merged record with an older one.
  const reading = queryClient.isFetching({ queryKey: listKey(teamId), exact: true }) > 0;
  if (!event.values || cachedVersion < event.version - 1 || reading) {
    if (!own) void queryClient.invalidateQueries({ queryKey: listKey(teamId), exact: true });
    return;
  }
  const data = writeChangedFields(current?.data, event.values, event.changed);
  // The documents of the texts it wrote take what it added; a field it wrote without one has none now.
  const text = { ...current?.text };
  for (const id of event.changed) {
    const update = event.textUpdates?.[id];
    if (update === undefined) delete text[id];
    else {
      const value = current?.data[id];
      text[id] = withUpdates({ value: typeof value === 'string' ? value : '', state: text[id] }, [update]);
    }
  }
  const record: PhaseDataRecord = {
    teamId,
    phaseNumber: event.phaseNumber,
    data,
    updatedAt: event.updatedAt,
    version: event.version,
    ...(Object.keys(text).length > 0 ? { text } : {}),
  };
  queryClient.setQueryData<PhaseDataRecord[]>(listKey(teamId), (old) =>
    [...(old ?? []).filter((r) => r.phaseNumber !== event.phaseNumber), record].sort(
      (a, b) => a.phaseNumber - b.phaseNumber,
    ),
  );
}

/**
 * Sent on every (re)connection: the list is read again when any cached activity is behind the stored
 * version or missing (this page missed saves while disconnected), and the team's facts are read again.
 */
function applyVersions(queryClient: QueryClient, teamId: string, versions: Record<string, number>) {
  const list = queryClient.getQueryData<PhaseDataRecord[]>(listKey(teamId));
  if (list) {
    const cached = new Map(list.map((r) => [r.phaseNumber, r.version]));
    const behind = Object.entries(versions).some(([phase, v]) => (cached.get(Number(phase)) ?? 0) < v);
    if (behind) void queryClient.invalidateQueries({ queryKey: listKey(teamId), exact: true });
  }
  void queryClient.invalidateQueries({ queryKey: factKeys.team(teamId), exact: true });
}

/** A teammate saved some of the team's facts: they replace the cached ones with the same id, unless newer. */
function mergeFacts(queryClient: QueryClient, teamId: string, facts: FactsResponse['facts']) {
  queryClient.setQueryData<FactsResponse>(factKeys.team(teamId), (old) =>
    old ? newerFacts(old, facts) : old,
  );
}
