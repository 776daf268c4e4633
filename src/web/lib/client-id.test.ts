import { DEVICE_LABEL_MAX } from '@shared/schemas/team-events';
import { ClientIdSchema } from '@shared/schemas/phase-data';
import { describe, expect, it } from 'vitest';
import { clientId, deviceLabel, LABEL_MAX, newClientId } from './client-id.ts';

describe('client id', () => {
  it('is a valid clientId, random per page, and stays the same for the page', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(ClientIdSchema.safeParse(id).success).toBe(true);
    expect(clientId()).toBe(clientId());
    expect(ClientIdSchema.safeParse(clientId()).success).toBe(true);
    // Every byte maps into the alphabet, the highest included.
    expect(newClientId((b) => b.fill(255))).toMatch(/^[A-Za-z0-9]{22}$/);
  });
});

describe('device label', () => {
  const cases: [string, string][] = [
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPadOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on ChromeOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['', 'Browser'],
  ];
  it.each(cases)('%s -> %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });

  it('is never longer than the stream accepts', () => {
    expect(LABEL_MAX).toBe(DEVICE_LABEL_MAX);
    for (const [agent] of cases) expect(deviceLabel(agent).length).toBeLessThanOrEqual(DEVICE_LABEL_MAX);
  });
});
