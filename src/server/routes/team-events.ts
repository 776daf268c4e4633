import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import { TeamEventsQuerySchema } from '../../shared/schemas/team-events.ts';
import { listPhaseVersions } from '../db/phase-data.ts';
import {
  enterPresence,
  leavePresence,
  listPresence,
  pruneStalePresence,
  refreshPresence,
} from '../db/presence.ts';
import { findTeamById } from '../db/teams.ts';
import { streamLiveEvents, streamOwner } from '../lib/event-stream.ts';
import { notFound } from '../lib/http-error.ts';
import { liveChannel } from '../lib/live-events.ts';
import { MESSAGES } from '../lib/messages.ts';
import { requireTeamAccess } from '../plugins/sessions.ts';

const PRUNE_EVERY_MS = 60_000;

/**
 * A workspace's live events (docs/product.md, Autosave and collaboration): every open page of the team
 * hears its teammates' saves and sees which pages are open where. Only that team's session, or an admin's,
 * may listen.
 */
export const teamEventRoutes: FastifyPluginAsyncZod = async (app) => {
  let lastPrune = 0;

  /** Tells every open page of the team who is here now. A failure only delays the list. */
  async function announcePresence(teamId: string) {
    try {
      await app.liveEvents.publish(liveChannel.team(teamId), {
        type: 'presence',
        devices: await listPresence(app.db, teamId),
      });
    } catch (error) {
      app.log.warn({ err: error }, 'presence not announced');
    }
  }

  app.get(
    '/api/teams/:teamId/events',
    {
      schema: {
        params: z.object({ teamId: IdSchema }),
        querystring: TeamEventsQuerySchema,
        response: {
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const caller = await requireTeamAccess(request, teamId);
      // An admin may name any id; a team's own session proves its team exists.
      if (caller === 'admin' && !(await findTeamById(app.db, teamId)))
        throw notFound(MESSAGES.workspaceNotFound);
      const release = app.eventStreams.claim(await streamOwner(request));

      const { clientId, phase, label } = request.query;
      const streamId = randomUUID();
      const entry = {
        teamId,
        clientId,
        streamId,
        instance: app.liveEvents.instanceId,
        phase: phase ?? null,
        label: label || null,
        admin: caller === 'admin',
      };
      try {
        await enterPresence(app.db, entry);
      } catch (error) {
        release();
        throw error;
      }
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        void pruneStalePresence(app.db).catch(() => undefined);
      }

      await streamLiveEvents(request, reply, {
        bus: app.liveEvents,
        registry: app.eventStreams,
        release,
        channel: liveChannel.team(teamId),
        // This page's own arrival reaches it through the list below; the others hear it announced.
        initial: async () => {
          const [versions, devices] = await Promise.all([
            listPhaseVersions(app.db, teamId),
            listPresence(app.db, teamId),
          ]);
          void announcePresence(teamId);
          return [
            { type: 'versions', versions },
            { type: 'presence', devices },
          ];
        },
        onHeartbeat: () => void refreshPresence(app.db, streamId).catch(() => undefined),
        onClose: () => {
          void leavePresence(app.db, teamId, streamId)
            .then(() => announcePresence(teamId))
            .catch(() => undefined);
        },
      });
    },
  );
};
