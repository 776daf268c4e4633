import type { ResultRow } from '@shared/schemas/showcase';
import type { RevealStep } from '../lib/reveal-choreography';
import { podiumPlaces } from '../lib/results-state';
import { teamLabel } from '../lib/team-label';
import { namesText, tieNotes } from '../lib/tie-notes';

const PLACE_WORDS = { 1: 'first place', 2: 'second place', 3: 'third place' } as const;

function pointsText(points: number, each: boolean): string {
  return `${points} ${points === 1 ? 'point' : 'points'}${each ? ' each' : ''}`;
}

/**
 * What each step of the reveal says: third place, then second, then first, with names and points; a place
 * two teams share names both ("Shared second place: Borealis and Comet, 5 points each"), and a place no
 * team has (after a shared one above it) is not said. Only a team with points has a place.
 */
export function revealAnnouncements(rows: ResultRow[], step: RevealStep): string[] {
  const lines = ['And the winners are…'];
  const places = podiumPlaces(rows);
  for (const place of [3, 2, 1] as const) {
    const found = places.find((p) => p.place === place);
    if (step < 4 - place || !found) continue;
    const words = found.shared ? `Shared ${PLACE_WORDS[place]}` : PLACE_WORDS[place];
    const heading = words.charAt(0).toUpperCase() + words.slice(1);
    const names = namesText(found.rows.map(teamLabel));
    const points = pointsText(found.rows[0]!.totalPoints, found.shared);
    lines.push(`${heading}: ${names}, ${points}${place === 1 ? '!' : ''}`);
  }
  // Equal points, said once every place is out, as the screen shows it.
  if (step >= 3) lines.push(...tieNotes(rows));
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
