/** A failed call: `message` reads "STATUS: response text"; `serverMessage` is the JSON message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
};

/**
 * Every call includes credentials (cookies); a JSON content type is sent only when there is a body. A
 * non-OK response throws an ApiError whose message is the status, ': ', then the response text.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, keepalive } = options;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    keepalive,
  });
  if (!response.ok) throw await apiErrorFrom(response);
  if (response.status === 204) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  return (contentType.includes('application/json') ? await response.json() : await response.text()) as T;
}

/** The ApiError for a non-OK response: "STATUS: text", and the JSON `message` when there is one. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let serverMessage: string | undefined;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') serverMessage = parsed.message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage);
}

/** The server's own words for a failed call, if it sent any; the caller falls back to its default. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
