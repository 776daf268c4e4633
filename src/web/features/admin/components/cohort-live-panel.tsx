import { useQuery } from '@tanstack/react-query';
import type { AdminCohort, CohortTeamRef } from '@shared/schemas/cohort';
import { CheckCircle2, Clock, LayoutGrid, Trophy } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { adminTeamsQueryOptions } from '@/lib/admin-teams';
import { useRevealToRoom } from '../api/reveal-to-room';
import { emptyListNote } from '../lib/cohort-notes';
import { compareNames } from '../lib/team-list';
import { ProgrammeTime } from './programme-time';
import { ProgressBoard } from './progress-board';

/** Names shown before "and N more". */
const NAMES_SHOWN = 8;

/**
 * The live part of an active cohort's card: the room's reveal (once results are released), who has not
 * voted yet, who still has no website, the cohort's progress board and the plan of its programme's time.
 * Kept current by the dashboard's progress events.
 */
export function CohortLivePanel({ cohort }: { cohort: AdminCohort }) {
  return (
    <div className="mt-3 flex flex-col gap-3">
      {cohort.competitionEnabled && cohort.resultsVisible && <RoomReveal cohort={cohort} />}
      {cohort.competitionEnabled && (
        <TeamNames
          label="Not voted yet"
          teams={cohort.notVoted}
          teamCount={cohort.teamCount}
          done="Every team has voted."
          testId="not-voted"
        />
      )}
      <TeamNames
        label="Missing a website"
        teams={cohort.missingWebsite}
        teamCount={cohort.teamCount}
        done="Every team has submitted its website."
        testId="missing-website"
      />
      <div className="flex flex-wrap gap-2">
        <CohortBoardDialog cohort={cohort} />
        <CohortPlanDialog cohort={cohort} />
      </div>
    </div>
  );
}

function RoomReveal({ cohort }: { cohort: AdminCohort }) {
  const reveal = useRevealToRoom();
  if (cohort.revealedAt) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium" data-testid="reveal-state">
        <Badge variant="success">
          <CheckCircle2 aria-hidden /> Revealed
        </Badge>
        <span className="text-muted-foreground">The winners are on every results screen.</span>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-accent/40 bg-accent-soft p-3">
      <Button variant="accent" onClick={() => reveal.mutate(cohort.tag)} disabled={reveal.isPending}>
        {reveal.isPending ? (
          <Spinner className="size-4 text-current" label="Revealing" />
        ) : (
          <Trophy aria-hidden="true" />
        )}
        And the winners are...
      </Button>
      <p className="text-xs text-muted-foreground">
        Starts the reveal on every open results page of {cohort.name}.
      </p>
    </div>
  );
}

function TeamNames({
  label,
  teams,
  teamCount,
  done,
  testId,
}: {
  label: string;
  teams: CohortTeamRef[];
  /** The cohort's teams: with none, no list says "every team has". */
  teamCount: number;
  done: string;
  testId: string;
}) {
  const shown = teams.slice(0, NAMES_SHOWN);
  const more = teams.length - shown.length;
  const note = emptyListNote(teamCount, teams.length, done);
  return (
    <div className="text-sm" data-testid={testId}>
      <p className="font-medium">
        {label} <span className="text-muted-foreground tabular-nums">({teams.length})</span>
      </p>
      {note !== null ? (
        <p className="text-muted-foreground">{note}</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {shown.map((team) => (
            <li key={team.id}>
              <Badge variant="outline" className="max-w-44">
                <span className="truncate">{team.name}</span>
              </Badge>
            </li>
          ))}
          {more > 0 && <li className="text-xs text-muted-foreground">and {more} more</li>}
        </ul>
      )}
    </div>
  );
}

/** The plan of the time for the programme the cohort runs (another may be chosen in it). */
function CohortPlanDialog({ cohort }: { cohort: AdminCohort }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="self-start">
          <Clock aria-hidden /> Plan the time
          <span className="sr-only"> of {cohort.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent width="wider">
        <DialogHeader>
          <DialogTitle>{cohort.name}: plan the time</DialogTitle>
          <DialogDescription>
            The class time of the activities its programme runs, and two running orders for the day.
          </DialogDescription>
        </DialogHeader>
        <ProgrammeTime cohortTag={cohort.tag} />
      </DialogContent>
    </Dialog>
  );
}

function CohortBoardDialog({ cohort }: { cohort: AdminCohort }) {
  const teams = useQuery(adminTeamsQueryOptions);
  const members = (teams.data ?? [])
    .filter((t) => t.cohortTag === cohort.tag)
    .sort((a, b) => compareNames(a.name, b.name));
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="self-start">
          <LayoutGrid aria-hidden /> Board
          <span className="sr-only"> of {cohort.name}</span>
        </Button>
      </DialogTrigger>
      {/* A live view: the board follows the room while it is open (it holds no list still). */}
      <DialogContent width="widest">
        <DialogHeader>
          <DialogTitle>{cohort.name}: progress board</DialogTitle>
          <DialogDescription>
            Each team's activities done and started, and where it is now. Updates as teams work.
          </DialogDescription>
        </DialogHeader>
        {teams.isPending ? (
          <Spinner className="size-8 text-primary" label="Loading teams" />
        ) : members.length === 0 ? (
          <p className="text-muted-foreground">No teams in this cohort yet.</p>
        ) : (
          <ProgressBoard teams={members} caption={`${cohort.name}: teams by activity`} />
        )}
      </DialogContent>
    </Dialog>
  );
}
