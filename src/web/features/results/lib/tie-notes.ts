import type { ResultRow } from '@shared/schemas/showcase';
import { ordinal } from '@shared/scoring';
import { isRanked, type PlacedRow, placedRows } from './results-state';
import { teamLabel, votesAt } from './team-label';

/** "Aurora", "Aurora and Comet", "Aurora, Borealis and Comet". */
export function namesText(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const pointsText = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

/**
 * What the reveal says of teams on equal points (docs/product.md, Results), in results order: for teams the
 * tie-break put apart, which one is ahead and on which votes ("Aurora is ahead of Borealis on equal points
 * (10 each): more 1st place votes, 3 to 2."); for teams it could not, the place they share ("Comet and Dune
 * share 4th place: 5 points each and as many 1st and 2nd place votes."). Teams nobody ranked are not placed,
 * so not said. Nothing when no points are equal.
 */
export function tieNotes(rows: readonly ResultRow[]): string[] {
  const notes: string[] = [];
  const ranked = placedRows(rows).filter(isRanked);
  // Teams on equal points, then within them each place (one or more teams sharing it).
  const byPoints: PlacedRow[][] = [];
  for (const row of ranked) {
    const last = byPoints.at(-1);
    if (last && last[0]!.totalPoints === row.totalPoints) last.push(row);
    else byPoints.push([row]);
  }
  for (const equal of byPoints) {
    if (equal.length < 2) continue;
    const places: PlacedRow[][] = [];
    for (const row of equal) {
      const last = places.at(-1);
      if (last && last[0]!.place === row.place) last.push(row);
      else places.push([row]);
    }
    const points = equal[0]!.totalPoints;
    places.forEach((place, i) => {
      const next = places[i + 1];
      if (place.length > 1) {
        notes.push(
          `${namesText(place.map(teamLabel))} share ${ordinal(place[0]!.place)} place: ${pointsText(points)} each and as many 1st and 2nd place votes.`,
        );
      }
      if (!next) return;
      const [ahead, behind] = [place[0]!, next[0]!];
      const rank = votesAt(ahead, 1) !== votesAt(behind, 1) ? 1 : 2;
      const names = (group: PlacedRow[]) => namesText(group.map(teamLabel));
      const verb = place.length > 1 ? 'are' : 'is';
      notes.push(
        `${names(place)} ${verb} ahead of ${names(next)} on equal points (${points} each): more ${ordinal(rank)} place votes, ${votesAt(ahead, rank)} to ${votesAt(behind, rank)}.`,
      );
    });
  }
  return notes;
}
