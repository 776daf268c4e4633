import { LayoutGrid, List } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type TeamView = 'list' | 'board';

/** The participants view as a list (rows of details) or a board (teams by activities). */
export function TeamViewSwitch({ view, onChange }: { view: TeamView; onChange: (view: TeamView) => void }) {
  return (
    <fieldset className="flex items-center gap-1 rounded-lg border border-border bg-surface p-1">
      <legend className="sr-only">View</legend>
      <Button
        variant={view === 'list' ? 'secondary' : 'ghost'}
        size="sm"
        aria-pressed={view === 'list'}
        onClick={() => onChange('list')}
      >
        <List aria-hidden /> List
      </Button>
      <Button
        variant={view === 'board' ? 'secondary' : 'ghost'}
        size="sm"
        aria-pressed={view === 'board'}
        onClick={() => onChange('board')}
      >
        <LayoutGrid aria-hidden /> Board
      </Button>
    </fieldset>
  );
}
