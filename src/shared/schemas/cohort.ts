import { z } from 'zod';
import { isBlank, plainText } from '../plain-text.ts';
import { IdSchema } from './common.ts';
import { PaceEventSchema, PaceSchema } from './pace.ts';
import { ProgrammeIdSchema, TeamProgrammeSchema } from './programmes.ts';

export const COHORT_TAG_MAX = 48;
export const COHORT_NAME_MAX = 120;
export const COHORT_DESCRIPTION_MAX = 1000;
export const COHORT_TAG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The cohort tag's one rule: lowercase letters and digits in groups joined by single hyphens, at most
 * COHORT_TAG_MAX characters. A new cohort's tag must keep it (400 naming the rule); a tag named in a path or
 * a query is read with `cohortTagOf`.
 */
export const CohortTagSchema = z
  .string({ message: 'tag is required' })
  .trim()
  .min(1, 'tag is required')
  .max(COHORT_TAG_MAX, `tag must be at most ${COHORT_TAG_MAX} characters`)
  .regex(COHORT_TAG_PATTERN, 'tag may use lowercase letters, numbers and single hyphens between them');

/**
 * The tag of the cohort a path or a query names, as stored: look-ups ignore case and surrounding spaces.
 * Undefined for text no cohort can have (not a tag, or longer than any tag), which a look-up answers like
 * an unknown tag (404 "Cohort not found."): no such cohort exists.
 */
export function cohortTagOf(text: string): string | undefined {
  const parsed = CohortTagSchema.safeParse(text.toLowerCase());
  return parsed.success ? parsed.data : undefined;
}

/** The room's reveal, step by step: 3rd place, 2nd, 1st, then the leaderboard (all of it). */
export const REVEAL_STEPS = { none: 0, third: 1, second: 2, first: 3, all: 4 } as const;
// Absent from an older server's record: read as before any step (the whole reveal once revealedAt is set).
export const RevealStepSchema = z.number().int().min(0).max(4).default(0);

export const CohortSchema = z.object({
  tag: z.string(),
  name: z.string(),
  description: z.string(),
  competitionEnabled: z.boolean(),
  votingOpen: z.boolean(),
  resultsVisible: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
  /** When the instructor started the room's reveal of the winners (ISO); null until then. */
  revealedAt: z.string().nullable(),
  /** How far the room's reveal has come: 0 before it, 1 3rd place, 2 2nd, 3 1st, 4 the leaderboard. */
  revealStep: RevealStepSchema,
  /**
   * An instructor runs the room's reveal: until it starts, teams get no result and wait for the big screen
   * (docs/decisions/052-the-room-reveal-held-and-paced.md).
   */
  revealHeld: z.boolean(),
  /** Whether teams may join by the cohort's join link now. */
  joiningOpen: z.boolean(),
});
export type Cohort = z.infer<typeof CohortSchema>;

/**
 * `GET /api/cohorts/:tag/status`: the switches, the room's reveal, "N of M teams voted" and the room's pace.
 */
export const CohortStatusSchema = CohortSchema.pick({
  name: true,
  competitionEnabled: true,
  votingOpen: true,
  resultsVisible: true,
  revealedAt: true,
  revealStep: true,
  revealHeld: true,
}).extend({
  /** Ballots cast in the cohort (N). */
  ballotCount: z.number().int(),
  /** Teams of the cohort (M). */
  teamCount: z.number().int(),
  /** The room's pace now (none while archived), and the server's clock when it was read (ISO). */
  pace: PaceSchema,
  clock: z.string(),
  /**
   * What the cohort's teams run (the pace names its activity as that programme does; its content stays
   * for the cohort's teams and instructors). Absent from an older server: read as the Standard programme.
   */
  programme: TeamProgrammeSchema.optional(),
});
export type CohortStatus = z.infer<typeof CohortStatusSchema>;

/** A team named in a list of the admin's cohort card. */
export const CohortTeamRefSchema = z.object({ id: z.string(), name: z.string() });
export type CohortTeamRef = z.infer<typeof CohortTeamRefSchema>;

