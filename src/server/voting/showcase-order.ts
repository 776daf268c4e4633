import { createHash } from 'node:crypto';

/**
 * The order in which a team sees the showcase (docs/product.md, Cohorts, showcase and voting): the order
 * entries are seen in tilts how they are judged, so each team gets an order of its own, shuffled once:
 * sorted by SHA-256 of `viewerTeamId:cohortTag:teamId`. The same for that team on every reload and
 * device, unrelated between teams. Without a viewing team (an instructor, anyone else): name order
 * (case-insensitive, then exact name, then id), as the showcase lists it.
 */
type ShowcaseViewer = { teamId: string; cohortTag: string };

export function showcaseOrder<T extends { id: string; name: string }>(
  teams: readonly T[],
  viewer?: ShowcaseViewer,
): T[] {
  if (!viewer) return [...teams].sort(byName);
  const keyed = teams.map((team) => ({
    team,
    key: createHash('sha256').update(`${viewer.teamId}:${viewer.cohortTag}:${team.id}`).digest('hex'),
  }));
  keyed.sort((a, b) => compare(a.key, b.key) || compare(a.team.id, b.team.id));
  return keyed.map(({ team }) => team);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function byName(a: { id: string; name: string }, b: { id: string; name: string }): number {
  return (
    compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.name, b.name) || compare(a.id, b.id)
  );
}
