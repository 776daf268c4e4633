import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, AVATAR_TEXT_COLOUR, avatarColour, contrastRatio, stableHash } from './avatar-colour';

describe('avatar colours', () => {
  it('keeps the white initials at 4.5:1 or more on every colour of the palette', () => {
    for (const colour of AVATAR_PALETTE) {
      expect(contrastRatio(colour, AVATAR_TEXT_COLOUR), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // A colour known to fail AA against white: amber-500.
    expect(contrastRatio('#f59e0b', '#ffffff')).toBeLessThan(4.5);
  });

  it('has no colour twice', () => {
    expect(new Set(AVATAR_PALETTE).size).toBe(AVATAR_PALETTE.length);
  });

  it('gives a team the same colour every time, from its id alone', () => {
    const id = '8f14e45f-ceea-467f-a8b5-1a2b3c4d5e6f';
    expect(avatarColour(id)).toBe(avatarColour(`${id}`));
    expect(stableHash('team-a')).toBe(stableHash('team-a'));
    // Pinned: a change of hash would recolour every team in the room between two deploys.
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
  });

  it('spreads many teams over the whole palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarColour(`team-${i}`)));
    expect(used.size).toBe(AVATAR_PALETTE.length);
  });
});
