import { wayOn } from '@shared/activity-done';
import { TOTAL_PHASES, WEBSITE_PHASE } from '@shared/phases';
import { ArrowRight, CheckCircle2, PartyPopper } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWorkspace, type WorkspaceMode } from '@/features/workspace';
import { activityNames, useSessionView } from '@/lib/session-view';

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

/** The end of the programme's title: "All eight activities are done", "All six ..." for a shorter day. */
export function allDoneTitle(running: number): string {
  if (running === 1) return 'The activity is done';
  if (running === 2) return 'Both activities are done';
  return `All ${NUMBER_WORDS[running - 1] ?? running} activities are done`;
}

/**
 * The way on, last on every activity page (docs/product.md, Activity page): the next activity of the
 * programme that is not done (src/shared/activity-done.ts, `wayOn`), or, once all the activities the team's
 * programme runs are, the team's cohort showcase (its website first, when it has none yet). `done` is
 * undefined until the answers have loaded: the card then leads to the next activity, as a first visit's
 * pre-rendered page does.
 */
export function WayOn({
  phase,
  done,
  switchedOff,
  mode,
}: {
  phase: number;
  done: readonly number[] | undefined;
  /** The activities the team's programme switched off: never the way on, and not counted. */
  switchedOff: readonly number[];
  mode: WorkspaceMode;
}) {
  const { withTeam } = useWorkspace();
  const session = useSessionView();
  const way = wayOn(phase, new Set(done ?? []), switchedOff);
  const team = mode.kind === 'workspace' ? mode.team : null;

  if (way.kind === 'activity') {
    const name = activityNames(session, way.phase).page;
    return (
      <nav aria-label="Next activity" data-testid="way-on">
        <Link
          to={withTeam(`/phase/${way.phase}`)}
          className="group flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary-soft p-5 transition hover:border-primary hover:shadow-md sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <span className="min-w-0">
            {done?.includes(phase) && (
              <span className="mb-1 flex items-center gap-1.5 text-sm font-medium text-success">
                <CheckCircle2 className="size-4" aria-hidden /> This activity is done.
              </span>
            )}
            <span className="block text-lg font-semibold text-foreground text-balance">
              Next: Activity {way.phase} — {name}
            </span>
          </span>
          <span className={buttonVariants({ className: 'self-start sm:self-center' })}>
            Go to Activity {way.phase}
            <ArrowRight className="transition group-hover:translate-x-0.5" aria-hidden />
          </span>
        </Link>
      </nav>
    );
  }

  if (way.kind === 'this-one-left') {
    return (
      <Card data-testid="way-on">
        <CardHeader>
          <CardTitle>One activity left: this one</CardTitle>
          <CardDescription>
            Every other activity is done. Answer the required fields above (marked *) to finish the programme.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <AllDone phase={phase} running={TOTAL_PHASES - switchedOff.length} team={team} withTeam={withTeam} />
  );
}

function AllDone({
  phase,
  running,
  team,
  withTeam,
}: {
  phase: number;
  /** How many activities the team's programme runs. */
  running: number;
  team: Extract<WorkspaceMode, { kind: 'workspace' }>['team'] | null;
  withTeam(path: string): string;
}) {
  const inCohort = team?.cohortTag ?? null;
  return (
    <Card className="border-success/40 bg-success-soft" data-testid="way-on">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PartyPopper className="size-5 text-success" aria-hidden />
          {allDoneTitle(running)}
        </CardTitle>
        <CardDescription className="text-foreground">
          {!team
            ? 'Practice answers stay in this browser only. Create a workspace to keep them and share them with your team, or download them with "Download all answers".'
            : !inCohort
              ? 'Download all your answers to keep them, and ask your instructor what comes next: your team can join a cohort to show its website and vote.'
              : team.submittedWebsiteUrl
                ? "Your website is in your cohort's showcase. See the other teams' sites, and vote when voting opens."
                : phase === WEBSITE_PHASE
                  ? "Submit your deployed website above to enter your cohort's showcase."
                  : "Submit your deployed website in activity 8 to enter your cohort's showcase."}
        </CardDescription>
      </CardHeader>
      {inCohort && (team?.submittedWebsiteUrl || phase !== WEBSITE_PHASE) && (
        <CardContent>
          {team?.submittedWebsiteUrl ? (
            <Link to={`/showcase/${inCohort}`} className={buttonVariants()}>
              Go to the showcase <ArrowRight aria-hidden />
            </Link>
          ) : (
            <Link to={withTeam(`/phase/${WEBSITE_PHASE}`)} className={buttonVariants()}>
              Submit your website <ArrowRight aria-hidden />
            </Link>
          )}
        </CardContent>
      )}
    </Card>
  );
}
