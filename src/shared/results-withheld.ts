import type { ResultRow } from './schemas/showcase.ts';
import { rankResults } from './scoring.ts';

/**
 * The results while an instructor paces the room's reveal (docs/product.md, Results): a team reads the
 * places already out on the big screen and nothing of the others, in a list its page ranks exactly as it
 * ranks the whole result. The server cuts the list (`withholdUnrevealed`); the page finds from the list how
 * far it may show the reveal (`stepShownBy`), so a step that arrives before its places never shows blanks.
 */

/** 0 before any place, 1 3rd place, 2 2nd, 3 1st, 4 the leaderboard (the whole reveal). */
export type RevealStep = 0 | 1 | 2 | 3 | 4;

/** The leaderboard comes last: with 1st place in a whole reveal, on its own press in a paced one. */
export const LEADERBOARD_STEP: RevealStep = 4;

/** Podium places on show at a step: 3rd at step 1, 2nd at step 2, 1st at step 3. */
export function isPlaceRevealed(place: 1 | 2 | 3, step: RevealStep): boolean {
  return step >= 4 - place;
}

/** The room's reveal as the cohort stores it (its status and events carry it). */
export type RoomReveal = { revealedAt: string | null; revealStep: number };

/** The step a stored reveal has reached: an older server's reveal (no step) is the whole of it. */
export function revealStepOf(reveal: RoomReveal): RevealStep {
  if (reveal.revealedAt === null) return 0;
  const step = Math.trunc(reveal.revealStep);
  return (step >= 1 && step <= LEADERBOARD_STEP ? step : LEADERBOARD_STEP) as RevealStep;
}

/** Every withheld row's `teamId` starts with this; no team's id (a UUID) does. */
export const WITHHELD_ID_PREFIX = 'withheld-';

/** Whether the server withheld this row: a place not yet revealed. */
export const isWithheld = (row: Pick<ResultRow, 'teamId'>): boolean =>
  row.teamId.startsWith(WITHHELD_ID_PREFIX);

/** Above any real score (3 points a ballot): withheld podium places rank above the places revealed. */
const WITHHELD_PODIUM_POINTS = 1_000_000;

/**
 * The results as a team may read them at `step` of a paced reveal: the podium places revealed so far as they
 * are; every other row withheld, with no name, picture, website or votes. A withheld podium place keeps its
 * rank (points above any real score, equal within a shared place), so the page places the revealed teams as
 * the whole result does; a row below the podium reads as one with no points (the leaderboard waits for
 * step 4). At step 4 the whole result.
 */
export function withholdUnrevealed(rows: readonly ResultRow[], step: RevealStep): ResultRow[] {
  if (step >= LEADERBOARD_STEP) return [...rows];
  return rankResults(rows).map(({ place, shared: _, ...row }, i) => {
    const onPodium = row.totalPoints > 0 && place <= 3;
    if (onPodium && isPlaceRevealed(place as 1 | 2 | 3, step)) return row;
    return {
      teamId: `${WITHHELD_ID_PREFIX}${i + 1}`,
      teamName: '',
      avatarIcon: null,
      websiteUrl: null,
      totalPoints: onPodium ? WITHHELD_PODIUM_POINTS + (4 - place) : 0,
      votes: [],
    };
  });
}

/**
 * How far a results page may take the reveal with these rows: the last step whose places are all in them
 * (4 when nothing is withheld).
 */
export function stepShownBy(rows: readonly ResultRow[]): RevealStep {
  if (!rows.some(isWithheld)) return LEADERBOARD_STEP;
  const podium = rankResults(rows).filter((row) => row.totalPoints > 0 && row.place <= 3);
  let shown: RevealStep = 0;
  for (const step of [1, 2, 3] as const) {
    const out = podium.filter((row) => isPlaceRevealed(row.place as 1 | 2 | 3, step));
    if (out.some(isWithheld)) break;
    shown = step;
  }
  return shown;
}
