import * as React from 'react';
import type { ActivityNames } from '@/lib/session-view';
import { type ProgrammeActivity, useProgrammeActivities, useTeamProgramme } from '@/lib/team-programme';
import { useWorkspace } from '@/features/workspace';

/**
 * Activity n's names as the open team's programme gives them (practice mode: the standard's), for the
 * notes of an activity page that name another activity; null while unknown, or for an activity the
 * programme switches off, so a note says "Activity N" alone rather than another programme's name. The
 * function keeps its identity while the names stay the same.
 */
export function useActivityNames(): (phase: number) => ActivityNames | null {
  const { mode } = useWorkspace();
  const activities = useProgrammeActivities(
    useTeamProgramme(mode.kind === 'workspace' ? mode.team.id : null),
  );
  const same = JSON.stringify(activities);
  return React.useMemo(() => {
    const list = JSON.parse(same) as ProgrammeActivity[];
    return (phase: number) => list.find((activity) => activity.phase === phase)?.names ?? null;
  }, [same]);
}
