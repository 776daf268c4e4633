import { z } from 'zod';

/** `DELETE /api/teams/:id`: the team's name, typed by whoever deletes it, as the confirmation. */
export const DeleteTeamBodySchema = z.object(
  {
    confirmName: z
      .string({ message: "confirmName is required: type the team's name to confirm" })
      .max(200, 'confirmName is too long'),
  },
  { message: "send { confirmName } with the team's name to confirm" },
);

/** What was deleted: the team, and the cohort whose showcase and results it has left. */
export const DeletedTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  cohortTag: z.string().nullable(),
});
export type DeletedTeam = z.infer<typeof DeletedTeamSchema>;

/** `DELETE /api/admin/cohorts/:tag` (archived cohorts only): what went with it. */
export const DeletedCohortSchema = z.object({
  tag: z.string(),
  name: z.string(),
  /** Teams of the cohort, kept and now in no cohort. */
  teamsUnassigned: z.number().int(),
  /** The cohort's ballots, deleted. */
  ballotsDeleted: z.number().int(),
});
export type DeletedCohort = z.infer<typeof DeletedCohortSchema>;
