import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { teamCoachingListener } from '@/features/coaching';
import { teamPaceListener } from '@/features/pace';
import { teamRunsListener } from '@/features/runs';
import { modelRunsSetUp } from '@/lib/model-runs';
import { clientId } from '@/lib/client-id';
import { listenTo, useLiveEvents } from '@/lib/live/use-live-events';
import { adminKeys, teamKeys } from '@/lib/query-keys';
import { setPresence } from '../lib/presence-store';
import { applyTeamEvent } from '../lib/team-cache';

/**
 * The open workspace's live events for this page, on the browser's one live stream: this page is one of
 * the workspace's open pages (at its activity), and its cache follows the team's saves; the coaching
 * feature follows the team's feedback and help on the same subscription. A refusal means the session that
 * admitted this browser has ended (a logout elsewhere, a new code): the session is read again, so the page
 * says so. Renders nothing; loaded on its own, after the first route.
 */
export default function TeamStream({ teamId, phase }: { teamId: string; phase: number | null }) {
  const queryClient = useQueryClient();
  useLiveEvents([
    listenTo({
      subscription: { kind: 'team', teamId },
      page: { clientId: clientId(), phase },
      onEvent: (event) => applyTeamEvent(queryClient, teamId, clientId(), event),
      onRefused: () => {
        void queryClient.invalidateQueries({ queryKey: teamKeys.session() });
        void queryClient.invalidateQueries({ queryKey: adminKeys.status() });
      },
    }),
    teamCoachingListener(queryClient, teamId),
    teamPaceListener(queryClient, teamId),
    ...(modelRunsSetUp() ? [teamRunsListener(queryClient, teamId)] : []),
  ]);
  // A new team (or none) starts from its stream's list; a page without a stream shows nobody.
  React.useEffect(() => () => setPresence([]), []);
  return null;
}
