import { z } from 'zod';
import { PhaseNumberSchema } from '../phase-config.ts';
import { SHARED_FACT_IDS, type SharedFactId } from '../shared-facts.ts';
import { ClientIdSchema, TextEditSchema } from './phase-data.ts';

/** One fact's value may take at most this many characters (a long textarea answer fits easily). */
export const FACT_VALUE_MAX = 8000;

const FactIdSchema = z.enum(SHARED_FACT_IDS as [SharedFactId, ...SharedFactId[]], {
  message: `fact ids are ${SHARED_FACT_IDS.join(', ')}`,
});

/**
 * `POST /api/teams/:teamId/facts`: writes the named facts only (a fact left out keeps its value; an
 * empty string clears one). `givenIn` is the activity the team is on, kept as where a fact was first
 * given when the team has none for it yet. `clientId` lets the page that saved recognise its own event.
 */
export const SaveFactsBodySchema = z.object({
  values: z
    .partialRecord(
      FactIdSchema,
      z.string().max(FACT_VALUE_MAX, `a fact may be at most ${FACT_VALUE_MAX} characters`),
    )
    .refine((values) => Object.keys(values).length > 0, { message: 'values must name at least one fact' }),
  givenIn: PhaseNumberSchema,
  clientId: ClientIdSchema.optional(),
  /** Facts edited as documents (src/shared/shared-text.ts): merged with what others typed; `values` not read for them. */
  text: z.partialRecord(FactIdSchema, TextEditSchema).optional(),
});

export const FactSchema = z.object({
  id: z.string(),
  value: z.string(),
  /** The activity (1-8) where the team first gave this fact. */
  givenIn: z.number().int(),
  updatedAt: z.string(),
  /** The fact's document (base64), when it was typed as one; none: the seed of its value. */
  text: z.string().optional(),
});
export type Fact = z.infer<typeof FactSchema>;

/** `GET /api/teams/:teamId/facts` and the answer of a save: every fact the team holds. */
export const FactsResponseSchema = z.object({ facts: z.array(FactSchema) });
export type FactsResponse = z.infer<typeof FactsResponseSchema>;
