import type { AdminCohort } from '@shared/schemas/cohort';
import {
  cleanPaceMessage,
  PACE_MESSAGE_MAX,
  PACE_MINUTES_MAX,
  PACE_MINUTES_MIN,
  type Pace,
  type UpdatePaceBody,
} from '@shared/schemas/pace';
import { Gauge, Megaphone, Timer, X } from 'lucide-react';
import * as React from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { type ProgrammeActivity, useProgrammeActivities } from '@/lib/team-programme';
import { useUpdatePace } from '../api/update-pace';
import { useHeldCohortPace } from '../hooks/pace-listeners';
import { useTimeLeft } from '../hooks/use-time-left';
import { nowLine, shownPace, showsPace, timeLeftText } from './pace-lines';

/**
 * Pacing a cohort's room from its card (docs/product.md, Pacing the room and joining a cohort): what every
 * open page of its teams shows now (the message, "Now: Activity N", the time left), each with its own
 * "Clear", and "Pace the room", which sets any of them. Live: another instructor's change shows here too (the
 * dashboard's progress stream carries it).
 */
export function PacePanel({ cohort }: { cohort: AdminCohort }) {
  // The list's reading, until a newer one is heard (this page's own change, a `pace` event).
  const listed = React.useMemo(
    () => ({ pace: cohort.pace, now: cohort.clock, receivedAt: Date.now() }),
    [cohort.pace, cohort.clock],
  );
  const heard = useHeldCohortPace(cohort.tag);
  const held = heard && Date.parse(heard.now) >= Date.parse(listed.now) ? heard : listed;
  const millisLeft = useTimeLeft(held);
  const pace = shownPace(held.pace, millisLeft)!;
  const update = useUpdatePace();
  const clear = (body: UpdatePaceBody) => update.mutate({ tag: cohort.tag, body });
  // The activities the cohort's programme runs, named as it names them.
  const activities = useProgrammeActivities(cohort.programme);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="pace-panel">
      <div className="flex items-center justify-between gap-2">
        <h4 className="flex items-center gap-2 text-sm font-medium">
          <Gauge className="size-4 text-primary" aria-hidden /> Room pace
          <span className="sr-only"> of {cohort.name}</span>
        </h4>
        <PaceDialog cohort={cohort} pace={pace} activities={activities} />
      </div>
      {!showsPace(pace) ? (
        <p className="text-sm text-muted-foreground">
          Nothing on the teams' screens. Send a message, the activity to work on, or a countdown.
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm" aria-live="polite">
          {pace.message && (
            <PaceRow
              icon={<Megaphone aria-hidden />}
              label="Message"
              onClear={() => clear({ message: null })}
              busy={update.isPending}
              cohortName={cohort.name}
            >
              <span className="typed-text" data-testid="pace-panel-message">
                {pace.message}
              </span>
            </PaceRow>
          )}
          {pace.phase && (
            <PaceRow
              icon={<Gauge aria-hidden />}
              label="Activity"
              onClear={() => clear({ phase: null })}
              busy={update.isPending}
              cohortName={cohort.name}
            >
              <span className="font-semibold" data-testid="pace-panel-now">
                {nowLine(pace.phase, activities).lead}
              </span>
              {nowLine(pace.phase, activities).name && (
                <span className="text-muted-foreground"> · {nowLine(pace.phase, activities).name}</span>
              )}
            </PaceRow>
          )}
          {pace.endsAt && (
            <PaceRow
              icon={<Timer aria-hidden />}
              label="Countdown"
              onClear={() => clear({ minutes: null })}
              busy={update.isPending}
              cohortName={cohort.name}
            >
              <span className="font-semibold tabular-nums" data-testid="pace-panel-time">
                {millisLeft === undefined ? 'Counting down' : timeLeftText(millisLeft)}
              </span>
            </PaceRow>
          )}
          {[pace.message, pace.phase, pace.endsAt].filter((part) => part !== null).length > 1 && (
            <li>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => clear({ message: null, phase: null, minutes: null })}
                disabled={update.isPending}
              >
                Clear all<span className="sr-only"> of the pace of {cohort.name}</span>
              </Button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function PaceRow({
  icon,
  label,
  onClear,
  busy,
  cohortName,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  onClear: () => void;
  busy: boolean;
  cohortName: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex items-start gap-2">
      <span className="mt-0.5 text-muted-foreground [&_svg]:size-4">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="sr-only">{label}: </span>
        {children}
      </span>
      <Button variant="ghost" size="sm" className="-my-1.5" onClick={onClear} disabled={busy}>
        <X aria-hidden /> Clear
        <span className="sr-only">
          {' '}
          {label.toLowerCase()} of {cohortName}
        </span>
      </Button>
    </li>
  );
}

const NO_ACTIVITY = 'none';

/** "Pace the room": the form that sets any of the three; what is left empty stays as it is. */
function PaceDialog({
  cohort,
  pace,
  activities,
}: {
  cohort: AdminCohort;
  pace: Pace;
  /** What the select offers: the activities the cohort's programme runs. */
  activities: readonly ProgrammeActivity[];
}) {
  const [open, setOpen] = React.useState(false);
  const [message, setMessage] = React.useState('');
  const [phase, setPhase] = React.useState(NO_ACTIVITY);
  const [minutes, setMinutes] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const update = useUpdatePace();
  const ids = { message: React.useId(), phase: React.useId(), minutes: React.useId(), error: React.useId() };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setMessage(pace.message ?? '');
      setPhase(pace.phase ? String(pace.phase) : NO_ACTIVITY);
      setMinutes('');
      setError(null);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: UpdatePaceBody = {};
    const cleaned = cleanPaceMessage(message);
    if (message !== '' && cleaned === '') {
      setError('Write a few words for the message, or leave it empty.');
      return;
    }
    if (cleaned !== (pace.message ?? '')) body.message = cleaned === '' ? null : cleaned;
    const chosen = phase === NO_ACTIVITY ? null : Number(phase);
    if (chosen !== pace.phase) body.phase = chosen;
    if (minutes.trim() !== '') {
      const value = Number(minutes);
      if (!Number.isInteger(value) || value < PACE_MINUTES_MIN || value > PACE_MINUTES_MAX) {
        setError(`The countdown takes whole minutes, from ${PACE_MINUTES_MIN} to ${PACE_MINUTES_MAX}.`);
        return;
      }
      body.minutes = value;
    }
    if (Object.keys(body).length === 0) {
      setError('Nothing changed: write a message, choose an activity or start a countdown.');
      return;
    }
    update.mutate(
      { tag: cohort.tag, body },
      {
        onSuccess: () => setOpen(false),
        onError: () => setError(null),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Pace the room<span className="sr-only"> of {cohort.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pace the room: {cohort.name}</DialogTitle>
          <DialogDescription>
            Every open page of the cohort's teams shows it at once, in a bar along the bottom of the window,
            and so does the room's screen. What you leave as it is stays as it is.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-describedby={ids.error}>
          <FormField id={ids.message} label="Message">
            <Input
              id={ids.message}
              value={message}
              maxLength={PACE_MESSAGE_MAX}
              placeholder="Coffee is ready in the hall"
              onChange={(event) => {
                setMessage(event.target.value);
                setError(null);
              }}
              aria-describedby={`${ids.message}-hint`}
            />
            <p id={`${ids.message}-hint`} className="text-xs text-muted-foreground">
              One line, at most {PACE_MESSAGE_MAX} characters ({message.length} now). Empty it to take the
              message down.
            </p>
          </FormField>
          <FormField id={ids.phase} label="Now: activity">
            <Select value={phase} onValueChange={(value) => setPhase(value)}>
              <SelectTrigger id={ids.phase}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_ACTIVITY}>No activity</SelectItem>
                {activities.map(({ phase: n, names }) => (
                  <SelectItem key={n} value={String(n)}>
                    Activity {n}
                    {names ? `: ${names.page}` : ''}
                  </SelectItem>
                ))}
                {/* Set before the programme switched it off: shown, so the choice reads as it is. */}
                {pace.phase && !activities.some((activity) => activity.phase === pace.phase) && (
                  <SelectItem value={String(pace.phase)}>
                    Activity {pace.phase} (not in the programme)
                  </SelectItem>
                )}
              </SelectContent>
            </Select>
          </FormField>
          <FormField id={ids.minutes} label="Countdown (minutes)">
            <Input
              id={ids.minutes}
              type="number"
              inputMode="numeric"
              min={PACE_MINUTES_MIN}
              max={PACE_MINUTES_MAX}
              step={1}
              value={minutes}
              placeholder={pace.endsAt ? 'Leave empty to keep the running one' : 'For example 15'}
              onChange={(event) => {
                setMinutes(event.target.value);
                setError(null);
              }}
              aria-describedby={`${ids.minutes}-hint`}
            />
            <p id={`${ids.minutes}-hint`} className="text-xs text-muted-foreground">
              From {PACE_MINUTES_MIN} to {PACE_MINUTES_MAX}; starts now, and replaces a running countdown.
            </p>
          </FormField>
          <p id={ids.error} role="alert" className="text-sm font-medium text-destructive empty:hidden">
            {error}
          </p>
          <DialogFooter>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner className="size-4 text-current" label="Sending" />}
              Send to the room
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
