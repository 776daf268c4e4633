import type { FastifyRequest } from 'fastify';

/**
 * What the logs must never hold (docs/SECURITY.md, "Logs"): a Workspace Code or access token in a URL,
 * and the values of a failed query. Drizzle puts a failed query's parameters in its error message
 * (`params: ...`), and node-postgres puts the offending value in `detail`: a lost connection during
 * `POST /api/teams` would otherwise log the new team's access token.
 */

const REDACTED = '[redacted]';

/** Query parameters that carry keys: `?token=` (secure link), `?team_id=` (a code on the client's pages). */
const SECRET_QUERY_KEYS = new Set(['token', 'access_token', 'team_id', 'code']);
/** Routes whose path holds a key: the router's pattern is logged with that parameter redacted. */
const SECRET_PATH_ROUTES: Record<string, string> = { '/api/teams/:code': `/api/teams/${REDACTED}` };
/** `GET /api/teams/:code` written plainly, for a request no route matched. */
const CODE_PATH = /^(\/api\/teams\/)[^/?#]+$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** The query with the value of every secret key redacted, the key read as the server reads it (decoded). */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const key = at === -1 ? pair : pair.slice(0, at);
      return at !== -1 && SECRET_QUERY_KEYS.has(decoded(key).toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The URL as logged. `route` is the pattern the router matched: a route with a key in its path is logged as
 * its pattern, however the path was spelled (`/%61pi/teams/AB%43D` is `GET /api/teams/:code` too).
 */
export function redactUrl(url: string, route?: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? undefined : url.slice(at + 1);
  const safePath = (route && SECRET_PATH_ROUTES[route]) ?? path.replace(CODE_PATH, `$1${REDACTED}`);
  return query === undefined ? safePath : `${safePath}?${redactQuery(query)}`;
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
    // The matched route, when there is one (a framework error may come before routing).
    url: redactUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
