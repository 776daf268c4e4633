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

  it('leaves this page out, counts a page once, and lists this activity first, then by activity', () => {
    const devices = [
      device('self', 1, 'x'),
      device('e', null, 'Edge on Windows'),
      device('b', 1, 'old'),
      device('c', 2, 'Safari on iOS'),
      device('b', 4, 'Chrome on Linux'),
      device('d', 1, 'Firefox on Linux'),
    ];
    expect(otherDevices(devices, 'self', 1).map((d) => d.clientId)).toEqual(['d', 'c', 'b', 'e']);
    expect(otherDevices([device('self', 1, 'x')], 'self', 1)).toEqual([]);
  });
});
