import {
  type ActivityTime,
  activitiesTake,
  activityDurations,
  formatClock,
  formatHours,
  formatMinutes,
  parseDuration,
  type SampleSchedule,
  sampleSchedules,
  sumDurations,
} from '@shared/programme-time';
import { PHASE_NUMBERS } from '@shared/phases';
import { STANDARD_PROGRAMME_ID, STANDARD_PROGRAMME_NAME } from '@shared/schemas/programmes';
import { useQueries, useQuery } from '@tanstack/react-query';
import { BookOpen, Clock } from 'lucide-react';
import { clsx } from 'clsx';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { type ProgrammeSummary, programmesQueryOptions } from '@/features/programmes';
import { programmePhaseQueryOptions } from '@/lib/team-programme';

const STEPS: { title: string; body: string }[] = [
  {
    title: 'Let teams start',
    body: 'Each team creates a workspace from the home page and keeps its 4-character Workspace Code. They appear in the Participants tab straight away.',
  },
  {
    title: 'Create the cohort when teams reach activities 4-5',
    body: 'Best practice: wait until most teams are on activities 4-5, so you know who is really taking part. In the Cohorts tab, give it a permanent tag (lowercase letters, numbers and hyphens) and a name.',
  },
  {
    title: 'Assign the teams',
    body: 'In the Participants tab, tick the teams (filter and search help), choose the cohort and press Assign. A team belongs to one cohort at a time; assigning it elsewhere moves it.',
  },
  {
    title: 'Collect websites',
    body: 'Teams submit their deployed site in activity 8. Submissions are always open; the cohort card counts them and the Participants tab flags teams that still need to submit once voting is open.',
  },
  {
    title: 'Run the competition (optional)',
    body: 'Switch Competition on for the cohort. Open voting when the room is ready: each team ranks its top 3 sites from other teams. Watch "N of M teams voted" climb live, then close voting.',
  },
  {
    title: 'Reveal the results',
    body: 'Set Results to Visible, open the results page on the projector and press the reveal button together. Leave Competition off for a plain showcase without voting.',
  },
  {
    title: 'Wrap up',
    body: 'Export CSV keeps every team’s progress for your records. Archive the cohort when it is over; you can restore it at any time.',
  },
];

/** How to run a cohort, from first workspace to the podium. */
export function InstructionsDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <BookOpen aria-hidden /> Instructions
        </Button>
      </DialogTrigger>
      <DialogContent width="wider">
        <DialogHeader>
          <DialogTitle>How to run a cohort</DialogTitle>
          <DialogDescription>
            From the first workspace to the winners' podium, in seven steps.
          </DialogDescription>
        </DialogHeader>
        <ol className="flex flex-col gap-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <ProgrammeTime />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The programme's length and two running orders (one day, two half-days), computed from the activity configs
 * (each activity's class time is the sum of its steps done in class; the rest is homework), so the plan stays
 * true when an activity changes. For the programme chosen (the standard, or any programme with a published
 * version: its newest), leaving out the activities it switches off. Loaded when the dialog opens; the
 * configs are usually cached already (a version's are immutable).
 */
function ProgrammeTime() {
  const list = useQuery(programmesQueryOptions);
  const [chosen, setChosen] = React.useState<string>(STANDARD_PROGRAMME_ID);
  const choices = (list.data?.programmes ?? []).filter((p) => p.publishedVersion !== null);
  const programme = planned(choices.find((p) => p.id === chosen));
  const results = useQueries({
    queries: programme.run.map((phase) => programmePhaseQueryOptions(programme.ref, phase)),
  });
  const loading = results.some((r) => r.isPending);
  const failed = results.some((r) => r.isError);
  const activities: ActivityTime[] = results.flatMap((r) => {
    const config = r.data;
    if (!config) return [];
    const { inClass, homework } = activityDurations(config.stepByStepFlow ?? []);
    const duration = inClass ?? parseDuration(config.estimatedTime);
    if (!duration) return [];
    return [{ phase: config.phase, name: config.title, duration, ...(homework ? { homework } : {}) }];
  });
  const selectId = React.useId();

  return (
    <section aria-labelledby="programme-time" className="mt-6 border-t border-border pt-5">
      <h3 id="programme-time" className="flex items-center gap-2 text-lg font-semibold">
        <Clock className="size-5 text-primary" aria-hidden /> Plan the time
      </h3>
      <div className="mt-3 flex max-w-sm flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium">
          Programme
        </label>
        <Select value={programme.ref.programmeId} onValueChange={setChosen}>
          <SelectTrigger id={selectId} data-testid="plan-programme">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.length === 0 ? (
              <SelectItem value={STANDARD_PROGRAMME_ID}>{STANDARD_PROGRAMME_NAME}</SelectItem>
            ) : (
              choices.map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {p.name}
                </SelectItem>
              ))
            )}
          </SelectContent>
        </Select>
        {list.isError && (
          <p className="text-xs text-muted-foreground">
            The other programmes could not be loaded; this is the Standard programme's plan.
          </p>
        )}
      </div>
      {loading ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4 text-primary" label="Loading the activities' times" /> Adding up the
          activities' times…
        </p>
      ) : failed || activities.length < programme.run.length ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          The activities' times could not be loaded. Close the instructions and open them again to retry.
        </p>
      ) : (
        <ProgrammePlan activities={activities} />
      )}
    </section>
  );
}

