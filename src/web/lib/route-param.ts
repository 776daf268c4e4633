/**
 * A path parameter as the visitor typed it: wouter hands parameters over as they are in the URL,
 * percent-encoded (`/showcase/spring%202026`). A malformed escape is kept as is.
 */
export function decodeParam(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
