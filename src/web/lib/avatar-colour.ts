/**
 * The colour of a team's initials avatar: a stable hash of the team's id picks one of a palette, so two
 * teams on a projector are told apart at a glance and a team keeps its colour on every screen. Every
 * colour of the palette keeps white initials readable (at least 4.5:1, WCAG AA for normal text):
 * `avatar-colour.test.ts` checks it.
 */

/** White, the initials' text colour. */
export const AVATAR_TEXT_COLOUR = '#ffffff';

/** Deep tones of distinct hues (Tailwind's 700 and 800 shades), each ≥ 4.5:1 against white. */
export const AVATAR_PALETTE = [
  '#4338ca', // indigo
  '#b91c1c', // red
  '#15803d', // green
  '#a21caf', // fuchsia
  '#0e7490', // cyan
  '#c2410c', // orange
  '#6d28d9', // violet
  '#be123c', // rose
  '#047857', // emerald
  '#1d4ed8', // blue
  '#92400e', // amber
  '#334155', // slate
] as const;

/** FNV-1a, 32 bits: the same string gives the same number in every browser. */
export function stableHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The palette colour of a team (by its id, or its name where no id is known). */
export function avatarColour(seed: string): string {
  return AVATAR_PALETTE[stableHash(seed) % AVATAR_PALETTE.length]!;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
