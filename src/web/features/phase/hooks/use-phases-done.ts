import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { isActivityDone } from '@shared/activity-done';
import { programmeFieldsQueryOptions, useTeamProgramme } from '@/lib/team-programme';
import { STANDARD_TEAM_PROGRAMME } from '@shared/programme-ref';
import { useWorkspace } from '@/features/workspace';
import { factValues } from '../api/facts';
import { answerQueriesFor } from '../store/queries';

/**
 * The activities done (src/shared/activity-done.ts: every required field answered, a shared fact by the
 * team's one copy), in the page's answer store: a workspace's on the server, practice mode's in this
 * browser. The answers' cache follows the team's saves and its live events, so this follows them too.
 * `undefined` until the answers and the fields have loaded (nothing is marked while unknown), and while a
 * pre-rendered page is being adopted: it was rendered knowing nothing, and is adopted in slices, between
 * which the answers may arrive.
 */
export function usePhasesDone({ enabled }: { enabled: boolean }): readonly number[] | undefined {
  const { mode } = useWorkspace();
  const store = answerQueriesFor(mode);
  // The fields of the team's programme (its own version's); its switched-off activities are never done.
  const programme = useTeamProgramme(mode.kind === 'workspace' ? mode.team.id : null);
  const fields = useQuery({
    ...programmeFieldsQueryOptions(programme ?? STANDARD_TEAM_PROGRAMME),
    enabled: enabled && programme !== null,
  });
  const activities = useQuery({ ...store.activities, enabled });
  const facts = useQuery({ ...store.facts, enabled });
  const adopting = React.useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
  if (adopting || !programme || !fields.data || !activities.data || !facts.data) return undefined;
  const values = factValues(facts.data);
  const answersOf = new Map(activities.data.map((activity) => [activity.phaseNumber, activity.data]));
  return fields.data.activities
    .filter((activity) => !programme.switchedOff.includes(activity.phase))
    .filter((activity) => isActivityDone(activity.fields, answersOf.get(activity.phase), values))
    .map((activity) => activity.phase);
}

const subscribeNever = () => () => {};
