import { createHash } from 'node:crypto';
import { nameKey } from '../../shared/plain-text.ts';

/**
 * The order in which a team sees the showcase (docs/product.md, Cohorts, showcase and voting): the order
 * entries are seen in tilts how they are judged, so each team gets an order of its own, shuffled once:
 * sorted by SHA-256 of `viewerTeamId:cohortTag:teamId`. The same for that team on every reload and
 * device, unrelated between teams. Without a viewing team (an instructor, anyone else): name order
 * (by `nameKey`, the name as it looks, then exact name, then id), as the showcase lists it.
 */
type ShowcaseViewer = { teamId: string; cohortTag: string };

export function showcaseOrder<T extends { id: string; name: string }>(
  teams: readonly T[],
  viewer?: ShowcaseViewer,
): T[] {
  if (!viewer) {
    const keys = new Map(teams.map((team) => [team, nameKey(team.name)]));
    return [...teams].sort(
      (a, b) => compare(keys.get(a)!, keys.get(b)!) || compare(a.name, b.name) || compare(a.id, b.id),
    );
  }
  const keyed = teams.map((team) => ({
    team,
    key: createHash('sha256').update(`${viewer.teamId}:${viewer.cohortTag}:${team.id}`).digest('hex'),
  }));
  keyed.sort((a, b) => compare(a.key, b.key) || compare(a.team.id, b.team.id));
  return keyed.map(({ team }) => team);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
