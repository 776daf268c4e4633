import { type CohortEvent, CohortEventSchema } from '@shared/schemas/cohort';

/**
 * Opens the live classroom stream of one cohort (`GET /api/cohorts/{tag}/events`, Server-Sent Events) and
 * hands every well-formed event to `onEvent`; malformed messages are dropped. Errors stay quiet on
 * purpose: EventSource reconnects by itself (the server asks for 3 s). Returns the function that closes it.
 */
export function subscribeToCohortEvents(tag: string, onEvent: (event: CohortEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/cohorts/${encodeURIComponent(tag)}/events`, { withCredentials: true });
  source.onmessage = (message) => {
    let parsed: ReturnType<typeof CohortEventSchema.safeParse>;
    try {
      parsed = CohortEventSchema.safeParse(JSON.parse(message.data));
    } catch {
      return;
    }
    if (parsed.success) onEvent(parsed.data);
  };
  source.onerror = () => {};
  return () => source.close();
}
