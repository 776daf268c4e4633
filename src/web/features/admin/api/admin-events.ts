import { type AdminEvent, AdminEventSchema } from '@shared/schemas/admin';

/**
 * Opens the instructor's progress stream (`GET /api/admin/events`, Server-Sent Events, admin session only)
 * and hands every well-formed event to `onEvent`; malformed messages are dropped. Errors stay quiet:
 * EventSource reconnects by itself. Returns the function that closes it.
 */
export function subscribeToAdminEvents(onEvent: (event: AdminEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource('/api/admin/events', { withCredentials: true });
  source.onmessage = (message) => {
    let parsed: ReturnType<typeof AdminEventSchema.safeParse>;
    try {
      parsed = AdminEventSchema.safeParse(JSON.parse(message.data));
    } catch {
      return;
    }
    if (parsed.success) onEvent(parsed.data);
  };
  source.onerror = () => {};
  return () => source.close();
}