/** The admin's view of a cohort, with its live counts. */
export const AdminCohortSchema = CohortSchema.extend({
  teamCount: z.number().int(),
  submittedCount: z.number().int(),
  ballotCount: z.number().int(),
  /** The cohort's teams without a ballot, by name. */
  notVoted: z.array(CohortTeamRefSchema),
  /** The cohort's teams without a submitted website, by name. */
  missingWebsite: z.array(CohortTeamRefSchema),
  /** What the cohort's join link carries: instructors only (never on the cohort's public record). */
  joinCode: z.string(),
  /**
   * What a person types from the room's screen at `/join` (6 characters of the same alphabet): instructors
   * only, like the join code. Absent from an older server.
   */
  roomCode: z.string().optional(),
  /** The room's pace now (docs/product.md, Pacing the room and joining a cohort). */
  pace: PaceSchema,
  /** The server's clock when the list was read (ISO): a countdown's time left counts from it. */
  clock: z.string(),
  /**
   * What its teams run: the programme's newest version and the activities it switches off (the pace's
   * choices and names). Absent from an older server: read as the Standard programme.
   */
  programme: TeamProgrammeSchema.optional(),
});
export type AdminCohort = z.infer<typeof AdminCohortSchema>;

export const CreateCohortBodySchema = z.object({
  tag: CohortTagSchema,
  name: z
    .string({ message: 'name is required' })
    .overwrite((name) => plainText(name))
    .trim()
    .min(1, 'name is required')
    .refine((name) => !isBlank(name), 'name is required')
    .max(COHORT_NAME_MAX, `name must be at most ${COHORT_NAME_MAX} characters`),
  // Invisible-only text is no description: stored as none.
  description: z
    .string()
    .overwrite((text) => {
      const plain = plainText(text, { multiline: true });
      return isBlank(plain) ? '' : plain;
    })
    .trim()
    .max(COHORT_DESCRIPTION_MAX, `description must be at most ${COHORT_DESCRIPTION_MAX} characters`)
    .optional(),
  /** The programme its teams run (published at least once); the Standard programme when absent. */
  programmeId: ProgrammeIdSchema.optional(),
});
export type CreateCohortBody = z.input<typeof CreateCohortBodySchema>;

/** Exactly one switch per call, so two instructors' clicks never overwrite each other's other switch. */
export const UpdateCohortBodySchema = z
  .object({
    competitionEnabled: z.boolean().optional(),
    votingOpen: z.boolean().optional(),
    resultsVisible: z.boolean().optional(),
    joiningOpen: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).filter((v) => v !== undefined).length === 1, {
    message: 'send exactly one of competitionEnabled, votingOpen, resultsVisible, joiningOpen',
  });
/** The names of a cohort's switches. */
export type CohortSwitch = keyof z.input<typeof UpdateCohortBodySchema>;

export const TeamIdsBodySchema = z.object({
  teamIds: z
    .array(IdSchema, { message: 'teamIds must be a list of team ids' })
    .min(1, 'teamIds needs at least one team')
    .max(1000),
});

/**
 * `POST /api/admin/cohorts/:tag/reveal` (all of it) and `/reveal/next` (the next place): the moment the
 * room's reveal started (the first press's) and the step it has reached.
 */
export const RevealResponseSchema = z.object({ revealedAt: z.string(), revealStep: RevealStepSchema });
export type RevealResponse = z.infer<typeof RevealResponseSchema>;

/** `POST /api/admin/cohorts/:tag/reveal`: no body (or no step) reveals all; `{step}` moves to that step. */
export const RevealBodySchema = z
  .object({
    step: z
      .number({ message: 'step: a step of the reveal from 1 (3rd place) to 4 (the leaderboard).' })
      .int('step: a step of the reveal from 1 (3rd place) to 4 (the leaderboard).')
      .min(1, 'step: a step of the reveal from 1 (3rd place) to 4 (the leaderboard).')
      .max(4, 'step: a step of the reveal from 1 (3rd place) to 4 (the leaderboard).')
      .optional(),
  })
  // No body at all reaches the route as null.
  .nullish();

