import * as React from 'react';
import { PendingTrigger } from '@/lib/pending-open';
import { useEverTrue } from '@/lib/use-ever-true';
import type { WorkspaceTeam } from '../lib/resolve-workspace';
import { useWorkspaceUi } from '../workspace-ui';
import { changeAvatarLabel, HeaderAvatar } from './header-avatar';

// Both load after the first paint, keeping the landing page's JavaScript small.
const WorkspaceDialog = React.lazy(() =>
  import('./workspace-dialog').then((m) => ({ default: m.WorkspaceDialog })),
);
const AvatarPicker = React.lazy(() => import('./avatar-picker'));

/**
 * The workspace dialog, loaded the first time it opens and kept from then on. It follows the store's
 * `open` a render later, at low priority: an activity page opens it by itself on a first visit, while the
 * page is still starting up, and the dialog's render then yields to the browser instead of blocking it.
 */
export function WorkspaceDialogHost() {
  const open = React.useDeferredValue(useWorkspaceUi().dialog.open);
  const mounted = useEverTrue(open);
  if (!mounted) return null;
  return (
    <React.Suspense fallback={null}>
      <WorkspaceDialog open={open} />
    </React.Suspense>
  );
}

/** The header's avatar button: the team's avatar at once, the picker once its code has arrived. */
export function AvatarPickerSlot({ team }: { team: WorkspaceTeam }) {
  return (
    <React.Suspense
      fallback={
        <PendingTrigger menu="avatar" variant="ghost" size="avatar" aria-label={changeAvatarLabel(team)}>
          <HeaderAvatar team={team} />
        </PendingTrigger>
      }
    >
      <AvatarPicker />
    </React.Suspense>
  );
}
