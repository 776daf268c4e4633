import * as React from 'react';
import { useEverTrue } from '@/lib/use-ever-true';
import type { WorkspaceTeam } from '../lib/resolve-workspace';

// Loaded the first time it opens: the first page's JavaScript does not carry it.
const DeleteWorkspaceDialog = React.lazy(() =>
  import('./delete-workspace-dialog').then((m) => ({ default: m.DeleteWorkspaceDialog })),
);

type Props = { team: WorkspaceTeam; open: boolean; onOpenChange: (open: boolean) => void };

/** "Delete workspace?" for the account menu, loaded on first use and kept from then on. */
export function DeleteWorkspaceSlot(props: Props) {
  const mounted = useEverTrue(props.open);
  if (!mounted) return null;
  return (
    <React.Suspense fallback={null}>
      <DeleteWorkspaceDialog {...props} />
    </React.Suspense>
  );
}
