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
import { Clock } from 'lucide-react';
import { clsx } from 'clsx';
import * as React from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { type ProgrammeSummary, programmesQueryOptions } from '@/features/programmes';
import { programmePhaseQueryOptions } from '@/lib/team-programme';

/**
 * The programme's length and two running orders (one day, two half-days), computed from the activity configs
 * (each activity's class time is the sum of its steps done in class; the rest is homework), so the plan stays
 * true when an activity changes. For the programme chosen (the standard, or any programme with a published
 * version: its newest), leaving out the activities it switches off: the standard first, or, for a cohort
 * (`cohortTag`, its card's "Plan the time"), the programme it runs. Loaded when the dialog opens; the
 * configs are usually cached already (a version's are immutable).
 */
export function ProgrammeTime({ cohortTag }: { cohortTag?: string }) {
  const list = useQuery(programmesQueryOptions);
  const [chosen, setChosen] = React.useState<string | null>(null);
  const choices = (list.data?.programmes ?? []).filter((p) => p.publishedVersion !== null);
  const cohorts = cohortTag ? choices.find((p) => p.cohorts.some((c) => c.tag === cohortTag))?.id : undefined;
  const programme = planned(choices.find((p) => p.id === (chosen ?? cohorts ?? STANDARD_PROGRAMME_ID)));
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
  const headingId = React.useId();

  return (
    <section
      aria-labelledby={cohortTag ? undefined : headingId}
      aria-label={cohortTag ? 'Plan the time' : undefined}
      className={cohortTag ? undefined : 'mt-6 border-t border-border pt-5'}
    >
      {!cohortTag && (
        <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Clock className="size-5 text-primary" aria-hidden /> Plan the time
        </h3>
      )}
      <div className={clsx('flex max-w-sm flex-col gap-1.5', !cohortTag && 'mt-3')}>
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
          The activities' times could not be loaded. Close this window and open it again to retry.
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
