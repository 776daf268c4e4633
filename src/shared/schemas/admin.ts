import { z } from 'zod';
import { PaceSchema } from './pace.ts';

/** `POST /api/admin/cohorts/:tag/teams` and `PATCH /api/admin/cohorts/unassign-teams`. */
export const TeamAssignmentResultSchema = z.object({
  cohortTag: z.string().nullable(),
  updated: z.number().int(),
});
export type TeamAssignmentResult = z.infer<typeof TeamAssignmentResultSchema>;

/** Why a team's row on the instructor's dashboard changed. */
export const AdminTeamChangeSchema = z.enum([
  'created',
  'saved',
  'website',
  'voted',
  'avatar',
  'cohort',
  'deleted',
  'code',
  /** One of the team's own pages opened, moved to another activity or closed: where it is now. */
  'page',
]);
export type AdminTeamChange = z.infer<typeof AdminTeamChangeSchema>;

/**
 * Progress events on `GET /api/admin/events` (Server-Sent Events, admin only): a team's row changed, and
 * why. Only ids: the dashboard reads its lists again.
 */
export const AdminEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('team'), teamId: z.string(), reason: AdminTeamChangeSchema }),
  /**
   * Sent first on every (re)connection: changes made before the stream opened, or while it was away, were
   * not heard, so the dashboard reads its lists again.
   */
  z.object({ type: z.literal('catch-up') }),
  /** A help request was asked, answered or withdrawn: the dashboard reads its list of requests again. */
  z.object({ type: z.literal('help'), teamId: z.string(), requestId: z.string() }),
  /** A cohort's pace changed (docs/product.md, Pacing the room and joining a cohort): its card shows it, with the server's clock. */
  z.object({ type: z.literal('pace'), tag: z.string(), pace: PaceSchema, now: z.string() }),
  /**
   * What cohorts run changed: a cohort was given another programme, or a programme published a version. The
   * dashboard reads its lists again (the board's columns follow each team's programme; the Programmes tab
   * and the cohorts' choices follow the versions). An older dashboard drops the event it cannot read.
   */
  z.object({ type: z.literal('programmes') }),
  /** A team's prompt run started or ended, or its runs' settings changed: the dashboard reads their use again. */
  z.object({ type: z.literal('runs'), teamId: z.string().nullable() }),
  /** A team joined a cohort by its join link (the dashboard says so; its lists follow the 'team' event). */
  z.object({
    type: z.literal('joined'),
    teamId: z.string(),
    teamName: z.string(),
    cohortTag: z.string(),
    cohortName: z.string(),
  }),
]);
export type AdminEvent = z.infer<typeof AdminEventSchema>;
