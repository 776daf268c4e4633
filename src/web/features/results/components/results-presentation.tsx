import type { UseQueryResult } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import { barPercent } from '@shared/scoring';
import { Trophy } from 'lucide-react';
import * as React from 'react';
import { PresentationFrame } from '@/components/presentation-frame';
import { TeamAvatar } from '@/components/team-avatar';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOf } from '@/lib/api-client';
import { playChime, useChimeOn } from '@/lib/chime';
import { cn } from '@/lib/cn';
import { callDefaults } from '@/lib/messages';
import { useCountUp } from '../hooks/use-count-up';
import { chimeForStep, LEADERBOARD_STEP, type RevealStep } from '../lib/reveal-choreography';
import { teamLabel } from '../lib/team-label';
import { tieNotes } from '../lib/tie-notes';
import {
  hasPodium,
  isRanked,
  type PlacedRow,
  placedRows,
  type RevealState,
  resultsState,
} from '../lib/results-state';
import { PodiumPlaces } from './championship-podium';
import { PacedRevealControls } from './paced-reveal-controls';
import { RankBadge, SharedPlaceTag } from './rank-badge';
import { ReleasePointer } from './release-pointer';
import { RevealButton } from './reveal-button';
import { TieBreakNote } from './tie-break-note';
import { VotedCount } from './voted-count';

/**
 * The chime at each step of the reveal the room watches, while it is switched on (lib/chime.ts); none for the
 * places already out when the presentation opens.
 */
function useRevealChime(step: RevealStep) {
  const on = useChimeOn();
  const before = React.useRef(step);
  React.useEffect(() => {
    const kind = chimeForStep(before.current, step);
    before.current = step;
    if (kind && on) playChime(kind);
  }, [step, on]);
}

/** How many leaderboard rows a 16:9 screen shows beside the podium. */
export const PRESENT_LEADERBOARD_ROWS = 6;

/**
 * The results on a projector: before the reveal, the big question and the live vote count; after it, the
 * podium and the top of the leaderboard side by side, filling a 16:9 screen (1920x1080 or 1280x720)
 * without scrolling.
 */
export function ResultsPresentation({
  cohort,
  results,
  reveal,
  onExit,
}: {
  cohort: CohortStatus;
  results: UseQueryResult<ResultRow[]>;
  reveal: RevealState;
  onExit: () => void;
}) {
  // Only an instructor presents.
  const state = resultsState(cohort, results, true);
  const rows = results.data ?? [];
  useRevealChime(reveal.step);
  return (
    <PresentationFrame label="Results presentation" title={`Voting Results: ${cohort.name}`} onExit={onExit}>
      <title>{`Voting Results: ${cohort.name} · Applied GenAI Lab`}</title>
      {state === 'ready' && reveal.revealed ? (
        <RevealedScreen rows={rows} reveal={reveal} />
      ) : state === 'ready' ? (
        <BigMessage
          title="The Moment You've Been Waiting For"
          body="All votes have been counted. Are you ready to see who won?"
          cohort={cohort}
        >
          <RevealButton
            reveal={reveal}
            className="mt-[2vh] h-auto px-[3vw] py-[2vh] text-[clamp(1.25rem,2.2vw,3rem)]"
          />
          <PacedRevealControls rows={rows} reveal={reveal} size="present" />
        </BigMessage>
      ) : state === 'loading' ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner className="size-16 text-primary" label="Loading results" />
        </div>
      ) : state === 'hidden' ? (
        <BigMessage
          title="Results Not Yet Available"
          body="The final votes are being tallied. Please check back later!"
          cohort={cohort}
        >
          <ReleasePointer size="present" />
        </BigMessage>
      ) : state === 'empty' ? (
        <BigMessage
          title="No votes yet"
          body="Results will appear here once voting begins and teams submit their votes."
          cohort={cohort}
        />
      ) : state === 'off' ? (
        <BigMessage
          title="Competition Not Enabled"
          body="This cohort is running in showcase mode without competition features."
        />
      ) : (
        <BigMessage
          title={callDefaults.fetchResults}
          body={serverMessageOf(results.error) ?? 'Please try again.'}
        />
      )}
    </PresentationFrame>
  );
}

function BigMessage({
  title,
  body,
  cohort,
  children,
}: {
  title: string;
  body: string;
  cohort?: CohortStatus;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-[2.5vh] text-center">
      <span className="flex size-[12vh] items-center justify-center rounded-full bg-accent-soft text-accent">
        <Trophy className="size-[6vh]" aria-hidden="true" />
      </span>
      <h1 className="text-[clamp(2rem,4.5vw,7rem)] leading-tight font-extrabold tracking-tight text-balance">
        {title}
      </h1>
      <p className="max-w-[70vw] text-[clamp(1.25rem,2.2vw,3.25rem)] text-muted-foreground">{body}</p>
      {cohort?.competitionEnabled && (
        <VotedCount
          ballotCount={cohort.ballotCount}
          teamCount={cohort.teamCount}
          className="text-[clamp(1.5rem,3vw,4.5rem)] text-primary"
        />
      )}
      {children}
    </div>
  );
}

