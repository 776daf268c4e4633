import type { UseQueryResult } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import { type Place, rankResults } from '@shared/scoring';
import type { useReveal } from '../hooks/use-reveal';
import { revealStepOf, stepShownBy } from '@shared/results-withheld';
import { LEADERBOARD_STEP, type RevealStep } from './reveal-choreography';

/** The reveal as the page and its presentation see it. */
export type RevealState = ReturnType<typeof useReveal> & {
  /** The reveal button: the room's whole reveal for an instructor, this screen's own for anyone else. */
  onReveal: () => void;
  /** An instructor's "Next place" (the room's reveal, one step), with the step it moves to; else undefined. */
  onNextPlace?: (step: RevealStep) => void;
  /** The step the room's reveal has reached on the server (an instructor's controls follow it). */
  roomStep: RevealStep;
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

/**
 * The step an instructor's "Next place" moves to: the next podium place that has a team (a place a tie above
 * leaves empty is skipped), then the leaderboard; straight to the leaderboard without a podium.
 */
export function nextRevealStep(rows: readonly ResultRow[], current: RevealStep): RevealStep {
  if (!hasPodium(rows)) return LEADERBOARD_STEP;
  const places = new Set<number>(podiumPlaces(rows).map((p) => p.place));
  for (let step = current + 1; step < LEADERBOARD_STEP; step++) {
    if (places.has(4 - step)) return step as RevealStep;
  }
  return LEADERBOARD_STEP;
}

/**
 * Whether this page waits for the big screen: an instructor runs the room's reveal and it has not started,
 * so the server keeps the results from anyone but an instructor.
 */
export function waitsForTheRoom(cohort: CohortStatus, isAdmin: boolean): boolean {
  return !isAdmin && cohort.revealHeld && cohort.revealedAt === null;
}

/** Which of the page's states a cohort is in (docs/product.md, Results). */
export function resultsState(
  cohort: CohortStatus,
  results: UseQueryResult<ResultRow[]>,
  isAdmin = false,
): 'off' | 'hidden' | 'room' | 'loading' | 'error' | 'empty' | 'ready' {
  if (!cohort.competitionEnabled) return 'off';
  if (!cohort.resultsVisible) return 'hidden';
  if (waitsForTheRoom(cohort, isAdmin)) return 'room';
  if (results.isPending) return 'loading';
  if (results.isError) return 'error';
  // No team with points: no ballot counted ("No votes yet"), though every team is listed.
  return rankedRows(results.data).length === 0 ? 'empty' : 'ready';
}

/**
 * The room's step a team's page follows while the reveal is held for the big screen (undefined otherwise:
 * an instructor, or a screen's own reveal); its results are read again at each step.
 */
export function heldStepOf(
  cohort: CohortStatus | null | undefined,
  isAdmin: boolean,
): RevealStep | undefined {
  return cohort && !isAdmin && cohort.revealHeld && cohort.revealedAt !== null
    ? revealStepOf(cohort)
    : undefined;
}

/**
 * The cohort's reveal as far as `rows` can show it: a step the room has reached before the page holds its
 * places waits for them (the server gives a team only the places already out), so no place shows blank.
 */
export function revealWithin(cohort: CohortStatus, rows: readonly ResultRow[] | undefined): CohortStatus {
  if (!rows) return cohort;
  const shown = Math.min(revealStepOf(cohort), stepShownBy(rows));
  if (shown === revealStepOf(cohort)) return cohort;
  // Step 0 of a started reveal would read as an older server's whole reveal: not started, as far as shown.
  return shown === 0 ? { ...cohort, revealedAt: null, revealStep: 0 } : { ...cohort, revealStep: shown };
}
