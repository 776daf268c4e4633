/**
 * The 36 avatar files (content/avatars, served at /avatars/NAME). Twemoji animal faces by Twitter, Inc.
 * and contributors, CC BY 4.0; credited on /credits.
 */
export const AVATAR_ICONS = [
  'fox.svg',
  'cat.svg',
  'dog.svg',
  'lion.svg',
  'tiger.svg',
  'panda.svg',
  'koala.svg',
  'bear.svg',
  'rabbit.svg',
  'mouse.svg',
  'hamster.svg',
  'frog.svg',
  'monkey.svg',
  'pig.svg',
  'cow.svg',
  'horse.svg',
  'unicorn.svg',
  'wolf.svg',
  'owl.svg',
  'penguin.svg',
  'chick.svg',
  'eagle.svg',
  'parrot.svg',
  'flamingo.svg',
  'peacock.svg',
  'dolphin.svg',
  'whale.svg',
  'octopus.svg',
  'turtle.svg',
  'crocodile.svg',
  'dragon.svg',
  'butterfly.svg',
  'bee.svg',
  'ladybug.svg',
  'hedgehog.svg',
  'sloth.svg',
] as const;

export function avatarUrl(icon: string): string {
  return `/avatars/${encodeURIComponent(icon)}`;
}

/** A readable label for a file name: 'hamster.svg' -> 'Hamster'. */
export function avatarLabel(icon: string): string {
  const base = icon.replace(/\.svg$/, '');
  return base.charAt(0).toUpperCase() + base.slice(1);
}
