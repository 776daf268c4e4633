import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { clientId, thisDeviceLabel } from '@/lib/client-id';
import { subscribeToTeamEvents } from '@/lib/team-event-source';
import { setPresence } from '../lib/presence-store';
import { applyTeamEvent } from '../lib/team-cache';

/**
 * The open workspace's live stream for this page: one per page, opened again when the page moves to
 * another activity (the stream says where the page is). Renders nothing; loaded on its own, after the
 * first route.
 */
export default function TeamStream({ teamId, phase }: { teamId: string; phase: number | null }) {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    const self = clientId();
    const close = subscribeToTeamEvents(
      teamId,
      { clientId: self, phase, label: thisDeviceLabel() },
      (event) => applyTeamEvent(queryClient, teamId, self, event),
    );
    return () => {
      close();
      setPresence([]);
    };
  }, [queryClient, teamId, phase]);
  return null;
}
