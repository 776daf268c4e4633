import { ApiError } from '@/lib/api-client';

/** The server's own words for a failed call, if it sent any; the toast falls back to its default. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
