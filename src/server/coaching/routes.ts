import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FeedbackDoneBodySchema,
  FeedbackListSchema,
  FeedbackNoteSchema,
  HelpQueueSchema,
  type HelpRequest,
  AnswerHelpBodySchema,
  HelpRequestSchema,
  NewFeedbackBodySchema,
  NewHelpBodySchema,
  TeamHelpSchema,
} from '../../shared/schemas/coaching.ts';
import { ErrorResponseSchema, IdSchema, OkResponseSchema } from '../../shared/schemas/common.ts';
import { conflict, forbidden, notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { noStore } from '../lib/no-store.ts';
import { CLOSED_HELP_KEPT_HOURS, CLOSED_HELP_SWEEP_MS, HELP_QUEUE_READS_PER_MINUTE } from './help-limits.ts';
import { adminOnly, requireAdmin, requireTeamAccess } from '../plugins/sessions.ts';
import {
  addFeedback,
  answerHelpRequest,
  currentHelpRequest,
  deleteClosedHelpRequests,
  HelpAlreadyOpenError,
  isInActiveCohort,
  listFeedback,
  listOpenHelpRequests,
  openHelpRequest,
  removeFeedback,
  setFeedbackDone,
  toFeedbackNote,
  toHelpRequest,
  withdrawHelpRequest,
} from './queries.ts';

const TeamParams = z.object({ teamId: IdSchema });
const NoteParams = z.object({ teamId: IdSchema, noteId: IdSchema });
const HelpRequestParams = z.object({ requestId: IdSchema });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/**
 * Coaching (docs/product.md, Instructor dashboard; docs/decisions/028-coaching.md): an instructor's feedback
 * on one activity of a team, and a team's request for help. A team reads only its own notes and requests,
 * marks its notes done, and asks for help or withdraws it; only an instructor writes notes, removes them and
 * answers requests. Every change reaches the team's open pages (the team's live events: its own pages and
 * instructors reading its work) and, for help, every instructor's dashboard, on every instance.
 */
export const coachingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Closed requests are kept for a bounded time: deleted at start-up and every hour after.
  const sweep = async () => {
    try {
      await deleteClosedHelpRequests(app.db, CLOSED_HELP_KEPT_HOURS * 3600);
    } catch (error) {
      app.log.warn({ err: error }, 'could not delete old requests for help');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, CLOSED_HELP_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  /** A request for help changed: the team's pages hear the request, every instructor's dashboard its ids. */
  const announceHelp = (help: HelpRequest) =>
    Promise.all([
      app.announce.team(help.teamId, { type: 'help', request: help }),
      app.announce.help(help.teamId, help.id),
    ]);

  app.get(
    '/api/teams/:teamId/feedback',
    { onRequest: noStore, schema: { params: TeamParams, response: { 200: FeedbackListSchema, ...errors } } },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      return { notes: (await listFeedback(app.db, request.params.teamId)).map(toFeedbackNote) };
    },
  );

  app.post(
    '/api/teams/:teamId/feedback',
    {
      onRequest: adminOnly,
      schema: {
        params: TeamParams,
        body: NewFeedbackBodySchema,
        response: { 201: FeedbackNoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireTeamAccess(request, request.params.teamId);
      const admin = await requireAdmin(request);
      const note = toFeedbackNote(
        await addFeedback(app.db, {
          teamId: request.params.teamId,
          phaseNumber: request.body.phaseNumber,
          body: request.body.body,
          author: admin.username,
        }),
      );
      await app.announce.team(note.teamId, { type: 'feedback', note });
      return reply.code(201).send(note);
    },
  );

  app.patch(
    '/api/teams/:teamId/feedback/:noteId',
    {
      schema: {
        params: NoteParams,
        body: FeedbackDoneBodySchema,
        response: { 200: FeedbackNoteSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      const row = await setFeedbackDone(
        app.db,
        request.params.teamId,
        request.params.noteId,
        request.body.done,
      );
      if (!row) throw notFound(MESSAGES.feedbackNotFound);
      const note = toFeedbackNote(row);
      await app.announce.team(note.teamId, { type: 'feedback', note });
      return note;
    },
  );

  app.delete(
    '/api/teams/:teamId/feedback/:noteId',
    { onRequest: adminOnly, schema: { params: NoteParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      const row = await removeFeedback(app.db, request.params.teamId, request.params.noteId);
      if (!row) throw notFound(MESSAGES.feedbackNotFound);
      await app.announce.team(row.teamId, {
        type: 'feedback-removed',
        id: row.id,
        phaseNumber: row.phaseNumber,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/teams/:teamId/help',
    { onRequest: noStore, schema: { params: TeamParams, response: { 200: TeamHelpSchema, ...errors } } },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      const row = await currentHelpRequest(app.db, request.params.teamId);
      return { request: row ? toHelpRequest(row) : null };
    },
  );

  /** Asking and withdrawing are the team's own: an instructor does not ask on a team's behalf. */
  async function requireTheTeam(request: Parameters<typeof requireTeamAccess>[0], teamId: string) {
    if ((await requireTeamAccess(request, teamId)) !== 'team') throw forbidden(MESSAGES.helpIsTheTeams);
  }

  app.post(
    '/api/teams/:teamId/help',
    {
      schema: {
        params: TeamParams,
        body: NewHelpBodySchema,
        response: { 201: HelpRequestSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const teamId = request.params.teamId;
      await requireTheTeam(request, teamId);
      if (!(await isInActiveCohort(app.db, teamId))) throw forbidden(MESSAGES.helpNeedsActiveCohort);
      await app.helpChanges.take(teamId);
      let row: Awaited<ReturnType<typeof openHelpRequest>>;
      try {
        row = await openHelpRequest(app.db, { teamId, ...request.body });
      } catch (error) {
        if (error instanceof HelpAlreadyOpenError) throw conflict(MESSAGES.helpAlreadyOpen);
        throw error;
      }
      const help = toHelpRequest(row);
      await announceHelp(help);
      return reply.code(201).send(help);
    },
  );

  app.delete(
    '/api/teams/:teamId/help',
    {
      schema: {
        params: TeamParams,
        response: { 200: HelpRequestSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const teamId = request.params.teamId;
      await requireTheTeam(request, teamId);
      await app.helpChanges.take(teamId);
      const row = await withdrawHelpRequest(app.db, teamId);
      if (!row) throw notFound(MESSAGES.noOpenHelpRequest);
      const help = toHelpRequest(row);
      await announceHelp(help);
      return help;
    },
  );

  app.get(
    '/api/admin/help-requests',
    {
      onRequest: [adminOnly, noStore],
      config: { rateLimit: { max: HELP_QUEUE_READS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { response: { 200: HelpQueueSchema, 429: ErrorResponseSchema, ...errors } },
    },
    async () => ({ requests: await listOpenHelpRequests(app.db) }),
  );

  app.post(
    '/api/admin/help-requests/:requestId/answer',
    {
      onRequest: adminOnly,
      schema: {
        params: HelpRequestParams,
        body: AnswerHelpBodySchema,
        response: { 200: HelpRequestSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const answer = request.body?.answer ?? '';
      const outcome = await answerHelpRequest(app.db, request.params.requestId, admin.username, answer);
      if (!outcome) throw notFound(MESSAGES.helpRequestNotFound);
      const help = toHelpRequest(outcome.row);
      if (help.status === 'withdrawn') throw conflict(MESSAGES.helpWithdrawn);
      if (outcome.changed) await announceHelp(help);
      return help;
    },
  );
};
