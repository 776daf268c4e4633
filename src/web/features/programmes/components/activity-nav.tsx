import { PHASE_NUMBERS } from '@shared/phases';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';

/** The eight activities to edit, each with its name, whether it is off, and how many problems it has. */
export function ActivityNav({
  activity,
  onChoose,
  nameOf,
  counts,
  switchedOff,
}: {
  activity: number;
  onChoose: (activity: number) => void;
  nameOf: (activity: number) => string;
  counts: ReadonlyMap<number, number>;
  switchedOff: readonly number[];
}) {
  return (
    <nav aria-label="Activities" className="mt-5">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-8">
        {PHASE_NUMBERS.map((n) => {
          const count = counts.get(n) ?? 0;
          const off = switchedOff.includes(n);
          return (
            <li key={n}>
              <button
                type="button"
                onClick={() => onChoose(n)}
                aria-current={activity === n ? 'page' : undefined}
                className={
                  activity === n
                    ? 'flex h-full w-full flex-col items-start gap-1 rounded-lg border-2 border-primary bg-primary-soft px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'
                    : 'flex h-full w-full flex-col items-start gap-1 rounded-lg border-2 border-border bg-surface px-3 py-2 text-left hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'
                }
              >
                <span className="text-xs font-medium text-muted-foreground">Activity {n}</span>
                <span className="line-clamp-2 text-sm font-semibold">{nameOf(n)}</span>
                <span className="flex flex-wrap gap-1">
                  {off && <Badge variant="muted">Off</Badge>}
                  {count > 0 && (
                    <Badge variant="destructive">
                      {count} {count === 1 ? 'problem' : 'problems'}
                    </Badge>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Whether the cohorts running this programme do the activity (a half-day programme switches some off). */
export function SwitchedOffRow({
  activity,
  switchedOff,
  readOnly,
  onChange,
}: {
  activity: number;
  switchedOff: readonly number[];
  readOnly: boolean;
  onChange: (next: number[]) => void;
}) {
  const on = !switchedOff.includes(activity);
  // One activity at least stays on.
  const last = on && switchedOff.length >= PHASE_NUMBERS.length - 1;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface px-4 py-3 shadow-sm">
      <div>
        <Label htmlFor="activity-on">Teams do this activity</Label>
        <p className="mt-1 text-xs text-muted-foreground">
          {last
            ? 'The only activity left on: a programme keeps at least one.'
            : 'Off: it leaves the teams’ navigation, the landing grid, the progress board and the day’s total.'}
        </p>
      </div>
      <Switch
        id="activity-on"
        checked={on}
        disabled={readOnly || last}
        onCheckedChange={(next) =>
          onChange(next ? switchedOff.filter((n) => n !== activity) : [...switchedOff, activity].sort())
        }
      />
    </div>
  );
}
