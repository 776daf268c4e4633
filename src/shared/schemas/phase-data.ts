import { z } from 'zod';
import { PhaseNumberSchema } from '../phase-config.ts';
import { IdSchema, PlainObjectSchema } from './common.ts';

/** A phase's answers may take at most 64 KiB as JSON. */
export const PHASE_DATA_MAX_BYTES = 64 * 1024;

export const SavePhaseDataBodySchema = z.object({
  teamId: IdSchema,
  phaseNumber: PhaseNumberSchema,
  data: PlainObjectSchema,
});

export const PhaseDataRecordSchema = z.object({
  teamId: z.string(),
  phaseNumber: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type PhaseDataRecord = z.infer<typeof PhaseDataRecordSchema>;

export const PhaseParamSchema = z.coerce
  .number({ message: 'phase must be a number' })
  .pipe(PhaseNumberSchema);
