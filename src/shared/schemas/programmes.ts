import { z } from 'zod';
import { PhaseNumberSchema } from '../phase-config.ts';
import { plainText } from '../plain-text.ts';
import { STANDARD_PROGRAMME_ID, type TeamProgramme } from '../programme-ref.ts';

/*
 * Programmes: the eight activities a cohort runs (docs/product.md, Programmes). The shipped activities are the
 * Standard programme (id "standard", read-only); an instructor copies it (or another programme), edits a
 * draft, publishes versions and assigns a programme to cohorts. The calls' shapes, shared by the server and
 * the dashboard.
 */

export {
  programmeKey,
  STANDARD_PROGRAMME_ID,
  STANDARD_PROGRAMME_NAME,
  STANDARD_TEAM_PROGRAMME,
  type TeamProgramme,
} from '../programme-ref.ts';
export const PROGRAMME_NAME_MAX = 80;
/** The largest programme accepted (a draft, a publish, an import): the standard is about 215 KB. */
export const PROGRAMME_MAX_BYTES = 600_000;

/** A programme's id in a path: "standard" or a stored programme's uuid. */
export const ProgrammeIdSchema = z.union([
  z.literal(STANDARD_PROGRAMME_ID),
  z.uuid({ message: 'must be a valid id' }),
]);

export const ProgrammeNameSchema = z
  .string({ message: 'name is required' })
  .transform((name) => plainText(name).trim())
  .pipe(
    z
      .string()
      .min(1, 'name is required')
      .max(PROGRAMME_NAME_MAX, `name must be at most ${PROGRAMME_NAME_MAX} characters`),
  );

/**
 * A programme's content, as stored in a draft or a version and as exported: its eight activities' configs (the
 * shape of content/phases/phase-N.json, checked with `checkProgramme` from src/shared/programme-checks.ts
 * before it may be published or imported), and the activities switched off for its cohorts. A draft may hold
 * problems; a version never does.
 */
export const ProgrammeContentSchema = z.object({
  /** Activity n's config at index n - 1: objects, checked by `checkProgramme`, not by this schema. */
  activities: z.array(z.record(z.string(), z.unknown())).max(8),
  /** The activities this programme's cohorts do not run (a half-day programme); never all of them. */
  switchedOff: z.array(PhaseNumberSchema).max(7).default([]),
});
export type ProgrammeContent = z.infer<typeof ProgrammeContentSchema>;

/** The export file: one JSON document; an import accepts exactly this. */
export const PROGRAMME_FILE_FORMAT = 'applied-genai-lab.programme';
export const ProgrammeFileSchema = z.object({
  format: z.literal(PROGRAMME_FILE_FORMAT, { message: 'is not an Applied GenAI Lab programme file' }),
  formatVersion: z.literal(1, { message: 'is a programme file of a version this server cannot read' }),
  name: ProgrammeNameSchema,
  content: ProgrammeContentSchema,
});
export type ProgrammeFile = z.infer<typeof ProgrammeFileSchema>;

/**
 * One problem the programme checks (src/shared/programme-checks.ts) found, in words an instructor can act on:
 * the activity (1-8) whose config holds it, null for the programme as a whole; where in that config
 * (`fields[3].options[1].value`, `promptTemplate`, `needs[0].anyOf[1]`; '' for all of it); and what.
 */
export const ProgrammeProblemSchema = z.object({
  activity: z.number().int().nullable(),
  path: z.string(),
  message: z.string(),
});
export type ProgrammeProblem = z.infer<typeof ProgrammeProblemSchema>;

/** `GET /api/admin/programmes`: every programme, the standard first, with the cohorts that use each. */
export const ProgrammeSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  standard: z.boolean(),
  /** The newest published version; null until the first publish (the standard: 1). */
  publishedVersion: z.number().int().nullable(),
  /**
   * The activities the newest published version switches off (none before the first publish): what its
   * cohorts' day leaves out. A server from before this field sends none.
   */
  publishedSwitchedOff: z.array(PhaseNumberSchema).default([]),
  /** Whether the draft differs from the newest published version. */
  unpublishedChanges: z.boolean(),
  /**
   * The cohorts that run it (active and archived), by name, each with its number of teams: whose open pages
   * a publish changes, as the publish confirmation says.
   */
  cohorts: z.array(z.object({ tag: z.string(), name: z.string(), teams: z.number().int().min(0) })),
  updatedAt: z.string(),
});
export const ProgrammeListSchema = z.object({ programmes: z.array(ProgrammeSummarySchema) });

