import { z } from 'zod';
import { PhaseNumberSchema } from '../phase-config.ts';
import { IdSchema, PlainObjectSchema } from './common.ts';

/** A phase's answers may take at most 64 KiB as JSON. */
export const PHASE_DATA_MAX_BYTES = 64 * 1024;

/** A save's body: the answers, their edits as documents (base64, with the ids of what was typed) and the envelope. */
export const PHASE_DATA_BODY_LIMIT = PHASE_DATA_MAX_BYTES * 4;

/** More field ids than any activity has, so a save naming its changed fields is never refused for it. */
export const CHANGED_FIELDS_MAX = 200;

/** Identifies one open page (a tab on one device), so its own saves can be told from a teammate's. */
export const ClientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'clientId must be 8 to 64 letters, digits, "-" or "_"');

const FieldIdSchema = z.string().min(1).max(100);

/** A text field's document, or an update of one, as it travels: base64 (src/shared/shared-text.ts). */
export const EncodedTextSchema = z
  .string()
  .max(PHASE_DATA_MAX_BYTES * 2, 'a text edit may take at most 128 KiB')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'a text edit is base64');

/**
 * A device's edit of one text field: what it typed since the copy of the field's document it last had from
 * the store (`update`), and the state vector of all it now holds (`sv`), so the answer brings it only what
 * it lacks (docs/decisions/051-text-typed-together-merges.md).
 */
export const TextEditSchema = z.object({ update: EncodedTextSchema, sv: EncodedTextSchema });

/**
 * A save of one activity's answers. Several devices of one team edit the same activity at once, so a save
 * writes only what its device changed (docs/decisions/014-merging-saves.md):
 * - `changed` names the fields this device edited: only those are written (a named field absent from
 *   `data` is removed); every other stored answer stays, whatever `data` holds for it;
 * - without `changed`, `baseVersion` (the record `version` the device's copy came from) writes the fields
 *   nobody else wrote after that version; fields a teammate saved since are kept;
 * - with neither (a client that only knows the whole activity), every field in `data` is written and the
 *   stored fields it does not mention are kept.
 */
export const SavePhaseDataBodySchema = z.object({
  teamId: IdSchema,
  phaseNumber: PhaseNumberSchema,
  data: PlainObjectSchema,
  changed: z
    .array(FieldIdSchema, { message: 'changed must be a list of field ids' })
    .max(CHANGED_FIELDS_MAX, `changed may name at most ${CHANGED_FIELDS_MAX} fields`)
    .optional(),
  baseVersion: z
    .number({ message: 'baseVersion must be a number' })
    .int('baseVersion must be a whole number')
    .min(0, 'baseVersion must be at least 0')
    .optional(),
  clientId: ClientIdSchema.optional(),
  /**
   * Text fields edited as documents: each edit is merged with what other devices typed into the field, so
   * every device's words stay; `data` is not read for these fields (a server that knows no documents
   * writes it instead, whole).
   */
  text: z
    .record(FieldIdSchema, TextEditSchema, { message: 'text must map field ids to text edits' })
    .refine((edits) => Object.keys(edits).length <= CHANGED_FIELDS_MAX, {
      message: `text may name at most ${CHANGED_FIELDS_MAX} fields`,
    })
    .optional(),
});
export type SavePhaseDataBody = z.infer<typeof SavePhaseDataBodySchema>;

export const PhaseDataRecordSchema = z.object({
  teamId: z.string(),
  phaseNumber: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
  /** Counts the saves of this activity: 1 after the first. A save can name it as its `baseVersion`. */
  version: z.number().int(),
  /**
   * The document of each text field typed as one (base64, by field id); a field without one has the seed of
   * its value (src/shared/shared-text.ts). Absent from an older server.
   */
  text: z.record(z.string(), z.string()).optional(),
});
export type PhaseDataRecord = z.infer<typeof PhaseDataRecordSchema>;

/**
 * The answer to a save: the record (without its documents), and for each text edit what the saving device
 * lacks of the field's document now, teammates' words merged (`textUpdates`, base64 by field id).
 */
export const SavedPhaseDataSchema = PhaseDataRecordSchema.extend({
  textUpdates: z.record(z.string(), z.string()).optional(),
});
export type SavedPhaseData = z.infer<typeof SavedPhaseDataSchema>;

export const PhaseParamSchema = z.coerce
  .number({ message: 'phase must be a number' })
  .pipe(PhaseNumberSchema);
