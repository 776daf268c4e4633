/**
 * A failed call: `message` reads "STATUS: response text"; `serverMessage` is the JSON message, `body` the
 * whole JSON answer (a refusal that says more than a message: a save's conflict, a publish's problems).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * How long a call may go without its whole answer. Every call answers in milliseconds (docs/PERFORMANCE.md);
 * one that has not after this never will (a server or network that stopped answering), and is a failure
 * the page can say and retry (an autosave retries it), not a wait without end.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/** A download (the CSV export, a PDF) may take longer; still not forever. */
export const DOWNLOAD_TIMEOUT_MS = 60_000;

/** The call got no (complete) answer within its time. */
export class RequestTimeoutError extends Error {
  constructor() {
    super('The server did not answer in time.');
    this.name = 'RequestTimeoutError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
  timeoutMs?: number;
};

/**
 * Every call includes credentials (cookies); a JSON content type is sent only when there is a body. A
 * non-OK response throws an ApiError whose message is the status, ': ', then the response text; no answer
 * within `timeoutMs` throws a RequestTimeoutError.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, keepalive, timeoutMs } = options;
  return withTimeout(timeoutMs ?? REQUEST_TIMEOUT_MS, signal, async (combined) => {
    const response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: combined,
      keepalive,
    });
    if (!response.ok) throw await apiErrorFrom(response);
    if (response.status === 204) return undefined as T;
    const contentType = response.headers.get('content-type') ?? '';
    return (contentType.includes('application/json') ? await response.json() : await response.text()) as T;
  });
}

/**
 * Runs `call` with a signal that aborts after `timeoutMs` (or when `signal` does); a call cut short by the
 * time throws a RequestTimeoutError, whatever the browser threw.
 */
export async function withTimeout<T>(
  timeoutMs: number,
  signal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  signal?.addEventListener('abort', forward);
  try {
    return await call(controller.signal);
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** The ApiError for a non-OK response: "STATUS: text", and the JSON `message` when there is one. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let serverMessage: string | undefined;
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message === 'string') serverMessage = message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return new ApiError(
    response.status,
    `${response.status}: ${text || response.statusText}`,
    serverMessage,
    body,
  );
}

/** The server's own words for a failed call, if it sent any; the caller falls back to its default. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
