import { doneWords, progressFigure } from '@shared/progress';
import { formatRelativeTime } from '@shared/relative-time';
import type { AdminTeam } from '@shared/schemas/team';
import { toSafeHref } from '@shared/website-url';
import { AlertTriangle, ExternalLink } from 'lucide-react';
import type * as React from 'react';
import { TeamAvatar } from '@/components/team-avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Progress } from '@/components/ui/progress';
import { TableCell, TableRow } from '@/components/ui/table';
import { TeamActionsMenu } from './team-actions-menu';
import { activitiesRun, doneCount } from '../lib/board';

type TeamRowProps = {
  team: AdminTeam;
  /** Voting is open in its cohort and it has no website yet. */
  flagged: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** A row of the desktop table, or a card of the phone list. */
  layout: 'table' | 'card';
};

/** What is shown of a team, once for both layouts: a label (the card's) and the cell. */
function details(team: AdminTeam): { label: string; cell: React.ReactNode; className?: string }[] {
  return [
    { label: 'Cohort', cell: <CohortBadge team={team} /> },
    { label: 'Progress', cell: <TeamProgress team={team} /> },
    { label: 'Activities', cell: <ActivityDots phases={team.phasesWithData} run={activitiesRun(team)} /> },
    { label: 'Website', cell: <WebsiteLink team={team} />, className: 'min-w-0' },
    { label: 'Last activity', cell: formatRelativeTime(team.updatedAt) },
  ];
}

const TABLE_CELL_CLASS: Record<string, string> = {
  Website: 'max-w-44',
  'Last activity': 'whitespace-nowrap text-muted-foreground',
};

/** One team of the participants list: its box to select it, who it is, and how far it has got. */
export function TeamRow({ team, flagged, selected, onSelect, layout }: TeamRowProps) {
  const checkbox = (className?: string) => (
    <Checkbox
      className={className}
      aria-label={`Select ${team.name}`}
      checked={selected}
      onCheckedChange={(v) => onSelect(v === true)}
    />
  );
  if (layout === 'table') {
    return (
      <TableRow data-state={selected ? 'selected' : undefined}>
        <TableCell>{checkbox()}</TableCell>
        <TableCell className="max-w-60">
          <TeamIdentity team={team} flagged={flagged} />
        </TableCell>
        {details(team).map(({ label, cell }) => (
          <TableCell key={label} className={TABLE_CELL_CLASS[label]}>
            {cell}
          </TableCell>
        ))}
        <TableCell className="text-right">
          <TeamActionsMenu team={team} />
        </TableCell>
      </TableRow>
    );
  }
  return (
    <Card className={selected ? 'border-primary bg-primary-soft/40 p-4' : 'p-4'} data-testid="team-card">
      <div className="flex items-start gap-3">
        {checkbox('mt-2.5')}
        <div className="min-w-0 flex-1">
          <TeamIdentity team={team} flagged={flagged} />
        </div>
        <TeamActionsMenu team={team} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2.5 text-sm">
        {details(team).map(({ label, cell, className }) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={className}>{cell}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The table's column headings, in the order TeamRow fills them. */
export const TEAM_TABLE_HEADINGS = [
  'Team',
  'Cohort',
  'Progress',
  'Activities with data',
  'Website',
  'Last activity',
  'Actions',
];

function TeamIdentity({ team, flagged }: { team: AdminTeam; flagged: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <TeamAvatar team={team} />
      <div className="min-w-0">
        <p className="truncate font-semibold" title={team.name}>
          {team.name}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs tracking-widest text-muted-foreground">
            <span className="sr-only">Code </span>
            {team.code}
          </span>
          {flagged && (
            <Badge variant="warning">
              <AlertTriangle aria-hidden /> Needs Submission
            </Badge>
          )}
        </div>
      </div>
    </div>
  );
}

function CohortBadge({ team }: { team: AdminTeam }) {
  if (!team.cohortTag) return <span className="text-sm text-muted-foreground">Unassigned</span>;
  return (
    // The whole name, on two lines or more when it is long: a name cut short can be mistaken for another.
    <Badge variant="default" title={team.cohortTag} className="max-w-48 rounded-lg whitespace-normal">
      <span className="break-words">{team.cohortName ?? team.cohortTag}</span>
    </Badge>
  );
}

/**
 * How far the team is, read as on its own activity page (src/web/features/phase/components/phase-progress.tsx):
 * the activities done (the done rule) as the bar and in words, and the specification's figure beside them
 * with what it counts. The same team reads the same on both screens.
 */
function TeamProgress({ team }: { team: AdminTeam }) {
  const { done, of } = doneCount(team);
  const percent = of === 0 ? 0 : Math.round((done / of) * 100);
  const figure = progressFigure(team, team.programme.switchedOff);
  return (
    <div className="flex min-w-36 flex-col gap-1" data-testid="team-progress">
      <div className="flex items-center gap-2">
        <Progress
          value={percent}
          aria-label={`${team.name}: ${doneWords(done, of)}`}
          className="w-16 shrink-0"
          indicatorClassName={percent === 100 ? 'bg-success' : undefined}
        />
        <span className="text-sm font-medium whitespace-nowrap" data-testid="team-activities-done">
          {doneWords(done, of)}
        </span>
      </div>
      <span className="text-xs text-muted-foreground" title={figure.means}>
        <span data-testid="team-progress-figure">{figure.text}</span>
        <span className="sr-only"> ({figure.means})</span>
      </span>
    </div>
  );
}

/** The activities its programme runs (a switched-off one has no dot), those with data filled in. */
function ActivityDots({ phases, run }: { phases: number[]; run: number[] }) {
  const saved = new Set(phases);
  const label =
    phases.length === 0 ? 'No activities with data' : `Activities with data: ${phases.join(', ')}`;
  return (
    <div className="flex gap-0.5" role="img" aria-label={label} title={label}>
      {run.map((n) => (
        <span
          key={n}
          className={
            saved.has(n)
              ? 'flex size-5 items-center justify-center rounded-sm bg-primary text-xs font-semibold text-primary-foreground'
              : 'flex size-5 items-center justify-center rounded-sm bg-muted text-xs text-muted-foreground'
          }
        >
          {n}
        </span>
      ))}
    </div>
  );
}

function WebsiteLink({ team }: { team: AdminTeam }) {
  const href = toSafeHref(team.submittedWebsiteUrl);
  if (href === '#') return <span className="text-sm text-muted-foreground">Not submitted</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <span className="truncate">{href.replace(/^https?:\/\//i, '')}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
