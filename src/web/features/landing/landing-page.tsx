import { PHASE_NUMBERS } from '@shared/phases';
import {
  ArrowRight,
  BarChart3,
  Bot,
  Boxes,
  Brain,
  CheckCircle2,
  Cloud,
  FileText,
  Globe,
  Lightbulb,
  Megaphone,
  MonitorSmartphone,
  Search,
  Sparkles,
  Swords,
  Wand2,
} from 'lucide-react';
import * as React from 'react';
import { Link, useSearchParams } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { codeCardFresh, openWorkspaceDialog } from '@/features/workspace';
import { type ActivityNames, activityNames, useSessionView, withTeamCode } from '@/lib/session-view';

const ACTIVITY_ICONS = [Search, Swords, BarChart3, Lightbulb, FileText, Megaphone, Bot, Globe];

const FEATURES = [
  {
    icon: Boxes,
    title: 'Modular Activities',
    text: 'Eight guided activities, from market research to a live website. Take them in order or jump to the one your team needs today.',
  },
  {
    icon: MonitorSmartphone,
    title: 'Cross-Device Access',
    text: 'Start on a laptop, finish on a phone. Your Workspace Code brings every answer with you, no account needed.',
  },
  {
    icon: Brain,
    title: 'AI-Powered Prompts',
    text: 'Your answers become a ready, well-structured prompt as you type. Copy it into the AI assistant of your choice and get to work.',
  },
];

/** Secondary names of an activity (its header and page names), without repeats. */
function otherNames(names: ActivityNames): string[] {
  return [...new Set([names.header, names.page])].filter((name) => name && name !== names.activity);
}

export function LandingPage() {
  const session = useSessionView();
  const { team, phasesDone } = session;
  const withTeam = (path: string) => withTeamCode(team?.code, path);
  const [searchParams] = useSearchParams();
  const activitiesRef = React.useRef<HTMLElement>(null);
  const teamParam = searchParams.get('team_id');

  // After a workspace is chosen the page carries ?team_id= and scrolls to the activities; so does the
  // header's "All activities" (#activities). Not after creating one: the page stays with its new Workspace
  // Code card, at the top.
  React.useEffect(() => {
    if (teamParam && codeCardFresh()) return;
    if (teamParam || window.location.hash === '#activities')
      activitiesRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [teamParam]);

  const browse = () => activitiesRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <main>
      <title>Applied GenAI Lab</title>
      <section className="relative overflow-hidden bg-gradient-to-b from-indigo-950 via-indigo-900 to-indigo-800 text-white">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-30 [background:radial-gradient(circle_at_20%_20%,#818cf8_0,transparent_40%),radial-gradient(circle_at_80%_60%,#f59e0b_0,transparent_35%)]"
        />
        <div className="relative mx-auto flex max-w-5xl flex-col items-center px-4 py-16 text-center sm:py-24">
          <span className="mb-5 inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-xs font-medium sm:text-sm">
            <Cloud className="size-4" aria-hidden /> Auto-saved • Resume anywhere with your Workspace Code
          </span>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Applied GenAI Lab</h1>
          <p className="mt-5 max-w-2xl text-lg text-indigo-100 sm:text-xl">
            Turn your startup idea into research, concepts, creative assets and a live website, with AI
            prompts built from your own answers in eight guided activities.
          </p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button size="lg" variant="accent" onClick={browse}>
              Browse Activities <ArrowRight aria-hidden />
            </Button>
            {team ? (
              <Link
                to={withTeam(`/phase/${team.currentPhase ?? 1}`)}
                className={buttonVariants({ size: 'lg', variant: 'outline-inverse' })}
              >
                <Sparkles aria-hidden /> Continue as {team.name}
              </Link>
            ) : (
              <Button
                size="lg"
                variant="outline-inverse"
                onClick={() => openWorkspaceDialog({ destination: 'landing' })}
              >
                <Sparkles aria-hidden /> Enter/Create Workspace
              </Button>
            )}
          </div>
          <p className="mt-6 text-sm text-indigo-200">
            Your progress auto-saves and syncs across devices with a Workspace Code.
          </p>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <div className="grid gap-5 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border border-border bg-surface p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section
        id="activities"
        ref={activitiesRef}
        aria-labelledby="activities-heading"
        className="scroll-mt-20 border-t border-border bg-surface"
      >
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <div className="mb-8 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="activities-heading" className="text-3xl font-bold tracking-tight">
                The eight activities
              </h2>
              <p className="mt-2 text-muted-foreground">
                Do them in any order. Each one ends with a prompt you can use straight away.
              </p>
            </div>
            {team && (
              <p className="text-sm text-muted-foreground">
                Working as <span className="typed-text font-semibold text-foreground">{team.name}</span>
              </p>
            )}
          </div>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {PHASE_NUMBERS.filter((n) => !session.switchedOff.includes(n)).map((n) => {
              const Icon = ACTIVITY_ICONS[n - 1] ?? Wand2;
              const names = activityNames(session, n);
              const others = otherNames(names);
              const done = phasesDone.includes(n);
              return (
                <li key={n}>
                  <Link
                    to={withTeam(`/phase/${n}`)}
                    className="group flex h-full flex-col rounded-xl border border-border bg-background p-5 transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md"
                  >
                    <div className="flex items-center justify-between">
                      <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                        <Icon className="size-5" aria-hidden />
                      </span>
                      <span className="flex items-center gap-1.5 text-sm font-semibold text-muted-foreground">
                        {done && (
                          <span
                            className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success"
                            data-testid={`activity-${n}-done`}
                          >
                            <CheckCircle2 className="size-3.5" aria-hidden />
                            Done
                          </span>
                        )}
                        Activity {n}
                      </span>
                    </div>
                    <h3 className="mt-4 font-semibold leading-snug group-hover:text-primary">
                      {names.activity}
                    </h3>
                    {others.length > 0 && (
                      <p className="mt-1 text-xs text-muted-foreground">Also known as {others.join(' · ')}</p>
                    )}
                    <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-medium text-primary">
                      Open activity{' '}
                      <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden />
                    </span>
                  </Link>
                </li>
              );
            })}
          </ol>
        </div>
      </section>
    </main>
  );
}
