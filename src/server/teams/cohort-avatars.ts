import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AVATAR_ICONS } from '../../shared/avatars.ts';
import type { Database } from '../db/client.ts';
import { teams } from '../db/schema.ts';

/** What these functions need of a transaction. */
type Tx = Pick<Database, 'select' | 'update' | 'execute'>;

/**
 * No two teams of a cohort share an avatar (docs/decisions/048-the-room-reads-one-story.md): the showcase
 * and the podium tell teams apart by it. The avatar choices of one cohort's teams are one at a time: a
 * transaction holds this lock (on the cohort's tag, to its end) while it reads the cohort's avatars and
 * changes one. It is taken after the team rows a transaction locks, in every caller.
 */
export async function lockCohortAvatars(tx: Tx, tag: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cohort-avatars:${tag}`}))`);
}

/**
 * Teams that just entered cohort `tag` keep their avatar unless another team of the cohort holds it: then
 * each gets one nobody in the cohort holds, drawn at random (the teams already there keep theirs; a team
 * with no avatar shows its initials and is left alone). With all 36 held, a team keeps its own. Returns the
 * teams whose avatar changed.
 */
export async function keepAvatarsDistinct(
  tx: Tx,
  tag: string,
  teamIds: readonly string[],
): Promise<string[]> {
  if (teamIds.length === 0) return [];
  await lockCohortAvatars(tx, tag);
  const members = await tx
    .select({ id: teams.id, avatarIcon: teams.avatarIcon, createdAt: teams.createdAt })
    .from(teams)
    .where(eq(teams.cohortTag, tag));
  const entering = new Set(teamIds);
  const held = new Set(
    members.filter((m) => !entering.has(m.id) && m.avatarIcon).map((m) => m.avatarIcon as string),
  );
  const changed: string[] = [];
  const newcomers = members
    .filter((m) => entering.has(m.id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  for (const team of newcomers) {
    if (!team.avatarIcon) continue;
    if (!held.has(team.avatarIcon)) {
      held.add(team.avatarIcon);
      continue;
    }
    const free = AVATAR_ICONS.filter((icon) => !held.has(icon));
    if (free.length === 0) continue;
    const icon = free[randomInt(free.length)]!;
    await tx.update(teams).set({ avatarIcon: icon, updatedAt: sql`now()` }).where(eq(teams.id, team.id));
    held.add(icon);
    changed.push(team.id);
  }
  return changed;
}

/** Whether another team of cohort `tag` holds `avatarIcon` (under `lockCohortAvatars`). */
export async function avatarHeldInCohort(
  tx: Tx,
  tag: string,
  teamId: string,
  avatarIcon: string,
): Promise<boolean> {
  const [other] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.cohortTag, tag), eq(teams.avatarIcon, avatarIcon), ne(teams.id, teamId)))
    .limit(1);
  return other !== undefined;
}
