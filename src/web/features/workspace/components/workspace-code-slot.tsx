import * as React from 'react';
import { useSessionView } from '@/lib/session-view';
import { useCodeCardShown } from '../lib/code-card';

// The card and its QR code load only when a card is to be shown: not in the first route's code.
const WorkspaceCodeCard = React.lazy(() => import('./workspace-code-card'));

/**
 * Under the header, on the landing page and the activity pages: the Workspace Code card of a workspace
 * created in this browser, until it is dismissed (lib/code-card.ts). Renders from the session's view, so
 * it needs no data layer.
 */
export function WorkspaceCodeSlot() {
  const { team } = useSessionView();
  const shown = useCodeCardShown(team?.id);
  if (!team || !shown) return null;
  return (
    <React.Suspense fallback={null}>
      <WorkspaceCodeCard teamId={team.id} code={team.code} />
    </React.Suspense>
  );
}
