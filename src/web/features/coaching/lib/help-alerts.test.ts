import type { HelpQueueItem } from '@shared/schemas/coaching';
import { describe, expect, it } from 'vitest';
import { alertsOn, claimAlert, HELP_ALERTED_KEY, newRequests, setAlertsOn } from './help-alerts.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const request = (id: string): HelpQueueItem => ({
  id,
  teamId: `team-${id}`,
  phaseNumber: 2,
  message: '',
  status: 'open',
  createdAt: '2026-11-26T10:00:00Z',
  closedAt: null,
  answeredBy: null,
  answer: '',
  teamName: `Team ${id}`,
  cohortName: null,
});

describe('help request alerts', () => {
  it('alerts only for requests that arrived after the list was first read', () => {
    const seen = new Set(['a', 'b']);
    expect(newRequests(seen, [request('a'), request('b')])).toEqual([]);
    expect(newRequests(seen, [request('a'), request('c')]).map((r) => r.id)).toEqual(['c']);
  });

  it('lets one tab claim a request, and no other after it', () => {
    const storage = memoryStorage();
    expect(claimAlert('r1', storage)).toBe(true);
    expect(claimAlert('r1', storage)).toBe(false);
    expect(claimAlert('r2', storage)).toBe(true);
  });

  it('remembers a bounded number of alerted requests', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 150; i++) claimAlert(`r${i}`, storage);
    expect(JSON.parse(storage.getItem(HELP_ALERTED_KEY)!)).toHaveLength(100);
  });

  it('reads unreadable storage as nothing claimed yet', () => {
    const storage = memoryStorage();
    storage.setItem(HELP_ALERTED_KEY, '{not json');
    expect(claimAlert('r1', storage)).toBe(true);
  });

  it('is off until switched on, and keeps the choice', () => {
    const storage = memoryStorage();
    expect(alertsOn(storage)).toBe(false);
    setAlertsOn(true, storage);
    expect(alertsOn(storage)).toBe(true);
    setAlertsOn(false, storage);
    expect(alertsOn(storage)).toBe(false);
  });
});
