import * as React from 'react';
import { useTeamSession, useWorkspace } from '@/features/workspace';
import { useAdminStatus } from '@/lib/admin-session';

// The banner's code loads only for a page with a workspace open.
const PaceBanner = React.lazy(() => import('./pace-banner'));

/**
 * Under the header of every page, beside the pages: the room's pace for the open workspace's team, once the
 * server admits this browser to it (its team stream carries the pace). Instructors reading a team's work
 * see no banner: the pace is theirs.
 */
export function PaceBannerHost() {
  const { mode } = useWorkspace();
  const session = useTeamSession();
  const { isAdmin } = useAdminStatus();
  if (isAdmin || mode.kind !== 'workspace' || session.data?.id !== mode.team.id) return null;
  return (
    <React.Suspense fallback={null}>
      <PaceBanner teamId={mode.team.id} teamCode={mode.team.code} />
    </React.Suspense>
  );
}
