import * as React from 'react';

/**
 * The teams ticked in the participants list. `selectedIds` keeps only teams still in the list (a team
 * that disappears, from another tab or a filter, is no longer selected); the "all shown" box acts on the
 * teams shown.
 */
export function useTeamSelection(allIds: string[], shownIds: string[]) {
  const [selected, setSelected] = React.useState<Set<string>>(() => new Set());
  const selectedIds = React.useMemo(() => allIds.filter((id) => selected.has(id)), [allIds, selected]);

  const setMany = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const shownSelected = shownIds.filter((id) => selected.has(id)).length;
  return {
    selectedIds,
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string, on: boolean) => setMany([id], on),
    toggleAllShown: (on: boolean) => setMany(shownIds, on),
    /** The "all shown" box: ticked, half-ticked or empty. */
    allShown: (shownSelected > 0 && shownSelected === shownIds.length
      ? true
      : shownSelected > 0
        ? 'indeterminate'
        : false) as boolean | 'indeterminate',
    clear: () => setSelected(new Set()),
  };
}

export type TeamSelection = ReturnType<typeof useTeamSelection>;
