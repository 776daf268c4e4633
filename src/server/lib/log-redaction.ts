import type { FastifyRequest } from 'fastify';

/**
 * What the logs must never hold (docs/SECURITY.md, "Logs"): a Workspace Code or access token in a URL,
 * and the values of a failed query. Drizzle puts a failed query's parameters in its error message
 * (`params: ...`), and node-postgres puts the offending value in `detail`: a lost connection during
 * `POST /api/teams` would otherwise log the new team's access token.
 */

const REDACTED = '[redacted]';

/** Query parameters that carry keys: `?token=` (secure link), `?team_id=` (a code on the client's pages). */
const SECRET_QUERY = /([?&](?:token|access_token|team_id|code)=)[^&#]*/gi;
/** `GET /api/teams/:code`: the code is the workspace's private key. */
const CODE_PATH = /^(\/api\/teams\/)[^/?#]+(?=$|[?#])/i;

export function redactUrl(url: string): string {
  return url.replace(CODE_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

function redactParams(text: string | undefined): string {
  return (text ?? '').replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`);
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

type LoggedError = Error & { code?: unknown; statusCode?: unknown };

/**
 * The error as logged: its type, code, message and stack, with query parameters cut out; never the
 * driver's extra fields (`detail`, `parameters`, `where`), which quote stored values.
 */
export function serializeError(error: LoggedError, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const cause = error.cause;
  return {
    type: error.constructor?.name ?? error.name,
    message: redactParams(error.message),
    stack: redactParams(error.stack),
    ...(typeof error.code === 'string' ? { code: error.code } : {}),
    ...(typeof error.statusCode === 'number' ? { statusCode: error.statusCode } : {}),
    ...(cause instanceof Error && depth < 3
      ? { cause: serializeError(cause as LoggedError, depth + 1) }
      : {}),
  };
}

/** Fastify's request line, with the keys in its URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
