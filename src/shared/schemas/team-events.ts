import { z } from 'zod';
import { TOTAL_PHASES } from '../phases.ts';
import { FeedbackNoteSchema, HelpRequestSchema } from './coaching.ts';
import { FactSchema } from './facts.ts';
import { PaceEventSchema } from './pace.ts';
import { ClientIdSchema } from './phase-data.ts';
import { ProgrammeEventSchema } from './programmes.ts';

/** Where an open page of a workspace is: an activity, or elsewhere in the app (null). */
export const PresencePhaseSchema = z.number().int().min(1).max(TOTAL_PHASES).nullable();

/** Query of `GET /api/teams/:teamId/events` (one page's stream; browsers use `/api/events`). */
export const TeamEventsQuerySchema = z.object({
  clientId: ClientIdSchema,
  phase: z.coerce
    .number({ message: 'phase must be a number' })
    .int()
    .min(1, 'phase must be between 1 and 8')
    .max(TOTAL_PHASES, 'phase must be between 1 and 8')
    .optional(),
});

export const PresenceDeviceSchema = z.object({
  clientId: z.string(),
  phase: PresencePhaseSchema,
  /** The device, made by the server from the user agent ("Chrome on macOS"; src/shared/device-label.ts). */
  label: z.string().nullable(),
  /** An instructor's page rather than a team member's: decided by the session, never by the label. */
  admin: z.boolean(),
});
export type PresenceDevice = z.infer<typeof PresenceDeviceSchema>;

/**
 * Live events of one workspace on `GET /api/teams/:teamId/events` (Server-Sent Events):
 * - `answers`: a save of one activity: its new `version`, the fields it wrote and, when they fit in an
 *   event, their values (`values` absent: read the activity again) and, for text fields with a document,
 *   what the save added to it (`textUpdates`, base64 by field id). `clientId` is the saving page's.
 * - `versions`: sent first on every (re)connection: each saved activity's current version, so a page
 *   that missed events while disconnected knows what to read again.
 * - `presence`: the pages open on this workspace now (sent first on every (re)connection);
 * - `presence-change`: pages that opened or moved (`upsert`, by `clientId`) and pages that closed
 *   (`remove`): each change is sent as itself, never the whole list again.
 * - `facts`: a save of the team's shared facts: the facts it wrote, as now stored (with their documents),
 *   and the saving page's `clientId` (no facts: too large for an event, read them again). A page that reconnects reads the facts
 *   again on `versions`.
 */
export const TeamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('answers'),
    teamId: z.string(),
    phaseNumber: z.number().int(),
    version: z.number().int(),
    updatedAt: z.string(),
    clientId: z.string().nullable(),
    changed: z.array(z.string()),
    values: z.record(z.string(), z.unknown()).optional(),
    textUpdates: z.record(z.string(), z.string()).optional(),
  }),
  z.object({
    type: z.literal('versions'),
    versions: z.record(z.string(), z.number().int()),
  }),
  z.object({ type: z.literal('presence'), devices: z.array(PresenceDeviceSchema) }),
  z.object({
    type: z.literal('presence-change'),
    upsert: z.array(PresenceDeviceSchema),
    remove: z.array(z.string()),
  }),
  z.object({ type: z.literal('facts'), clientId: z.string().nullable(), facts: z.array(FactSchema) }),
  /** An instructor's note on one of the team's activities, new or changed (marked done, or not). */
  z.object({ type: z.literal('feedback'), note: FeedbackNoteSchema }),
  z.object({ type: z.literal('feedback-removed'), id: z.string(), phaseNumber: z.number().int() }),
  /** The team's request for help, as it now stands (asked, answered, withdrawn). */
  z.object({ type: z.literal('help'), request: HelpRequestSchema }),
  /**
   * The pace of the team's cohort (its instructor's message, "Now: Activity N", a countdown), whenever it or
   * the team's cohort changes, and after `presence` on a (re)connection while the cohort has one (a page
   * forgets the pace it held at `versions`).
   */
  PaceEventSchema,
  /** What the team runs now (src/shared/schemas/programmes.ts): after `presence` on a (re)connection, and on a change. */
  ProgrammeEventSchema,
  /**
   * A prompt run on the institute's model started or ended (src/shared/schemas/runs.ts): the pages read the
   * team's runs again. Only ids and the status: a prompt and its answer are too large for an event.
   */
  z.object({
    type: z.literal('run'),
    runId: z.string(),
    phaseNumber: z.number().int(),
    status: z.enum(['running', 'done', 'stopped', 'failed']),
  }),
  /** The instructor changed the team's runs (switched on or off, paused, a budget or a limit): read them again. */
  z.object({ type: z.literal('run-settings') }),
]);
export type TeamEvent = z.infer<typeof TeamEventSchema>;
export type AnswersEvent = Extract<TeamEvent, { type: 'answers' }>;
