import { describe, expect, it } from 'vitest';
import { deviceText, otherDevices } from './presence-line.tsx';

const device = (clientId: string, phase: number | null, label: string | null, admin = false) => ({
  clientId,
  phase,
  label,
  admin,
});

describe('presence line', () => {
  it('names each other page by its device and where it is, an instructor as such', () => {
    expect(deviceText(device('a', 3, 'Chrome on Windows'), 1)).toBe('Chrome on Windows (Activity 3)');
    expect(deviceText(device('a', 1, 'Safari on iOS'), 1)).toBe('Safari on iOS (this activity)');
    expect(deviceText(device('a', null, null), 1)).toBe('A device (elsewhere in the app)');
    expect(deviceText(device('a', 2, 'Firefox on Linux', true), 1)).toBe(
      'Instructor (Firefox on Linux, Activity 2)',
    );
  });

  it('leaves this page out and counts a page once', () => {
    const devices = [
      device('self', 1, 'x'),
      device('b', 1, 'old'),
      device('c', 2, 'y'),
      device('b', 4, 'new'),
    ];
    expect(otherDevices(devices, 'self').map((d) => [d.clientId, d.label])).toEqual([
      ['b', 'new'],
      ['c', 'y'],
    ]);
    expect(otherDevices([device('self', 1, 'x')], 'self')).toEqual([]);
  });
});
