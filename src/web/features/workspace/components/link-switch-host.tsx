import * as React from 'react';
import { useLinkSwitch } from '../hooks/use-link-switch';

// Loaded only when a link for another workspace arrives.
const SwitchWorkspaceDialog = React.lazy(() =>
  import('./switch-workspace-dialog').then((m) => ({ default: m.SwitchWorkspaceDialog })),
);

/** Mounted once, beside the pages: asks "Switch workspace?" when a link names another workspace. */
export function LinkSwitchHost() {
  const linkSwitch = useLinkSwitch();
  if (!linkSwitch) return null;
  return (
    <React.Suspense fallback={null}>
      <SwitchWorkspaceDialog key={linkSwitch.token} linkSwitch={linkSwitch} />
    </React.Suspense>
  );
}
