import { describe, expect, it } from 'vitest';
import { NOTIFY_PAYLOAD_MAX } from './event-bus.ts';
import { notifiablePayload } from './postgres-event-bus.ts';

const long = 'x'.repeat(NOTIFY_PAYLOAD_MAX);
const at = '2026-11-23T10:00:00.000Z';

describe('notifiablePayload: what fits in a NOTIFY', () => {
  it('sends a small event whole', () => {
    const notice = {
      origin: 'a',
      channel: 'team:t',
      event: {
        type: 'facts' as const,
        clientId: null,
        facts: [{ id: 'sector', value: 'Toys', givenIn: 1, updatedAt: at }],
      },
    };
    expect(JSON.parse(notifiablePayload(notice)!)).toEqual(notice);
  });

  it("leaves a save's values out when they do not fit, so the pages read the activity again", () => {
    const event = {
      type: 'answers' as const,
      teamId: 't',
      phaseNumber: 1,
      version: 2,
      updatedAt: at,
      clientId: null,
      changed: ['idea'],
      values: { idea: long },
    };
    const payload = JSON.parse(notifiablePayload({ origin: 'a', channel: 'team:t', event })!);
    expect(payload.event.values).toBeUndefined();
    expect(payload.event.changed).toEqual(['idea']);
  });

  it("leaves a facts save's facts out when they do not fit, so the pages read the facts again", () => {
    const event = {
      type: 'facts' as const,
      clientId: 'page-1234',
      facts: [{ id: 'target_audience', value: long, givenIn: 1, updatedAt: at }],
    };
    const payload = JSON.parse(notifiablePayload({ origin: 'a', channel: 'team:t', event })!);
    expect(payload.event).toEqual({ type: 'facts', clientId: 'page-1234', facts: [] });
  });
});