/** The version a plan reads (a programme's newest; the standard when none is chosen) and the activities it runs. */
function planned(programme: ProgrammeSummary | undefined) {
  const off = new Set(programme?.publishedSwitchedOff ?? []);
  return {
    ref: programme
      ? { programmeId: programme.id, version: programme.publishedVersion ?? 1 }
      : { programmeId: STANDARD_PROGRAMME_ID, version: 1 },
    run: PHASE_NUMBERS.filter((phase) => !off.has(phase)),
  };
}

function ProgrammePlan({ activities }: { activities: ActivityTime[] }) {
  const total = sumDurations(activities.map((a) => a.duration));
  return (
    <>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
        {activitiesTake(activities.length)}{' '}
        <strong className="font-semibold text-foreground">
          {formatHours(total.min)} to {formatHours(total.max)}
        </strong>{' '}
        of class time, the sum of each activity's steps done in class; what does not fit the day is homework.
        Add time for welcome, breaks and the showcase: two running orders below.
      </p>
      <ul className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {activities.map((a) => (
          <li key={a.phase} className="flex justify-between gap-3 border-b border-border/60 py-1">
            <span>
              {a.phase}. {a.name}
            </span>
            <span className="shrink-0 tabular-nums text-muted-foreground">
              {a.duration.min}–{a.duration.max} min{a.homework && ' + homework'}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid items-start gap-4 md:grid-cols-2">
        {sampleSchedules(activities).map((schedule) => (
          <Schedule key={schedule.title} schedule={schedule} />
        ))}
      </div>
    </>
  );
}

function Schedule({ schedule }: { schedule: SampleSchedule }) {
  return (
    <div className="rounded-lg border border-border bg-background p-4">
      <h4 className="font-semibold">{schedule.title}</h4>
      <p className="mt-1 text-xs leading-relaxed text-muted-foreground">{schedule.pace}</p>
      {schedule.days.map((day) => {
        const end = day.items.at(-1)?.end;
        return (
          <div key={day.title} className="mt-3">
            {schedule.days.length > 1 && (
              <h5 className="text-sm font-semibold text-primary">
                {day.title}
                {end !== undefined && (
                  <span className="font-normal text-muted-foreground"> · ends {formatClock(end)}</span>
                )}
              </h5>
            )}
            <ol className="mt-1 flex flex-col text-sm">
              {day.items.map((item) => (
                <li
                  key={`${item.start}-${item.label}`}
                  className={clsx('flex gap-3 py-0.5', !item.phase && 'text-muted-foreground')}
                >
                  <span className="w-24 shrink-0 tabular-nums">
                    <time>{formatClock(item.start)}</time>–<time>{formatClock(item.end)}</time>
                  </span>
                  <span className={clsx(item.phase && 'font-medium')}>{item.label}</span>
                </li>
              ))}
            </ol>
            {schedule.days.length === 1 && end !== undefined && (
              <p className="mt-1 text-xs text-muted-foreground">Ends at {formatClock(end)}.</p>
            )}
          </div>
        );
      })}
      {schedule.homework.map((group) => (
        <div key={group.due} className="mt-3">
          <h5 className="text-sm font-semibold">Homework · {group.due.toLowerCase()}</h5>
          <ul className="mt-1 flex flex-col text-sm text-muted-foreground">
            {group.items.map((item) => (
              <li key={item.phase} className="flex justify-between gap-3 py-0.5">
                <span>{item.label}</span>
                <span className="shrink-0 tabular-nums">{formatMinutes(item.minutes)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
