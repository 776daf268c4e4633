/**
 * Every query key the client uses, one factory per domain. Each domain's keys start with the domain's own
 * first element, and inside a domain the second element says which kind of data follows, so no key is a
 * prefix of an unrelated one: removing or invalidating by a prefix reaches exactly the queries meant
 * (ending a workspace removes the looked-up teams, never the instructor's team list).
 * `query-keys.test.ts` checks it.
 */

export const teamKeys = {
  all: ['team'] as const,
  /** `GET /api/auth/team/status`: this browser's team session (null without one). */
  session: () => ['team', 'session'] as const,
  /** Every team looked up by its Workspace Code. */
  byCodeAll: () => ['team', 'by-code'] as const,
  /** `GET /api/teams/{code}`. */
  byCode: (code: string) => ['team', 'by-code', code.toUpperCase()] as const,
  /** `GET /api/teams`: the instructor's list. */
  adminList: () => ['team', 'admin-list'] as const,
};

export const phaseDataKeys = {
  all: ['phase-data'] as const,
  /** `GET /api/phase-data/{teamId}`: every saved activity of a team; one activity is a `select` of it. */
  list: (teamId: string) => ['phase-data', 'list', teamId] as const,
  /** Practice mode's saved activities, kept in this browser. */
  practice: () => ['phase-data', 'practice'] as const,
};

export const factKeys = {
  all: ['facts'] as const,
  /** `GET /api/teams/{teamId}/facts`: the team's shared facts. */
  team: (teamId: string) => ['facts', 'team', teamId] as const,
  /** Practice mode's facts, kept in this browser. */
  local: () => ['facts', 'local'] as const,
};

export const phaseConfigKeys = {
  all: ['phase-config'] as const,
  /** `GET /api/configs/phase-{n}`. */
  detail: (phase: number) => ['phase-config', 'detail', phase] as const,
  /** `GET /api/configs/fields`: every activity's fields, as the done rule reads them. */
  fields: () => ['phase-config', 'fields'] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  /** `GET /api/auth/admin/status`. */
  status: () => ['admin', 'status'] as const,
};

export const cohortKeys = {
  all: ['cohort'] as const,
  /** `GET /api/admin/cohorts`. */
  active: () => ['cohort', 'active'] as const,
  /** `GET /api/admin/cohorts/archived`. */
  archived: () => ['cohort', 'archived'] as const,
  /** `GET /api/cohorts/{tag}/status`, kept live by the cohort's events. */
  status: (tag: string) => ['cohort', 'status', tag] as const,
};

export const showcaseKeys = {
  all: ['showcase'] as const,
  /** `GET /api/showcase/{tag}`. */
  teams: (tag: string) => ['showcase', 'teams', tag] as const,
  /** `GET /api/showcase/{tag}/vote?team_id=`. */
  ballot: (tag: string, teamId: string) => ['showcase', 'ballot', tag, teamId] as const,
  /** `GET /api/showcase/{tag}/results`. */
  results: (tag: string) => ['showcase', 'results', tag] as const,
};

export const coachingKeys = {
  all: ['coaching'] as const,
  /** `GET /api/teams/{teamId}/feedback`: the instructors' notes on the team's activities. */
  feedback: (teamId: string) => ['coaching', 'feedback', teamId] as const,
  /** `GET /api/teams/{teamId}/help`: the team's request for help. */
  help: (teamId: string) => ['coaching', 'help', teamId] as const,
  /** `GET /api/admin/help-requests`: the open requests, for instructors. */
  queue: () => ['coaching', 'queue'] as const,
};

export const runKeys = {
  all: ['runs'] as const,
  /** `GET /api/teams/{teamId}/runs`: the team's prompt runs on the model, and what it may still spend. */
  team: (teamId: string) => ['runs', 'team', teamId] as const,
  /** `GET /api/admin/runs`: every team's use and every cohort's settings, for instructors. */
  admin: () => ['runs', 'admin'] as const,
};

export const paceKeys = {
  all: ['pace'] as const,
  /** The pace a team's pages show (its cohort's), kept by the team's live events. */
  team: (teamId: string) => ['pace', 'team', teamId] as const,
  /** A cohort's pace, kept by the cohort's live events (its projector view). */
  cohort: (tag: string) => ['pace', 'cohort', tag] as const,
};

export const joinKeys = {
  all: ['join'] as const,
  /** `GET /api/teams/{teamId}/cohort-join/{code}`: the cohort a join link names, for that team. */
  preview: (teamId: string, code: string) => ['join', 'preview', teamId, code] as const,
};

export const programmeKeys = {
  all: ['programme'] as const,
  /** `GET /api/admin/programmes`: every programme with the cohorts that use each. */
  list: () => ['programme', 'list'] as const,
  /** `GET /api/admin/programmes/{programmeId}`: one programme with its draft, for the editor. */
  detail: (programmeId: string) => ['programme', 'detail', programmeId] as const,
  /** `GET /api/admin/programmes/{programmeId}/versions/{version}`, by `programmeKey()`: a version, whole. */
  version: (key: string) => ['programme', 'version', key] as const,
  /** `GET /api/teams/{teamId}/programme`: the programme and version a team's pages run. */
  team: (teamId: string) => ['programme', 'team', teamId] as const,
  /**
   * A published version's content, by `programmeKey()` ("standard@1", "<uuid>@3"): activity `phase`'s
   * config, or (`fields`) every activity's fields. Immutable, so cached for the session.
   */
  versionPhase: (key: string, phase: number) => ['programme', 'version-phase', key, phase] as const,
  versionFields: (key: string) => ['programme', 'version-fields', key] as const,
};