function RevealedScreen({ rows, reveal }: { rows: ResultRow[]; reveal: RevealState }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-[1.5vh]">
      <RevealedGrid rows={rows} reveal={reveal} />
      <PacedRevealControls rows={rows} reveal={reveal} size="present" className="shrink-0" />
    </div>
  );
}

function RevealedGrid({ rows, reveal }: { rows: ResultRow[]; reveal: RevealState }) {
  const instant = reveal.reducedMotion || reveal.settledStep >= LEADERBOARD_STEP;
  const withPodium = hasPodium(rows);
  const leaderboardRunning = reveal.step >= LEADERBOARD_STEP;
  return (
    <div
      className={cn('grid min-h-0 flex-1 gap-[2.5vw]', withPodium ? 'grid-cols-[3fr_2fr]' : 'grid-cols-1')}
      data-testid="revealed-results"
      data-reveal-step={reveal.step}
    >
      {withPodium && (
        <section aria-labelledby="present-podium" className="flex min-h-0 flex-col">
          <h1
            id="present-podium"
            className="text-center text-[clamp(1.75rem,3vw,4.5rem)] font-extrabold tracking-tight"
          >
            Championship Podium
          </h1>
          <PodiumPlaces
            rows={rows}
            step={reveal.step}
            instant={reveal.reducedMotion}
            settledStep={reveal.settledStep}
            size="present"
            className="min-h-0 flex-1 gap-[1.5vw]"
          />
        </section>
      )}
      <section aria-labelledby="present-leaderboard" className="flex min-h-0 flex-col gap-[1.5vh]">
        <h2 id="present-leaderboard" className="text-[clamp(1.5rem,2.2vw,3.25rem)] font-bold tracking-tight">
          Complete Leaderboard
        </h2>
        {leaderboardRunning && (
          <ol
            className={cn('flex min-h-0 flex-1 flex-col gap-[1.2vh]', !instant && 'animate-rise')}
            aria-label="Leaderboard"
          >
            {placedRows(rows)
              .slice(0, PRESENT_LEADERBOARD_ROWS)
              .map((row) => (
                <PresentRow
                  key={row.teamId}
                  row={row}
                  topPoints={rows[0]?.totalPoints ?? 0}
                  instant={instant}
                />
              ))}
          </ol>
        )}
        {leaderboardRunning && (
          <TieBreakNote
            notes={tieNotes(rows)}
            size="present"
            className={cn('shrink-0', !instant && 'animate-rise')}
          />
        )}
      </section>
    </div>
  );
}

function PresentRow({ row, topPoints, instant }: { row: PlacedRow; topPoints: number; instant: boolean }) {
  const points = useCountUp(row.totalPoints, { running: true, instant });
  const name = teamLabel(row);
  return (
    <li
      data-testid="leaderboard-row"
      className={cn(
        'grid max-h-[13vh] min-h-0 flex-1 grid-cols-[auto_auto_1fr_auto] items-center gap-x-[1vw] rounded-xl border px-[1vw] py-[0.8vh]',
        row.place <= 3 && isRanked(row) ? 'border-gold/50 bg-accent-soft' : 'border-border bg-surface',
      )}
    >
      <RankBadge
        place={row.place}
        shared={row.shared}
        medal={isRanked(row)}
        className="size-[6vh] sm:size-[6vh] text-[clamp(0.875rem,1.2vw,1.75rem)]"
      />
      <TeamAvatar
        team={{ id: row.teamId, name, avatarIcon: row.avatarIcon }}
        className="size-[6vh] text-[clamp(0.75rem,1.1vw,1.5rem)]"
      />
      <div className="flex min-w-0 flex-col gap-[0.6vh]">
        <p className="flex min-w-0 items-baseline gap-[0.8vw]">
          <span
            className="min-w-0 text-[clamp(1.125rem,1.8vw,2.75rem)] leading-tight font-bold text-balance break-normal"
            title={name}
          >
            {name}
          </span>
          {row.shared && isRanked(row) && (
            <SharedPlaceTag place={row.place} className="shrink-0 text-[clamp(0.75rem,1vw,1.5rem)]" />
          )}
        </p>
        <div className="h-[1vh] w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div
            className={cn('h-full rounded-full', row.place === 1 && isRanked(row) ? 'bg-gold' : 'bg-primary')}
            style={{ width: `${barPercent(points, topPoints)}%` }}
          />
        </div>
      </div>
      <p className="text-right whitespace-nowrap">
        <span
          className="text-[clamp(1.5rem,2.4vw,3.75rem)] font-extrabold tabular-nums"
          data-testid="leaderboard-points"
        >
          {points}
        </span>{' '}
        <span className="text-[clamp(0.875rem,1.2vw,1.75rem)] text-muted-foreground">pts</span>
      </p>
    </li>
  );
}
