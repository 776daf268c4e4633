import { type AvatarTeam, avatarButtonLabel, TeamAvatar } from '@/components/team-avatar';

// The header's avatar button looks and is named the same before the picker's code arrives and after.

/** The avatar button's name: what it does, and whose avatar it shows. */
export function changeAvatarLabel(team: AvatarTeam): string {
  return avatarButtonLabel('Change team avatar', team.name, team.avatarIcon);
}

/** The team's avatar at the button's size. */
export function HeaderAvatar({ team }: { team: AvatarTeam }) {
  return <TeamAvatar team={team} className="size-9 text-sm" />;
}
