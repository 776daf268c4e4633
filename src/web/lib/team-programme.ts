import { type QueryClient, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { ActivityFields, PhaseConfig } from '@shared/phase-config';
import { PHASE_NUMBERS } from '@shared/phases';
import {
  programmeKey,
  STANDARD_PROGRAMME_ID,
  STANDARD_TEAM_PROGRAMME,
  type TeamProgramme,
} from '@shared/programme-ref';
import { api } from './api-client';
import { type ActivityNames, activityNames } from './session-view';
import { STANDARD_FIELDS_PATH, standardPhasePath } from './phase-config';
import { phaseConfigKeys, programmeKeys } from './query-keys';

/*
 * What a team's pages run (docs/product.md, Programmes): its cohort's programme and version, the standard
 * for a team in no cohort and for practice mode. Activity content is read by version (`programmeKey`), so a
 * published version is fetched once and cached for the session; the standard's is the shipped configs' own
 * (`lib/phase-config.ts`, the same cache entries), the ones the pre-rendered pages carry.
 */

type ProgrammeRef = Pick<TeamProgramme, 'programmeId' | 'version'>;

const isStandard = (programme: ProgrammeRef) => programme.programmeId === STANDARD_PROGRAMME_ID;
const versionPath = (programme: ProgrammeRef) =>
  `/api/programmes/${encodeURIComponent(programme.programmeId)}/versions/${programme.version}`;

/** `GET /api/teams/:teamId/programme`, kept by the team's live `programme` events (features/phase/lib/team-cache.ts). */
export function teamProgrammeQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: programmeKeys.team(teamId),
    queryFn: () => api<TeamProgramme>(`/api/teams/${encodeURIComponent(teamId)}/programme`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Activity `phase`'s config in a programme version (the standard's: `phaseConfigQueryOptions`, its cache). */
export function programmePhaseQueryOptions(programme: ProgrammeRef, phase: number) {
  return queryOptions<PhaseConfig, Error, PhaseConfig, readonly unknown[]>(
    isStandard(programme)
      ? {
          queryKey: phaseConfigKeys.detail(phase),
          queryFn: () => api<PhaseConfig>(standardPhasePath(phase)),
          staleTime: Number.POSITIVE_INFINITY,
        }
      : {
          queryKey: programmeKeys.versionPhase(programmeKey(programme), phase),
          queryFn: () => api<PhaseConfig>(`${versionPath(programme)}/phase-${phase}`),
          staleTime: Number.POSITIVE_INFINITY,
        },
  );
}

/** Every activity's fields in a programme version (the done rule's input). */
export function programmeFieldsQueryOptions(programme: ProgrammeRef) {
  return queryOptions<ActivityFields, Error, ActivityFields, readonly unknown[]>(
    isStandard(programme)
      ? {
          queryKey: phaseConfigKeys.fields(),
          queryFn: () => api<ActivityFields>(STANDARD_FIELDS_PATH),
          staleTime: Number.POSITIVE_INFINITY,
        }
      : {
          queryKey: programmeKeys.versionFields(programmeKey(programme)),
          queryFn: () => api<ActivityFields>(`${versionPath(programme)}/fields`),
          staleTime: Number.POSITIVE_INFINITY,
        },
  );
}

/**
 * The programme the page runs for `teamId` (none: the standard); null while a team's is still unknown, so
 * a page waits rather than show the standard's content to a team whose cohort runs another programme. A
 * server that cannot say (an error) leaves the page on the standard.
 */
export function useTeamProgramme(teamId: string | null | undefined): TeamProgramme | null {
  const query = useQuery({ ...teamProgrammeQueryOptions(teamId ?? ''), enabled: Boolean(teamId) });
  if (!teamId) return STANDARD_TEAM_PROGRAMME;
  if (query.data) return query.data;
  return query.isError ? STANDARD_TEAM_PROGRAMME : null;
}

/** An activity a programme runs, with its three names (null while unknown). */
export type ProgrammeActivity = { phase: number; names: ActivityNames | null };

/**
 * The activities a programme runs (those it does not switch off), each named as the programme names it:
 * the shipped names for the standard (and for `undefined`, what an older server sends), the version's own
 * otherwise, read from its activity configs (the cache the activity pages share). Names are null while a
 * config loads or the programme itself is unknown (`null`), or when this browser may not read it (a page
 * open to anyone): a screen then says "activity N" alone rather than the standard's name for another
 * programme's activity.
 */
export function useProgrammeActivities(programme: TeamProgramme | null | undefined): ProgrammeActivity[] {
  const runs = programme ?? STANDARD_TEAM_PROGRAMME;
  const own = !isStandard(runs);
  const phases = PHASE_NUMBERS.filter((phase) => !runs.switchedOff.includes(phase));
  const names = useQueries({
    queries: phases.map((phase) => ({ ...programmePhaseQueryOptions(runs, phase), enabled: own })),
    combine: (results) => results.map((result) => result.data?.names ?? null),
  });
  // null: the team's programme is still unknown (`useTeamProgramme`), so no name yet.
  const namesOf = (phase: number, i: number) =>
    programme === null ? null : own ? (names[i] ?? null) : activityNames({ names: null }, phase);
  return phases.map((phase, i) => ({ phase, names: namesOf(phase, i) }));
}

/**
 * Activity `phase`'s page name in the programme team `teamId` runs (an instructor's screen about one team:
 * a request for help); null while unknown, so the screen says "Activity N" alone meanwhile.
 */
export function useTeamActivityName(teamId: string, phase: number): string | null {
  const programme = useTeamProgramme(teamId);
  const standard = programme !== null && isStandard(programme);
  const config = useQuery({
    ...programmePhaseQueryOptions(programme ?? STANDARD_TEAM_PROGRAMME, phase),
    enabled: programme !== null && !standard,
  });
  if (programme === null) return null;
  return standard ? activityNames({ names: null }, phase).page : (config.data?.names.page ?? null);
}

/** The same, read outside a component (a notification): null when it cannot be read. */
export async function teamActivityName(
  queryClient: QueryClient,
  teamId: string,
  phase: number,
): Promise<string | null> {
  try {
    const programme = await queryClient.ensureQueryData(teamProgrammeQueryOptions(teamId));
    if (isStandard(programme)) return activityNames({ names: null }, phase).page;
    return (await queryClient.ensureQueryData(programmePhaseQueryOptions(programme, phase))).names.page;
  } catch {
    return null;
  }
}
