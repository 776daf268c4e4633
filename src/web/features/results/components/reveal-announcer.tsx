import type { ResultRow } from '@shared/schemas/showcase';
import type { RevealStep } from '../lib/reveal-choreography';
import { rankedRows } from '../lib/results-state';
import { teamLabel } from '../lib/team-label';

const PLACE_WORDS = { 1: 'First place', 2: 'Second place', 3: 'Third place' } as const;

function pointsText(points: number): string {
  return `${points} ${points === 1 ? 'point' : 'points'}`;
}

/**
 * What each step of the reveal says: third place, then second, then first, with names and points. Only a
 * team with points has a place.
 */
export function revealAnnouncements(rows: ResultRow[], step: RevealStep): string[] {
  const lines = ['And the winners are…'];
  const ranked = rankedRows(rows);
  for (const place of [3, 2, 1] as const) {
    const row = ranked[place - 1];
    if (step < 4 - place || !row) continue;
    lines.push(
      `${PLACE_WORDS[place]}: ${teamLabel(row)}, ${pointsText(row.totalPoints)}${place === 1 ? '!' : ''}`,
    );
  }
  return lines;
}

/**
 * A polite live region the reveal adds one line to per step, so a screen reader reads each place in turn
 * (a replaced text can be skipped when the next comes quickly). A reveal shown as done (a page opened after
 * it) says nothing: the podium is there to be read.
 */
export function RevealAnnouncer({
  rows,
  step,
  quiet,
}: {
  rows: ResultRow[];
  step: RevealStep;
  quiet: boolean;
}) {
  return (
    <div className="sr-only" aria-live="polite" aria-relevant="additions" data-testid="reveal-announcer">
      {!quiet && revealAnnouncements(rows, step).map((line) => <p key={line}>{line}</p>)}
    </div>
  );
}