/** `POST /api/admin/programmes`: a new programme, a copy of the standard or of another programme. */
export const CreateProgrammeBodySchema = z.object({
  name: ProgrammeNameSchema,
  copyFrom: ProgrammeIdSchema.default(STANDARD_PROGRAMME_ID),
});

export const ProgrammeVersionSchema = z.object({
  version: z.number().int().min(1),
  publishedAt: z.string(),
  /** The instructor who published it (their username); null for the standard. */
  publishedBy: z.string().nullable(),
});

/** `GET /api/admin/programmes/:programmeId`: the programme with its draft, for the editor. */
export const ProgrammeDetailSchema = ProgrammeSummarySchema.extend({
  draft: ProgrammeContentSchema,
  /** Goes up by one with every saved draft; a save names the revision it was made from. */
  revision: z.number().int().min(0),
  draftUpdatedAt: z.string(),
  draftUpdatedBy: z.string().nullable(),
  versions: z.array(ProgrammeVersionSchema),
});
export type ProgrammeDetail = z.infer<typeof ProgrammeDetailSchema>;

/**
 * `PUT /api/admin/programmes/:programmeId/draft`: the whole draft and the revision it was edited from. 200
 * `{ revision }`; 409 with the current draft when another save came first (nothing is overwritten silently).
 */
export const SaveDraftBodySchema = z.object({
  revision: z.number().int().min(0),
  name: ProgrammeNameSchema.optional(),
  draft: ProgrammeContentSchema,
});
export const SaveDraftResultSchema = z.object({ revision: z.number().int().min(0) });
export const SaveDraftConflictSchema = z.object({
  message: z.string(),
  current: ProgrammeDetailSchema,
});

/** `POST /api/admin/programmes/:programmeId/publish` `{ revision }`: 201 `{ version }`; 422 with the problems. */
export const PublishBodySchema = z.object({ revision: z.number().int().min(0) });
/** The version now published (publish, and republishing an earlier version as a new one). */
export const PublishResultSchema = z.object({ version: z.number().int().min(1) });
export const PublishRefusedSchema = z.object({
  message: z.string(),
  problems: z.array(ProgrammeProblemSchema),
});

/** `PATCH /api/admin/programmes/:programmeId` `{ name }`: renames it; 200 ProgrammeSummarySchema. */
export const RenameProgrammeBodySchema = z.object({ name: ProgrammeNameSchema });

/** `GET /api/admin/programmes/:programmeId/versions/:version`: one published version, whole. */
export const ProgrammeVersionDetailSchema = ProgrammeVersionSchema.extend({
  content: ProgrammeContentSchema,
});

/**
 * `PUT /api/admin/cohorts/:tag/programme`: the programme (published at least once) the cohort runs; 200
 * TeamProgrammeSchema (what its teams now run). `POST /api/admin/cohorts` takes an optional `programmeId` too.
 */
export const AssignProgrammeBodySchema = z.object({ programmeId: ProgrammeIdSchema });

/** What a team's pages run (`TeamProgramme`, src/shared/programme-ref.ts), as the calls carry it. */
export const TeamProgrammeSchema = z.object({
  programmeId: z.string(),
  version: z.number().int().min(1),
  switchedOff: z.array(PhaseNumberSchema),
}) satisfies z.ZodType<TeamProgramme>;

/**
 * The team's live event when what it runs changes (its cohort is given another programme, its programme
 * publishes a version, the team moves to another cohort), and on every (re)connection of its stream.
 */
export const ProgrammeEventSchema = TeamProgrammeSchema.extend({ type: z.literal('programme') });
export type ProgrammeEvent = z.infer<typeof ProgrammeEventSchema>;

/*
 * The team's side (a team session of the team, or an instructor):
 * - `GET /api/teams/:teamId/programme`: TeamProgrammeSchema.
 * - `GET /api/programmes/:programmeId/versions/:version/phase-:n`: activity n's config of that published
 *   version (PhaseConfigSchema); immutable, cached for long. Anyone may read the standard's; another
 *   programme's, an instructor or a team session of a cohort that runs it.
 * - `GET /api/programmes/:programmeId/versions/:version/fields`: ActivityFieldsSchema of that version.
 * - Live: the team's stream carries `{ type: 'programme', programmeId, version, switchedOff }`
 *   (ProgrammeEventSchema, one of TeamEventSchema's events) when its cohort is given another programme, its
 *   programme publishes a version or the team moves to another cohort, and after `presence` on every
 *   (re)connection; open pages switch to it without a reload and keep what the team typed.
 */
