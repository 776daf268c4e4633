import { z } from 'zod';
import { PhaseNumberSchema } from '../phase-config.ts';
import { isBlank, plainText } from '../plain-text.ts';
import { FEEDBACK_MAX, HELP_MESSAGE_MAX } from '../text-limits.ts';

/**
 * The instructor coaching a team (docs/decisions/028-coaching.md): feedback on one activity of one team,
 * and a team's request for help.
 */

/** A note an instructor left on one activity of a team, and whether the team has marked it done. */
export const FeedbackNoteSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  phaseNumber: z.number().int(),
  body: z.string(),
  /** The instructor who wrote it, by username. */
  author: z.string(),
  createdAt: z.string(),
  /** When the team marked it done; null while it is not. */
  doneAt: z.string().nullable(),
});
export type FeedbackNote = z.infer<typeof FeedbackNoteSchema>;

export const FeedbackListSchema = z.object({ notes: z.array(FeedbackNoteSchema) });

/** Body of `POST /api/teams/:id/feedback` (instructors). */
export const NewFeedbackBodySchema = z.object({
  phaseNumber: PhaseNumberSchema,
  body: z
    .string({ message: 'body must be text' })
    .overwrite((body) => plainText(body, { multiline: true }))
    .trim()
    .min(1, 'Write the feedback first.')
    .refine((body) => !isBlank(body), 'Write the feedback first.')
    .max(FEEDBACK_MAX, `Feedback may be at most ${FEEDBACK_MAX} characters.`),
});

/** Body of `PATCH /api/teams/:id/feedback/:noteId` (the team): done, or not done after all. */
export const FeedbackDoneBodySchema = z.object({
  done: z.boolean({ message: 'done must be true or false' }),
});

export const HELP_STATUSES = ['open', 'answered', 'withdrawn'] as const;
export type HelpStatus = (typeof HELP_STATUSES)[number];

/** A team's request for help: open until an instructor answers it or the team withdraws it. */
export const HelpRequestSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  phaseNumber: z.number().int(),
  /** The team's optional line ("" when none). */
  message: z.string(),
  status: z.enum(HELP_STATUSES),
  createdAt: z.string(),
  /** When it was answered or withdrawn; null while open. */
  closedAt: z.string().nullable(),
  /** The instructor who answered it, by username. */
  answeredBy: z.string().nullable(),
  /** The instructor's short answer, shown on the team's page ("" when only marked answered). */
  answer: z.string().default(''),
});
export type HelpRequest = z.infer<typeof HelpRequestSchema>;

/** `GET /api/teams/:id/help`: the team's open request, else its latest one (none: null). */
export const TeamHelpSchema = z.object({ request: HelpRequestSchema.nullable() });

/** Body of `POST /api/teams/:id/help` (the team). */
/** `POST /api/admin/help-requests/:id/answer`: an optional short answer the team sees (none: marked answered). */
export const AnswerHelpBodySchema = z
  .object({
    answer: z
      .string({ message: 'answer must be text' })
      .overwrite((answer) => {
        const plain = plainText(answer);
        return isBlank(plain) ? '' : plain;
      })
      .trim()
      .max(HELP_MESSAGE_MAX, `The answer may be at most ${HELP_MESSAGE_MAX} characters.`)
      .default(''),
  })
  // No body at all (plain "Mark answered") reaches the route as null.
  .nullish();

export const NewHelpBodySchema = z.object({
  phaseNumber: PhaseNumberSchema,
  // Invisible-only text is no line: stored as none.
  message: z
    .string({ message: 'message must be text' })
    .overwrite((message) => {
      const plain = plainText(message);
      return isBlank(plain) ? '' : plain;
    })
    .trim()
    .max(HELP_MESSAGE_MAX, `The message may be at most ${HELP_MESSAGE_MAX} characters.`)
    .default(''),
});

/** A request as the instructors' list shows it: with its team's name and cohort. */
export const HelpQueueItemSchema = HelpRequestSchema.extend({
  teamName: z.string(),
  cohortName: z.string().nullable(),
});
export type HelpQueueItem = z.infer<typeof HelpQueueItemSchema>;

/** `GET /api/admin/help-requests`: the open requests, the longest waiting first. */
export const HelpQueueSchema = z.object({ requests: z.array(HelpQueueItemSchema) });
