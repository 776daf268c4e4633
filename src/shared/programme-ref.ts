/*
 * What a team runs, without the programme schemas (src/shared/schemas/programmes.ts, which re-exports all of
 * this): the constants and the key that the activity pages need from their first render. The schemas build
 * zod objects when their module loads, work a first visit's start-up has no use for.
 */

/** The shipped programme's id: never stored, always there, never edited. */
export const STANDARD_PROGRAMME_ID = 'standard';
export const STANDARD_PROGRAMME_NAME = 'Standard programme';

/**
 * What a team's pages run: the programme and version of its cohort (the standard for a team in no cohort
 * and in practice mode). Activity content is read by `programmeKey`, so caches are keyed by version.
 */
export type TeamProgramme = { programmeId: string; version: number; switchedOff: number[] };

/** The standard programme as a team runs it. */
export const STANDARD_TEAM_PROGRAMME: TeamProgramme = {
  programmeId: STANDARD_PROGRAMME_ID,
  version: 1,
  switchedOff: [],
};

/** The key caches use for a programme version's content: "standard@1", "<uuid>@3". */
export function programmeKey(programme: { programmeId: string; version: number }): string {
  return `${programme.programmeId}@${programme.version}`;
}
