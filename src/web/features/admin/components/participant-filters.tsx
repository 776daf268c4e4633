import { Search } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useOpenState } from '../hooks/use-held-while-open';
import { ALL_COHORTS, NO_COHORT, type SortKey } from '../lib/team-list';

type Props = {
  search: string;
  onSearchChange: (search: string) => void;
  /** A cohort's tag, ALL_COHORTS or NO_COHORT. */
  cohort: string;
  onCohortChange: (cohort: string) => void;
  /** The cohort filter's cohorts, [tag, name] (lib/team-list's cohortFilterOptions). */
  cohortOptions: [tag: string, name: string][];
  sort: SortKey;
  onSortChange: (sort: SortKey) => void;
};

/** Which teams the participants list shows, and in what order: search, cohort filter, sort. */
export function ParticipantFilters(props: Props) {
  const cohortList = useOpenState();
  const sortList = useOpenState();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <FormField id="participant-search" label="Search" className="flex-1">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id="participant-search"
            type="search"
            placeholder="Team name or code"
            className="pl-9"
            value={props.search}
            onChange={(e) => props.onSearchChange(e.target.value)}
          />
        </div>
      </FormField>
      <div className="grid grid-cols-2 gap-3 md:flex">
        <div className="flex flex-col gap-1.5 md:w-52">
          <Label id="cohort-filter-label">Cohort</Label>
          <Select value={props.cohort} onValueChange={props.onCohortChange} {...cohortList}>
            <SelectTrigger aria-labelledby="cohort-filter-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_COHORTS}>All cohorts</SelectItem>
              <SelectItem value={NO_COHORT}>No cohort</SelectItem>
              {props.cohortOptions.map(([tag, name]) => (
                <SelectItem key={tag} value={tag}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5 md:w-48">
          <Label id="sort-label">Sort by</Label>
          <Select value={props.sort} onValueChange={(v) => props.onSortChange(v as SortKey)} {...sortList}>
            <SelectTrigger aria-labelledby="sort-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="name">Name (A–Z)</SelectItem>
              <SelectItem value="progress">Progress (highest)</SelectItem>
              <SelectItem value="activity">Last activity (recent)</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>
    </div>
  );
}
