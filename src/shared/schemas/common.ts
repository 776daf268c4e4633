import { z } from 'zod';

/** Every error response: `{ message }` with the right status (docs/product.md, Calls and their contract). */
export const ErrorResponseSchema = z.object({ message: z.string() });

export const OkResponseSchema = z.object({ ok: z.literal(true) });

export const IdSchema = z.uuid({ message: 'must be a valid id' });

/** A JSON object (not an array, not null), as stored for a phase's answers. */
export const PlainObjectSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { message: 'must be an object' },
);
