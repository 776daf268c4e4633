import type { UseQueryResult } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import { type Place, rankResults } from '@shared/scoring';
import type { useReveal } from '../hooks/use-reveal';

/** The reveal as the page and its presentation see it. */
export type RevealState = ReturnType<typeof useReveal> & {
  /** The reveal button: the room's reveal for an instructor, this screen's own for anyone else. */
  onReveal: () => void;
  /** The room's reveal call is on its way. */
  revealing: boolean;
  /** Pressing starts every screen of the cohort (an instructor's session). */
  forRoom: boolean;
  reducedMotion: boolean;
};

/** The podium needs at least three teams with points (docs/product.md, Limits and constants). */
export const PODIUM_MIN_TEAMS = 3;

/**
 * Whether a team received votes. The results list every team of the cohort, those nobody ranked at 0
 * points: such a team has no place on the podium, no medal or highlight, and no announcement.
 */
export function isRanked(row: ResultRow): boolean {
  return row.totalPoints > 0;
}

/** The teams that received votes, in results order. */
export function rankedRows(rows: readonly ResultRow[]): ResultRow[] {
  return rows.filter(isRanked);
}

/** The podium shows when at least three teams received votes. */
export function hasPodium(rows: readonly ResultRow[]): boolean {
  return rankedRows(rows).length >= PODIUM_MIN_TEAMS;
}

/** A result with its place (`rankResults`: teams still equal after the tie-break share one). */
export type PlacedRow = ResultRow & Place;

/** The results in ranking order, each with its place. */
export function placedRows(rows: readonly ResultRow[]): PlacedRow[] {
  return rankResults(rows);
}

export type PodiumPlace = { place: 1 | 2 | 3; shared: boolean; rows: PlacedRow[] };

/**
 * The podium's places, 1st to 3rd: every team with points placed 1st, 2nd or 3rd stands on it, so two
 * teams sharing 3rd both do (four teams), and two sharing 1st leave no 2nd place (the next is 3rd).
 */
export function podiumPlaces(rows: readonly ResultRow[]): PodiumPlace[] {
  const places: PodiumPlace[] = [];
  for (const row of placedRows(rows)) {
    if (!isRanked(row) || row.place > 3) continue;
    const last = places.at(-1);
    if (last?.place === row.place) last.rows.push(row);
    else places.push({ place: row.place as 1 | 2 | 3, shared: row.shared, rows: [row] });
  }
  return places;
}

/** Which of the page's states a cohort is in (docs/product.md, Results). */
export function resultsState(
  cohort: CohortStatus,
  results: UseQueryResult<ResultRow[]>,
): 'off' | 'hidden' | 'loading' | 'error' | 'empty' | 'ready' {
  if (!cohort.competitionEnabled) return 'off';
  if (!cohort.resultsVisible) return 'hidden';
  if (results.isPending) return 'loading';
  if (results.isError) return 'error';
  // No team with points: no ballot counted ("No votes yet"), though every team is listed.
  return rankedRows(results.data).length === 0 ? 'empty' : 'ready';
}
