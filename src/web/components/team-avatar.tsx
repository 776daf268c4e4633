import { avatarLabel, avatarUrl } from '@shared/avatars';
import { initialsOf } from '@shared/workspace-code';
import { clsx } from 'clsx';
import { AVATAR_TEXT_COLOUR, avatarColour } from '@/lib/avatar-colour';

/**
 * The name of a button showing a team's avatar: when the avatar is drawn as initials, the name holds them
 * too, so what is seen is part of what is said (WCAG 2.5.3, label in name).
 */
export function avatarButtonLabel(action: string, name: string, avatarIcon?: string | null): string {
  return avatarIcon ? action : `${action}, ${initialsOf(name) || '?'}`;
}

/** What an avatar needs of a team: its id where known (the initials' colour), its name and its avatar. */
export type AvatarTeam = { id?: string; name: string; avatarIcon?: string | null };

/**
 * A team's avatar image, or the initials of the first two words of its name on a colour of the team's own
 * (from its id; its name where no id is known). `className` sets its size and the initials' text size (it
 * is in the first route, so classes are joined, not merged: see Button).
 */
export function TeamAvatar({
  team: { id, name, avatarIcon },
  className = 'size-10 text-sm',
}: {
  team: AvatarTeam;
  className?: string;
}) {
  if (avatarIcon) {
    return (
      <img
        src={avatarUrl(avatarIcon)}
        alt={`${avatarLabel(avatarIcon)} avatar`}
        width={40}
        height={40}
        className={clsx('shrink-0 rounded-full bg-primary-soft p-1.5', className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={clsx('flex shrink-0 items-center justify-center rounded-full font-semibold', className)}
      style={{ backgroundColor: avatarColour(id ?? name), color: AVATAR_TEXT_COLOUR }}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
