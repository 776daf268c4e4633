import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps driver errors as "Failed query: <sql>" with the driver's error as
  // `cause`, and node-postgres's "Connection terminated unexpectedly" has no code, so a query that hit a
  // dead connection was a 500. Look through the whole cause chain (a few levels) for a code or message.
  for (let e = error as ErrorLike | undefined, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (e.code !== undefined && CONNECTION_ERRORS.has(e.code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|PGlite is closed/i.test(
        e.message ?? '',
      )
    ) {
      return true;
    }
  }
  return false;
}

type ErrorLike = { code?: string; cause?: ErrorLike; message?: string };

/** "name: must be at most 80 characters" — the field named once, first. */
function describeIssue(path: string, message: string): string {
  if (!path) return message;
  return message.startsWith(path) ? message : `${path}: ${message}`;
}

/**
 * One error handler: every failure is `{ message }` with the right status; a 5xx never carries a stack,
 * SQL or a driver's words.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0];
        const path = (issue?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        return reply.status(400).send({ message: describeIssue(path, issue?.message ?? 'Invalid input') });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
        return reply.status(413).send({ message: MESSAGES.bodyTooLarge });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.status(400).send({ message: MESSAGES.invalidJson });
      }
      if (error.statusCode === 429) {
        return reply.status(429).send({ message: error.message });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ message: error.message });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply.status(503).send({ message: MESSAGES.databaseUnavailable });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: MESSAGES.internal });
    });
  },
  { name: 'errors' },
);
