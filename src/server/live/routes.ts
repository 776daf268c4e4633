import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceLabel } from '../../shared/device-label.ts';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import { hasPace } from '../../shared/schemas/pace.ts';
import { teamProgramme } from '../programmes/queries.ts';
import {
  type LiveMessage,
  type LivePage,
  LiveQuerySchema,
  STREAM_SUB,
  type Subscription,
  subscriptionKey,
} from '../../shared/schemas/live.ts';
import { type PresenceDevice, TeamEventsQuerySchema } from '../../shared/schemas/team-events.ts';
import {
  enterAdminListener,
  leaveAdminListener,
  pruneStaleAdminListeners,
  refreshAdminListener,
} from './queries.ts';
import { cohortPaceState, findCohortByTag, teamPaceState, toCohort } from '../cohorts/queries.ts';
import { listPhaseVersions } from '../phase-data/queries.ts';
import {
  type LeftPage,
  enterPresence,
  leavePresence,
  listPresence,
  pruneStalePresence,
  refreshPresence,
} from './queries.ts';
import { liveSessionExpiries } from '../auth/queries.ts';
import { countBallots } from '../voting/queries.ts';
import {
  sessionHash,
  type StreamClaim,
  type StreamTies,
  streamLiveEvents,
  streamOwners,
  StreamRefused,
  streamRefusals,
} from './event-streams.ts';
import { HttpError, unauthorized } from '../lib/http-error.ts';
import { liveChannel } from './event-bus.ts';
import { CohortTagParams, cohortLoader } from '../cohorts/lookup.ts';
import { MESSAGES } from '../lib/messages.ts';
import { requireTeamAccess } from '../plugins/sessions.ts';

const PRUNE_EVERY_MS = 60_000;

/** A subscription the caller may have, with what it rests on. */
type Granted = {
  subscription: Subscription;
  /** The bus channel (a cohort's by its stored tag, whatever case the caller wrote). */
  channel: string;
  /** The session that grants it: a team's own, or an instructor's; none for a cohort's public events. */
  via: { kind: 'team' | 'admin'; hash: string } | undefined;
  cohortTag?: string;
};

/**
 * The live streams (docs/product.md, The live room; docs/decisions/021-one-live-stream-per-browser.md).
 * `GET /api/events` carries several subscriptions, each authorised exactly as its own path is: a team's
 * events need that team's session or an instructor's, the progress events an instructor's, a cohort's
 * events nothing but the cohort. The one-subscription paths remain, for clients that want one.
 */
