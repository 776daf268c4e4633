import type { AdminCohort } from '@shared/schemas/cohort';
import type { AdminTeam } from '@shared/schemas/team';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { TeamSelection } from '../hooks/use-team-selection';
import { needsSubmission } from '../lib/team-list';
import { TEAM_TABLE_HEADINGS, TeamRow } from './team-row';

type Props = {
  /** The teams shown, in order. */
  teams: AdminTeam[];
  /** The active cohorts by tag, for the "Needs Submission" badge. */
  cohortsByTag: Map<string, AdminCohort>;
  selection: TeamSelection;
};

/** The participants list view: a table on wide screens, cards on phones, each team with its box. */
export function TeamList({ teams, cohortsByTag, selection }: Props) {
  const rowProps = (team: AdminTeam) => ({
    team,
    flagged: needsSubmission(team, cohortsByTag),
    selected: selection.isSelected(team.id),
    onSelect: (on: boolean) => selection.toggle(team.id, on),
  });
  return (
    <>
      <Card className="hidden overflow-hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-10">
                <Checkbox
                  aria-label="Select all shown teams"
                  checked={selection.allShown}
                  onCheckedChange={(v) => selection.toggleAllShown(v === true)}
                />
              </TableHead>
              {TEAM_TABLE_HEADINGS.map((heading) => (
                <TableHead key={heading}>{heading}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {teams.map((team) => (
              <TeamRow key={team.id} layout="table" {...rowProps(team)} />
            ))}
          </TableBody>
        </Table>
      </Card>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="Teams">
        {teams.map((team) => (
          <li key={team.id}>
            <TeamRow layout="card" {...rowProps(team)} />
          </li>
        ))}
      </ul>
    </>
  );
}
