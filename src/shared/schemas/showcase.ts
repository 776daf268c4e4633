import { z } from 'zod';
import { IdSchema } from './common.ts';

export const ShowcaseTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarIcon: z.string().nullable(),
  submittedWebsiteUrl: z.string().nullable(),
  /** Whether the team has cast its ballot (never how it voted); absent from an older server. */
  voted: z.boolean().default(false),
});
export type ShowcaseTeam = z.infer<typeof ShowcaseTeamSchema>;

export const VoteSchema = z.object({
  voted_for_team_id: IdSchema,
  rank: z
    .number({ message: 'rank must be 1, 2 or 3' })
    .int()
    .min(1, 'rank must be 1, 2 or 3')
    .max(3, 'rank must be 1, 2 or 3'),
});
export type Vote = z.infer<typeof VoteSchema>;

export const BallotBodySchema = z.object({
  votes: z
    .array(VoteSchema, { message: 'votes must be a list' })
    .min(1, 'votes needs at least one vote')
    .max(3, 'at most 3 votes'),
});

export const BallotResponseSchema = z.object({
  votes: z.array(VoteSchema.extend({ voted_for_team_id: z.string() })),
});

export const ResultRowSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  avatarIcon: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  totalPoints: z.number().int(),
  votes: z.array(z.object({ rank: z.number().int(), count: z.number().int() })),
});
export type ResultRow = z.infer<typeof ResultRowSchema>;