export const liveEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadCohort = cohortLoader(app.db);
  let lastPrune = 0;

  async function grant(request: FastifyRequest, subscription: Subscription): Promise<Granted> {
    switch (subscription.kind) {
      case 'team': {
        const { teamId } = subscription;
        const caller = await requireTeamAccess(request, teamId);
        return {
          subscription,
          channel: liveChannel.team(teamId),
          via: { kind: caller, hash: sessionHash(request, caller)! },
        };
      }
      case 'cohort': {
        const { tag } = await loadCohort(subscription.tag);
        return { subscription, channel: liveChannel.cohort(tag), via: undefined, cohortTag: tag };
      }
      case 'admin': {
        if (!(await request.sessionAdmin())) throw unauthorized(MESSAGES.adminSessionRequired);
        return {
          subscription,
          channel: liveChannel.admin(),
          via: { kind: 'admin', hash: sessionHash(request, 'admin')! },
        };
      }
    }
  }

  /**
   * The caller's own session for a stream that needs none (a cohort's events): such a stream counts against
   * that session rather than the few places kept for streams without one.
   */
  async function callerSession(request: FastifyRequest): Promise<string | undefined> {
    if (await request.sessionTeam()) return sessionHash(request, 'team');
    if (await request.sessionAdmin()) return sessionHash(request, 'admin');
    return undefined;
  }

  /** Tells each team's open pages which of its pages opened or closed. A failure only delays the line. */
  function announcePresence(change: { teamId: string; upsert: PresenceDevice[]; remove: string[] }) {
    return app.announce.team(change.teamId, {
      type: 'presence-change',
      upsert: change.upsert,
      remove: change.remove,
    });
  }

  function announceLeft(left: LeftPage[]) {
    const teamIds = [...new Set(left.map((page) => page.teamId))];
    for (const teamId of teamIds) {
      const remove = left.filter((page) => page.teamId === teamId).map((page) => page.clientId);
      void announcePresence({ teamId, upsert: [], remove });
    }
    // The instructors' board shows where each team is now: the activity its open pages show.
    void app.announce.progress(teamIds, 'page');
  }

  function pruneNowAndThen() {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    void pruneStalePresence(app.db).then(announceLeft, () => undefined);
    void pruneStaleAdminListeners(app.db).catch(() => undefined);
  }

  /**
   * Opens one stream of `subscriptions` for `pages`. Each subscription is granted on its own: refused ones
   * are told on the stream (`{ sub, refused }`) and the rest go on; when none is granted, the stream is just
   * those refusals and ends. The one-subscription paths answer a refusal with its status (401, 403, 404).
   */
  async function openStream(
    request: FastifyRequest,
    reply: FastifyReply,
    wanted: { pages: LivePage[]; subscriptions: Subscription[]; refusals?: LiveMessage[] },
    envelope: boolean,
  ) {
    const granted: Granted[] = [];
    const refusals: HttpError[] = [];
    // The query's own refusals first (an entry malformed or past the limits), then each subscription's.
    const refused: LiveMessage[] = [...(wanted.refusals ?? [])];
    for (const subscription of wanted.subscriptions) {
      try {
        granted.push(await grant(request, subscription));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refusals.push(error);
        refused.push({
          sub: subscriptionKey(subscription),
          refused: { status: error.statusCode, message: error.message },
        });
      }
    }
    if (granted.length === 0) {
      if (!envelope) throw refusals[0];
      return streamRefusals(reply, refused);
    }

    const teamIds = granted.flatMap((g) => (g.subscription.kind === 'team' ? [g.subscription.teamId] : []));
    const sessions = [...new Set(granted.flatMap((g) => (g.via ? [g.via.hash] : [])))];
    const ties: StreamTies = {
      sessions,
      teams: teamIds,
      teamSessions: granted.flatMap((g) =>
        g.subscription.kind === 'team' && g.via?.kind === 'team' ? [g.subscription.teamId] : [],
      ),
      cohorts: granted.flatMap((g) => (g.cohortTag ? [g.cohortTag] : [])),
    };
    const carried = wanted.pages.filter((page) => teamIds.includes(page.teamId));
    let claim: StreamClaim;
    try {
      const caller = sessions.length > 0 ? undefined : await callerSession(request);
      claim = app.eventStreams.claim(
        streamOwners(request, ties, app.eventStreams.limits, caller),
        carried.map((page) => `${page.teamId}:${page.clientId}`),
      );
    } catch (error) {
      // `/api/events` says so on the stream, which a browser can read: its pages say live updates are
      // paused (and, for a team full of other devices, to ask for a new code), and it tries again later.
      if (!envelope || !(error instanceof HttpError)) throw error;
      const reason = error instanceof StreamRefused ? error.reason : undefined;
      return streamRefusals(reply, [
        {
          sub: STREAM_SUB,
          refused: { status: error.statusCode, message: error.message, ...(reason ? { reason } : {}) },
        },
      ]);
    }

    const streamId = randomUUID();
    const label = deviceLabel(request.headers['user-agent']);
    const adminOf = new Map(granted.map((g) => [subscriptionKey(g.subscription), g.via?.kind === 'admin']));
    const pages = carried.map((page) => ({
      teamId: page.teamId,
      clientId: page.clientId,
      streamId,
      instance: app.liveEvents.instanceId,
      phase: page.phase,
      label,
      admin: adminOf.get(`team:${page.teamId}`) === true,
    }));
    const listensAsAdmin = granted.some((g) => g.subscription.kind === 'admin');
    try {
      await enterPresence(app.db, pages);
      if (listensAsAdmin) await enterAdminListener(app.db, streamId, app.liveEvents.instanceId);
    } catch (error) {
      claim.release();
      throw error;
    }
    pruneNowAndThen();

    await streamLiveEvents(request, reply, {
      bus: app.liveEvents,
      registry: app.eventStreams,
      claim,
      channels: granted.map((g) => ({ sub: subscriptionKey(g.subscription), channel: g.channel })),
      envelope,
      ties,
      confirm: async () => {
        if (sessions.length === 0) return undefined;
        const expiries = await liveSessionExpiries(app.db, sessions);
        if (sessions.some((hash) => !expiries.has(hash))) return false;
        return Math.min(...expiries.values());
      },
      initial: async () => {
        const messages = [...refused];
        for (const g of granted) messages.push(...(await initialMessages(g)));
        // The others hear of this stream's pages; its own learnt them from the list it just got.
        for (const teamId of teamIds) {
          const upsert = pages
            .filter((page) => page.teamId === teamId)
            .map(({ clientId, phase, label, admin }) => ({ clientId, phase, label, admin }));
          if (upsert.length > 0) void announcePresence({ teamId, upsert, remove: [] });
        }
        // A team's own page (not an instructor reading its work) moves where the team is now.
        const teamsMoved = [...new Set(pages.filter((page) => !page.admin).map((page) => page.teamId))];
        void app.announce.progress(teamsMoved, 'page');
        return messages;
      },
      onHeartbeat: () => {
        if (pages.length > 0) void refreshPresence(app.db, streamId).catch(() => undefined);
        if (listensAsAdmin) void refreshAdminListener(app.db, streamId).catch(() => undefined);
      },
      onClose: () => {
        if (pages.length > 0) void leavePresence(app.db, streamId).then(announceLeft, () => undefined);
        if (listensAsAdmin) void leaveAdminListener(app.db, streamId).catch(() => undefined);
      },
    });
  }

  /** The state a (re)connecting page starts from, per subscription. */
  async function initialMessages(g: Granted): Promise<LiveMessage[]> {
    const sub = subscriptionKey(g.subscription);
    switch (g.subscription.kind) {
      case 'team': {
        const { teamId } = g.subscription;
        const [versions, devices, programme, pace] = await Promise.all([
          listPhaseVersions(app.db, teamId),
          listPresence(app.db, teamId),
          teamProgramme(app.db, teamId),
          teamPaceState(app.db, teamId),
        ]);
        // What the team runs is always sent: a page that missed a change while disconnected switches now.
        const messages: LiveMessage[] = [
          { sub, event: { type: 'versions', versions } },
          { sub, event: { type: 'presence', devices } },
          { sub, event: { type: 'programme', ...programme } },
        ];
        // A page opened late, or reconnecting, shows the room's pace as it is now. None is sent while the
        // cohort has none: a page forgets the pace it held when `versions` starts a (re)connection.
        if (hasPace(pace.pace)) messages.push({ sub, event: { type: 'pace', ...pace } });
        return messages;
      }
      case 'cohort': {
        const tag = g.cohortTag!;
        const [current, counts, pace] = await Promise.all([
          findCohortByTag(app.db, tag),
          countBallots(app.db, tag),
          cohortPaceState(app.db, tag),
        ]);
        const events: CohortEvent[] = [];
        const cohort = current ? toCohort(current) : undefined;
        if (cohort) events.push({ type: 'cohort', cohort });
        events.push({ type: 'ballots', ...counts });
        // A page opened (or reconnected) after the reveal shows the winners at once.
        if (cohort)
          events.push({ type: 'reveal', revealedAt: cohort.revealedAt, revealStep: cohort.revealStep });
        if (pace) events.push({ type: 'pace', ...pace });
        return events.map((event) => ({ sub, event }));
      }
      case 'admin':
        // Whatever changed before now was not heard: the dashboard reads its lists again.
        return [{ sub, event: { type: 'catch-up' } }];
    }
  }

  const errors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
  };

  app.get(
    '/api/events',
    {
      schema: {
        description:
          "The browser's one live stream (Server-Sent Events): `{ sub, event }` for each subscription granted, `{ sub, refused: { status, message } }` for each refused, a query entry malformed or past the limits included (400 on the stream). Answered 400 only when the query names nothing valid at all.",
        querystring: LiveQuerySchema,
        response: errors,
      },
    },
    (request, reply) => openStream(request, reply, request.query, true),
  );

  app.get(
    '/api/teams/:teamId/events',
    {
      schema: {
        params: z.object({ teamId: IdSchema }),
        querystring: TeamEventsQuerySchema,
        response: errors,
      },
    },
    (request, reply) => {
      const { teamId } = request.params;
      const page = { teamId, clientId: request.query.clientId, phase: request.query.phase ?? null };
      return openStream(request, reply, { pages: [page], subscriptions: [{ kind: 'team', teamId }] }, false);
    },
  );

  app.get(
    '/api/cohorts/:tag/events',
    { schema: { params: CohortTagParams, response: errors } },
    (request, reply) =>
      openStream(
        request,
        reply,
        { pages: [], subscriptions: [{ kind: 'cohort', tag: request.params.tag }] },
        false,
      ),
  );

  app.get('/api/admin/events', { schema: { response: errors } }, (request, reply) =>
    openStream(request, reply, { pages: [], subscriptions: [{ kind: 'admin' }] }, false),
  );
};