/** `POST /api/admin/cohorts/:tag/reveal/hold`: the instructor takes the reveal to the big screen. */
export const RevealHoldResponseSchema = z.object({ revealHeld: z.boolean() });

/**
 * Live classroom events on `GET /api/cohorts/:tag/events` (Server-Sent Events):
 * - `cohort`: the cohort's record after a change of its switches, its archive state or its reveal.
 * - `ballots`: "N of M teams voted": ballots cast and teams of the cohort.
 * - `reveal`: the instructor started the room's reveal (`revealedAt`) or moved it a step (`revealStep`), or
 *   hid the results again (null, step 0).
 * - `pace`: the room's pace as it now stands, with the server's clock (src/shared/schemas/pace.ts).
 */
export const CohortEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cohort'), cohort: CohortSchema }),
  z.object({ type: z.literal('ballots'), ballotCount: z.number().int(), teamCount: z.number().int() }),
  z.object({ type: z.literal('reveal'), revealedAt: z.string().nullable(), revealStep: RevealStepSchema }),
  PaceEventSchema,
]);
export type CohortEvent = z.infer<typeof CohortEventSchema>;

/**
 * A cohort's join code (docs/decisions/035-pacing-and-joining.md): 12 characters of these 16, none of which
 * reads as another (no 0 and O, 1 and I or L, 5 and S, 8 and B). A code is read in capitals, spaces and
 * hyphens aside, so a code typed from a screen in groups still works.
 */
export const JOIN_CODE_ALPHABET = 'ACDEFGHJKMNPRTWX';
export const JOIN_CODE_LENGTH = 12;
const JOIN_CODE_PATTERN = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

/**
 * A cohort's room code (docs/decisions/048-the-room-reads-one-story.md): 6 characters of the same alphabet,
 * short enough to type from a projector ("KXM RTA" at `/join`). The join link's 12-character code keeps
 * working beside it.
 */
export const ROOM_CODE_LENGTH = 6;
const ROOM_CODE_PATTERN = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

/**
 * The code `text` names, as stored: a join link's code or a room code; undefined for text no cohort's code
 * can be.
 */
export function joinCodeOf(text: string): string | undefined {
  const code = text.toUpperCase().replace(/[\s-]/g, '');
  return JOIN_CODE_PATTERN.test(code) || ROOM_CODE_PATTERN.test(code) ? code : undefined;
}

/** A room code as the room's screen shows it: two groups of three ("KXM RTA"). */
export function roomCodeText(code: string): string {
  return code.length === ROOM_CODE_LENGTH ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** Where a team opens a cohort's join link: the page that asks "Join cohort X?". */
export const joinPath = (code: string) => `/join/${code}`;

/** Where a person types a room code read from the room's screen. */
export const JOIN_PAGE_PATH = '/join';

/** A cohort as a team about to join sees it: its tag and name. */
export const CohortNameSchema = z.object({ tag: z.string(), name: z.string() });

/**
 * `GET /api/teams/:teamId/cohort-join/:code`: the cohort a join code names, and the cohort the team is in
 * now (null for none; the same cohort when it is in it already).
 */
export const CohortJoinPreviewSchema = z.object({
  cohort: CohortNameSchema,
  from: CohortNameSchema.nullable(),
});
export type CohortJoinPreview = z.infer<typeof CohortJoinPreviewSchema>;

export const CohortJoinBodySchema = z.object({
  code: z.string({ message: 'code is required' }).max(64, 'code is not a join code'),
  /** Moving out of another cohort is confirmed: without it, a team in another cohort is refused (409). */
  move: z.boolean().optional(),
});
export type CohortJoinBody = z.infer<typeof CohortJoinBodySchema>;

/** `POST /api/teams/:teamId/cohort-join`: the cohort joined, the one left (null for none), and whether it moved. */
export const CohortJoinResultSchema = z.object({
  cohort: CohortNameSchema,
  from: CohortNameSchema.nullable(),
  joined: z.boolean(),
});
export type CohortJoinResult = z.infer<typeof CohortJoinResultSchema>;
