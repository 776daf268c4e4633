import { isPhaseNumber } from '@shared/phases';
import * as React from 'react';
import { useRoute } from 'wouter';
import { useAdminStatus } from '@/lib/admin-session';
import { useTeamSession, useWorkspace } from '@/features/workspace';

// The stream and its event schemas load after the first route, and only for a page with a workspace.
const TeamStream = React.lazy(() => import('./team-stream'));

/**
 * Mounted once, beside the pages: while a workspace is open, this page listens to its team's stream
 * (teammates' saves, who else is here). Practice mode has none: its tabs hear each other through the
 * browser's storage events instead.
 */
export function TeamStreamHost() {
  const { mode } = useWorkspace();
  const session = useTeamSession();
  const { isAdmin } = useAdminStatus();
  const [, params] = useRoute('/phase/:n');
  const phase = Number(params?.n);
  // Only once the server admits this browser to the team (its session, or an instructor's): a workspace
  // shown from the local record or a looked-up code may not have its session yet.
  if (mode.kind !== 'workspace' || !(session.data?.id === mode.team.id || isAdmin)) return null;
  return (
    <React.Suspense fallback={null}>
      <TeamStream teamId={mode.team.id} phase={isPhaseNumber(phase) ? phase : null} />
    </React.Suspense>
  );
}
