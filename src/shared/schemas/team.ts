import { z } from 'zod';
import { AVATAR_ICONS } from '../avatars.ts';
import { isBlank, plainText } from '../plain-text.ts';
import { TEAM_NAME_MAX } from '../text-limits.ts';
import { WORKSPACE_CODE_PATTERN } from '../workspace-code.ts';
import { STANDARD_TEAM_PROGRAMME, TeamProgrammeSchema } from './programmes.ts';

/** A team's name: one line of plain text (plain-text.ts), something visible in it. */
export const TeamNameSchema = z
  .string({ message: 'name is required' })
  .overwrite((name) => plainText(name))
  .trim()
  .min(1, 'name is required')
  .refine((name) => !isBlank(name), 'name is required')
  .max(TEAM_NAME_MAX, `name must be at most ${TEAM_NAME_MAX} characters`);

export const WorkspaceCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(WORKSPACE_CODE_PATTERN, 'code must be 4 characters, A-Z and 0-9');

export const CreateTeamBodySchema = z.object({
  name: TeamNameSchema,
  code: WorkspaceCodeSchema.optional(),
});

export const TeamSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  avatarIcon: z.string().nullable(),
  currentPhase: z.number().int(),
  cohortTag: z.string().nullable(),
  accessToken: z.string(),
  submittedWebsiteUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

export const UpdateAvatarBodySchema = z.object({
  avatarIcon: z.enum(AVATAR_ICONS, { message: 'avatarIcon must be one of the 36 avatars' }),
});

export const UpdateWebsiteBodySchema = z.object({
  websiteUrl: z.string({ message: 'websiteUrl is required' }).max(2048, 'websiteUrl is too long'),
});

export const TeamLoginBodySchema = z.object({
  access_token: z
    .string({ message: 'access_token is required' })
    .trim()
    .min(1, 'access_token is required')
    .max(128),
});

export const TeamStatusSchema = z.object({ team: TeamSchema });

/** The admin's list: each team with the phases it has saved and its progress (0..1). */
export const AdminTeamSchema = TeamSchema.extend({
  phasesWithData: z.array(z.number().int()),
  /**
   * The activity each of the team's own open pages shows now (one entry per page, from the live layer's
   * presence): where the team is now. Empty while none is open; a server from before it sends none.
   */
  openPhases: z.array(z.number().int()).default([]),
  /** The activities it has done: every required field answered (src/shared/activity-done.ts). */
  activitiesDone: z.array(z.number().int()),
  progress: z.number(),
  cohortName: z.string().nullable(),
  /**
   * What the team runs (its cohort's programme and version, the activities it switches off): the board's
   * columns and "Done" follow it. A server from before programmes sends none: the standard.
   */
  programme: TeamProgrammeSchema.default(STANDARD_TEAM_PROGRAMME),
});
export type AdminTeam = z.infer<typeof AdminTeamSchema>;
