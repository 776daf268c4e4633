import { z } from 'zod';

/** `POST /api/admin/cohorts/:tag/teams` and `PATCH /api/admin/cohorts/unassign-teams`. */
export const TeamAssignmentResultSchema = z.object({
  cohortTag: z.string().nullable(),
  updated: z.number().int(),
});
export type TeamAssignmentResult = z.infer<typeof TeamAssignmentResultSchema>;
