import type { AdminCohort, CohortSwitch } from '@shared/schemas/cohort';
import { Archive, ArchiveRestore, ExternalLink, MonitorPlay, Trophy, Vote } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { JoinLinkDialog } from '@/features/join-cohort';
import { PacePanel } from '@/features/pace';
import { CohortProgramme } from '@/features/programmes';
import { CohortLivePanel } from './cohort-live-panel';

type Props = {
  cohort: AdminCohort;
  /** Active cohorts: the switches. */
  onToggle?: (name: CohortSwitch, value: boolean) => void;
  onArchive?: () => void;
  /** Archived cohorts: bring it back. */
  onRestore?: () => void;
  busy?: boolean;
  /** More buttons at the end of the card (an archived cohort's Delete). */
  actions?: React.ReactNode;
};

/** One cohort: its counts, its switches (competition; then voting and results), its pages. */
export function CohortCard({ cohort, onToggle, onArchive, onRestore, busy = false, actions }: Props) {
  const headingId = React.useId();
  const created = new Date(cohort.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' });
  return (
    <Card
      className={cohort.archived ? 'flex h-full flex-col bg-muted/40 p-5' : 'flex h-full flex-col p-5'}
      aria-labelledby={headingId}
      role="group"
      data-testid={`cohort-${cohort.tag}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {/* The whole name, wrapped: two cohorts may differ only at the end ("Spring 2026 Bootcamp A/B"). */}
          <h3 id={headingId} className="text-lg font-semibold tracking-tight break-words">
            {cohort.name}
          </h3>
          <p className="font-mono text-sm break-all text-muted-foreground">{cohort.tag}</p>
        </div>
        {cohort.archived ? (
          <Badge variant="muted" className="shrink-0">
            Archived
          </Badge>
        ) : cohort.competitionEnabled ? (
          <Badge variant="default" className="shrink-0">
            <Trophy aria-hidden /> Competition
          </Badge>
        ) : (
          <Badge variant="outline" className="shrink-0">
            Showcase only
          </Badge>
        )}
      </div>
      {cohort.description && (
        <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{cohort.description}</p>
      )}

      <dl className="mt-4 grid grid-cols-3 gap-2 rounded-lg bg-muted/60 p-3 text-center">
        <Stat label="Teams" value={cohort.teamCount} />
        <Stat label="Websites" value={cohort.submittedCount} />
        <Stat label="Ballots" value={cohort.ballotCount} />
      </dl>

      {cohort.competitionEnabled && (
        <div className="mt-3 flex flex-col gap-1.5">
          <p className="text-sm font-medium" data-testid="ballot-progress">
            {cohort.ballotCount} of {cohort.teamCount} teams voted
          </p>
          <Progress
            value={cohort.ballotCount}
            max={Math.max(cohort.teamCount, 1)}
            aria-label={`${cohort.name}: ${cohort.ballotCount} of ${cohort.teamCount} teams voted`}
            indicatorClassName="bg-accent"
          />
        </div>
      )}

      {!cohort.archived && (
        <div className="mt-3">
          <CohortProgramme cohort={cohort} />
        </div>
      )}

      {!cohort.archived && (
        <div className="mt-3">
          <PacePanel cohort={cohort} />
        </div>
      )}

      {!cohort.archived && <CohortLivePanel cohort={cohort} />}

      {onToggle && (
        <div className="mt-4 flex flex-col divide-y divide-border rounded-lg border border-border">
          <SwitchRow cohort={cohort} name="joiningOpen" onToggle={onToggle} />
          <SwitchRow cohort={cohort} name="competitionEnabled" onToggle={onToggle} />
          {cohort.competitionEnabled && (
            <>
              <SwitchRow cohort={cohort} name="votingOpen" onToggle={onToggle} />
              <SwitchRow cohort={cohort} name="resultsVisible" onToggle={onToggle} />
            </>
          )}
        </div>
      )}

      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        {!cohort.archived && <JoinLinkDialog cohort={cohort} />}
        {!cohort.archived && (
          <Link
            to={`/admin/cohorts/${cohort.tag}/room`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <MonitorPlay aria-hidden /> Room screen
            <span className="sr-only"> of {cohort.name}</span>
          </Link>
        )}
        <CohortPageLink cohort={cohort} page="showcase" />
        <CohortPageLink cohort={cohort} page="results" />
        <span className="ml-auto text-xs text-muted-foreground">Created {created}</span>
        {onArchive && (
          <Button variant="ghost" size="sm" onClick={onArchive} disabled={busy}>
            {busy ? <Spinner className="size-4 text-primary" label="Archiving" /> : <Archive aria-hidden />}
            Archive<span className="sr-only"> {cohort.name}</span>
          </Button>
        )}
        {onRestore && (
          <Button variant="secondary" size="sm" onClick={onRestore} disabled={busy}>
            {busy ? (
              <Spinner className="size-4 text-primary" label="Restoring" />
            ) : (
              <ArchiveRestore aria-hidden />
            )}
            Restore<span className="sr-only"> {cohort.name}</span>
          </Button>
        )}
        {actions}
      </div>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col">
      <dt className="order-2 text-xs text-muted-foreground">{label}</dt>
      <dd className="order-1 text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** Each switch's words: its label, what it does, and how its state reads when on and when off. */
const SWITCH_ROWS: Record<CohortSwitch, { label: string; hint: string; on: string; off: string }> = {
  joiningOpen: { label: 'Joining', hint: 'Teams join by the join link', on: 'Open', off: 'Closed' },
  competitionEnabled: {
    label: 'Competition',
    hint: 'Voting and results for this cohort',
    on: 'On',
    off: 'Off',
  },
  votingOpen: { label: 'Voting', hint: 'Teams rank their top 3 sites', on: 'Open', off: 'Closed' },
  resultsVisible: { label: 'Results', hint: 'Everyone can see the podium', on: 'Visible', off: 'Hidden' },
};

const COHORT_PAGES = {
  showcase: { label: 'Showcase', icon: Vote },
  results: { label: 'Results', icon: ExternalLink },
} as const;

/** A link to the cohort's showcase or results page; its name says which cohort. */
function CohortPageLink({ cohort, page }: { cohort: AdminCohort; page: keyof typeof COHORT_PAGES }) {
  const { label, icon: Icon } = COHORT_PAGES[page];
  return (
    <Link to={`/${page}/${cohort.tag}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Icon aria-hidden /> {label}
      <span className="sr-only"> of {cohort.name}</span>
    </Link>
  );
}

function SwitchRow({
  cohort,
  name,
  onToggle,
}: {
  cohort: AdminCohort;
  name: CohortSwitch;
  onToggle: (name: CohortSwitch, value: boolean) => void;
}) {
  const { label, hint, on, off } = SWITCH_ROWS[name];
  const checked = cohort[name];
  const state = checked ? on : off;
  const onChange = (value: boolean) => onToggle(name, value);
  const id = React.useId();
  return (
    <div className="flex items-center justify-between gap-3 px-3 py-2.5">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      <div className="flex items-center gap-2.5">
        <span
          className={
            checked
              ? 'w-14 text-right text-sm font-semibold text-primary'
              : 'w-14 text-right text-sm text-muted-foreground'
          }
          data-testid={`${label.toLowerCase()}-state`}
        >
          {state}
        </span>
        <Switch id={id} checked={checked} onCheckedChange={onChange} />
      </div>
    </div>
  );
}
