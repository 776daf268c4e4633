import { PAGE_NAMES } from '@shared/phases';
import { formatRelativeTime } from '@shared/relative-time';
import type { TeamProgramme } from '@shared/schemas/programmes';
import type { AdminTeam } from '@shared/schemas/team';
import { useQueries } from '@tanstack/react-query';
import { CheckCheck, Globe, Minus, PencilLine } from 'lucide-react';
import { TeamAvatar } from '@/components/team-avatar';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { programmePhaseQueryOptions } from '@/lib/team-programme';
import {
  type BoardCell,
  boardColumns,
  boardRow,
  doneCount,
  sharedProgramme,
  teamsPerActivity,
} from '../lib/board';

/**
 * The board: teams (rows) by the activities their programmes run (columns: an activity no shown team runs
 * has none). A green cell is an activity done (every required field answered), a blue one an activity
 * started (answers saved, not all required ones), the amber cell where the team is now (the activity its
 * open page shows; dashed, where it last saved, while no page of it is open), a dash an activity the team's programme switches off, and "Done" counts the activities done
 * of those its programme runs, so who is behind the room's pace reads at a glance. It follows the
 * dashboard's live lists.
 */
export function ProgressBoard({ teams, caption }: { teams: AdminTeam[]; caption: string }) {
  const perActivity = teamsPerActivity(teams);
  const columns = boardColumns(teams);
  const names = useColumnNames(sharedProgramme(teams), columns);
  return (
    <div className="flex flex-col gap-3">
      <BoardLegend showNotRun={columns.some((n) => teams.some((t) => t.programme.switchedOff.includes(n)))} />
      {/* Relative: the cells' screen-reader texts are placed within the scroller, not past the page's edge. */}
      <div className="relative overflow-x-auto rounded-xl border border-border bg-surface">
        <table
          className="w-full min-w-[40rem] border-separate border-spacing-1 text-sm"
          data-testid="progress-board"
        >
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-surface px-2 py-1.5 text-left font-medium text-muted-foreground"
              >
                Team
              </th>
              {columns.map((n, i) => (
                <th key={n} scope="col" className="w-12 px-0.5 py-1.5 text-center font-semibold">
                  <abbr title={`Activity ${n}: ${names[i]}`} className="no-underline">
                    {n}
                  </abbr>
                  <span className="block text-xs font-normal text-muted-foreground tabular-nums">
                    <span className="sr-only">teams here: </span>
                    {perActivity[n - 1]}
                  </span>
                </th>
              ))}
              <th scope="col" className="px-2 py-1.5 text-center font-medium text-muted-foreground">
                Done
              </th>
              <th
                scope="col"
                className="px-2 py-1.5 text-left font-medium whitespace-nowrap text-muted-foreground"
              >
                Last activity
              </th>
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => (
              <tr key={team.id} data-testid="board-row" data-team={team.name}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-44 bg-surface px-2 py-1 text-left font-semibold sm:max-w-56"
                >
                  <span className="flex min-w-0 items-center gap-2">
                    <TeamAvatar team={team} className="size-7 text-xs" />
                    <span className="truncate" title={team.name}>
                      {team.name}
                    </span>
                    {team.submittedWebsiteUrl && (
                      <Globe className="size-4 shrink-0 text-success" aria-label="Website submitted" />
                    )}
                  </span>
                </th>
                {boardRow(team, columns).map((cell) =>
                  cell.runs ? (
                    <td key={cell.phase} className="p-0">
                      <Link
                        to={`/admin/teams/${team.id}/work#activity-${cell.phase}`}
                        className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
                        aria-label={`View work: ${team.name}, activity ${cell.phase}`}
                      >
                        <BoardCellView {...cell} />
                      </Link>
                    </td>
                  ) : (
                    <td key={cell.phase} className="p-0">
                      <NotRunCell phase={cell.phase} />
                    </td>
                  ),
                )}
                <DoneCell team={team} />
                <td className="px-2 py-1 whitespace-nowrap text-muted-foreground">
                  {formatRelativeTime(team.updatedAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * The activities' names for the column titles: the programme's own when every shown team runs the same one
 * (its configs, cached by version), else the standard's.
 */
function useColumnNames(
  programme: Pick<TeamProgramme, 'programmeId' | 'version'> | null,
  columns: readonly number[],
): string[] {
  const configs = useQueries({
    queries: programme ? columns.map((n) => programmePhaseQueryOptions(programme, n)) : [],
  });
  return columns.map((n, i) => configs[i]?.data?.names.page ?? PAGE_NAMES[n - 1] ?? `Activity ${n}`);
}

function DoneCell({ team }: { team: AdminTeam }) {
  const { done, of } = doneCount(team);
  return (
    <td
      className="px-2 py-1 text-center font-semibold whitespace-nowrap tabular-nums"
      data-testid="board-done"
    >
      {done}
      <span className="font-normal text-muted-foreground">/{of}</span>
      <span className="sr-only"> activities done</span>
    </td>
  );
}

/** An activity another shown team runs that this team's programme switches off: nothing to open. */
function NotRunCell({ phase }: { phase: number }) {
  return (
    <span
      className="flex h-9 min-w-9 items-center justify-center rounded-md border border-dashed border-border text-muted-foreground"
      data-cell="off"
      data-phase={phase}
    >
      <Minus className="size-4" aria-hidden />
      <span className="sr-only">Activity {phase}: not in this team's programme</span>
    </span>
  );
}

function BoardCellView({ phase, hasData, done, current, now }: BoardCell) {
  const here = current ? (now === 'page' ? 'Now here (page open)' : 'Last saved here (no page open)') : null;
  const words = [here, done ? 'done' : hasData ? 'started' : 'not started'].filter(Boolean).join(', ');
  return (
    <span
      className={cn(
        'flex h-9 min-w-9 items-center justify-center rounded-md text-xs font-semibold',
        current && now === 'page'
          ? 'bg-accent text-accent-foreground ring-2 ring-amber-700 ring-offset-1'
          : current
            ? 'border-2 border-dashed border-amber-700 bg-accent-soft text-accent-foreground'
            : done
              ? 'bg-success text-white'
              : hasData
                ? 'bg-primary text-primary-foreground'
                : 'bg-muted text-muted-foreground',
      )}
      data-cell={current ? 'current' : done ? 'done' : hasData ? 'data' : 'empty'}
      data-now={current ? now : undefined}
      data-done={done ? '' : undefined}
      data-phase={phase}
    >
      {done ? (
        <CheckCheck className="size-4" aria-hidden />
      ) : hasData ? (
        <PencilLine className="size-4" aria-hidden />
      ) : current ? (
        phase
      ) : null}
      <span className="sr-only">
        Activity {phase}: {words}
      </span>
    </span>
  );
}

function BoardLegend({ showNotRun }: { showNotRun: boolean }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground" aria-label="Legend">
      <li className="flex items-center gap-2">
        <span className="flex size-5 items-center justify-center rounded bg-success text-white">
          <CheckCheck className="size-3.5" aria-hidden />
        </span>
        Done
      </li>
      <li className="flex items-center gap-2">
        <span className="flex size-5 items-center justify-center rounded bg-primary text-primary-foreground">
          <PencilLine className="size-3.5" aria-hidden />
        </span>
        Started
      </li>
      <li className="flex items-center gap-2">
        <span className="size-5 rounded bg-accent ring-2 ring-amber-700 ring-offset-1" aria-hidden />
        Where the team is now (its open page)
      </li>
      <li className="flex items-center gap-2">
        <span className="size-5 rounded border-2 border-dashed border-amber-700 bg-accent-soft" aria-hidden />
        No page open: where it last saved
      </li>
      <li className="flex items-center gap-2">
        <span className="size-5 rounded bg-muted" aria-hidden />
        Not started
      </li>
      {showNotRun && (
        <li className="flex items-center gap-2">
          <span
            className="flex size-5 items-center justify-center rounded border border-dashed border-border"
            aria-hidden
          >
            <Minus className="size-3.5" />
          </span>
          Not in the team's programme
        </li>
      )}
    </ul>
  );
}
