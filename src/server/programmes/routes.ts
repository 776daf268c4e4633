import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivityFieldsSchema, PhaseConfigSchema } from '../../shared/phase-config.ts';
import { type ProgrammeProblem, uncheckedProblem } from '../../shared/programme-checks.ts';
import { namesTakenAway, takenNameMessage } from '../../shared/programme-renames.ts';
import { ErrorResponseSchema, IdSchema } from '../../shared/schemas/common.ts';
import {
  AssignProgrammeBodySchema,
  CreateProgrammeBodySchema,
  PROGRAMME_FILE_FORMAT,
  PROGRAMME_MAX_BYTES,
  type ProgrammeContent,
  ProgrammeDetailSchema,
  ProgrammeFileSchema,
  ProgrammeListSchema,
  ProgrammeSummarySchema,
  ProgrammeVersionDetailSchema,
  PublishBodySchema,
  PublishRefusedSchema,
  PublishResultSchema,
  RenameProgrammeBodySchema,
  SaveDraftBodySchema,
  SaveDraftConflictSchema,
  SaveDraftResultSchema,
  STANDARD_PROGRAMME_ID,
  TeamProgrammeSchema,
} from '../../shared/schemas/programmes.ts';
import { CohortTagParams, cohortTag } from '../cohorts/lookup.ts';
import { findCohortByTag } from '../cohorts/queries.ts';
import { conflict, HttpError, notFound, unavailable } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { noStore } from '../lib/no-store.ts';
import { adminOnly, requireAdmin, requireTeamAccess } from '../plugins/sessions.ts';
import type { ProgrammeChecker } from './checks-pool.ts';
import type { ProgrammeLibrary } from './library.ts';
import { exportFileName } from './export-file.ts';
import { requireProgrammeReader } from './guards.ts';
import { editableProgrammeId, programmeIdOf, runnableProgramme, versionOf } from './lookup.ts';
import { programmeDetails, programmeSummaries } from './detail.ts';
import {
  cohortsRunning,
  createProgramme,
  draftToPublish,
  findProgramme,
  findVersion,
  importProgramme,
  newestVersion,
  publishDraft,
  renameProgramme,
  republishVersion,
  saveDraft,
  setCohortProgramme,
  takenFromAnswers,
  teamProgramme,
  versionContent,
} from './queries.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Any text passes the path: text no programme can have is an unknown programme (404), like a cohort's tag. */
const ProgrammeParams = z.object({ programmeId: z.string() });
const VersionParams = ProgrammeParams.extend({ version: z.string() });
const PhaseParams = VersionParams.extend({ n: z.string() });

/** Room for the envelope of a programme's body (its name, revision, the file's format) past its content. */
const ENVELOPE_BYTES = 4096;
const PROGRAMME_BODY_LIMIT = PROGRAMME_MAX_BYTES + ENVELOPE_BYTES;
const KB = 1000;

/**
 * Content as stored: switched-off activities once each, in order. Past PROGRAMME_MAX_BYTES as compact JSON:
 * 413, nothing saved.
 */
function storedContent(content: ProgrammeContent): ProgrammeContent {
  const normalised = { ...content, switchedOff: [...new Set(content.switchedOff)].sort((a, b) => a - b) };
  const bytes = Buffer.byteLength(JSON.stringify(normalised));
  if (bytes > PROGRAMME_MAX_BYTES) {
    throw new HttpError(413, MESSAGES.programmeTooLarge(Math.ceil(bytes / KB), PROGRAMME_MAX_BYTES / KB));
  }
  return normalised;
}

async function username(request: FastifyRequest): Promise<string> {
  return (await requireAdmin(request)).username;
}

/** How a publish or an import words a refusal by the checks. */
type Refusals = { problems: (count: number) => string; unchecked: string };

/**
 * Programmes (docs/product.md, Programmes): instructors (`adminOnly`) list, copy, edit, publish, export,
 * import and assign them; a team reads the programme it runs and that programme's published versions.
 */
export const programmeRoutes: FastifyPluginAsyncZod<{
  library: ProgrammeLibrary;
  checks: ProgrammeChecker;
}> = async (app, options) => {
  const { library, checks } = options;

  /**
   * The programme checks on a worker thread (checks-pool.ts): the 422 body when they refuse the activities,
   * or null when they find no problem. Busy: 503, nothing done.
   */
  async function refusal(
    activities: readonly unknown[],
    words: Refusals,
  ): Promise<{ message: string; problems: ProgrammeProblem[] } | null> {
    const checked = await checks.check(activities);
    if (checked.outcome === 'busy') throw unavailable(MESSAGES.checksBusy);
    if (checked.outcome === 'unchecked') return { message: words.unchecked, problems: [uncheckedProblem()] };
    if (checked.problems.length === 0) return null;
    return { message: words.problems(checked.problems.length), problems: checked.problems };
  }

  /**
   * What publishing `activities` over the programme's newest version would take away from the answers of
   * teams running it (a field's id, an option's value): the 422 body naming each, or null.
   */
  async function answersTakenAway(
    id: string,
    activities: readonly unknown[],
  ): Promise<{ message: string; problems: ProgrammeProblem[] } | null> {
    if ((await cohortsRunning(app.db, id)).length === 0) return null;
    const newest = await newestVersion(app.db, id);
    if (!newest) return null;
    type Activities = Parameters<typeof namesTakenAway>[0];
    const names = namesTakenAway(
      versionContent(newest).activities as unknown as Activities,
      activities as unknown as Activities,
    );
    const taken = names.length === 0 ? [] : await takenFromAnswers(app.db, id, names);
    if (taken.length === 0) return null;
    return {
      message: MESSAGES.publishTakesAnswers(taken[0]!.label, taken.length),
      problems: taken.map((name) => ({
        activity: name.activity,
        path: name.path,
        message: takenNameMessage(name),
      })),
    };
  }

  async function detail(id: string) {
    const found = await programmeDetails(app.db, library, id);
    if (!found) throw notFound(MESSAGES.programmeNotFound);
    return found;
  }

  /** What every team of these cohorts now runs, to their open pages. */
  const announceCohorts = (tags: readonly string[]) => app.announce.programmeOfCohorts(tags);

  app.get(
    '/api/admin/programmes',
    { onRequest: [noStore, adminOnly], schema: { response: { 200: ProgrammeListSchema, ...errors } } },
    async () => ({ programmes: await programmeSummaries(app.db, library) }),
  );

  app.post(
    '/api/admin/programmes',
    {
      onRequest: adminOnly,
      schema: { body: CreateProgrammeBodySchema, response: { 201: ProgrammeDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const { name, copyFrom } = request.body;
      let draft: ProgrammeContent;
      if (copyFrom === STANDARD_PROGRAMME_ID) draft = library.standardContent();
      else {
        const source = await findProgramme(app.db, copyFrom);
        if (!source) throw notFound(MESSAGES.copyFromNotFound);
        draft = source.draft;
      }
      const row = await createProgramme(app.db, { name, draft, createdBy: await username(request) });
      return reply.status(201).send(await detail(row.id));
    },
  );

  /** Importing a file: checked as a publish is; on any problem, refused with every one and nothing stored. */
  app.post(
    '/api/admin/programmes/import',
    {
      onRequest: adminOnly,
      bodyLimit: PROGRAMME_BODY_LIMIT,
      schema: {
        body: ProgrammeFileSchema,
        response: {
          201: ProgrammeDetailSchema,
          413: ErrorResponseSchema,
          422: PublishRefusedSchema,
          503: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const content = storedContent(request.body.content);
      const refused = await refusal(content.activities, {
        problems: MESSAGES.importRefused,
        unchecked: MESSAGES.importUnchecked,
      });
      if (refused) return reply.status(422).send(refused);
      const row = await importProgramme(app.db, {
        name: request.body.name,
        content,
        by: await username(request),
      });
      request.log.info({ programmeId: row.id }, 'programme imported');
      return reply.status(201).send(await detail(row.id));
    },
  );

  app.get(
    '/api/admin/programmes/:programmeId',
    {
      onRequest: [noStore, adminOnly],
      schema: { params: ProgrammeParams, response: { 200: ProgrammeDetailSchema, ...errors } },
    },
    async (request) => detail(programmeIdOf(request.params.programmeId)),
  );

  app.patch(
    '/api/admin/programmes/:programmeId',
    {
      onRequest: adminOnly,
      schema: {
        params: ProgrammeParams,
        body: RenameProgrammeBodySchema,
        response: { 200: ProgrammeSummarySchema, ...errors },
      },
    },
    async (request) => {
      const id = editableProgrammeId(request.params.programmeId);
      if (!(await renameProgramme(app.db, id, request.body.name))) throw notFound(MESSAGES.programmeNotFound);
      const {
        draft: _draft,
        revision: _r,
        draftUpdatedAt: _a,
        draftUpdatedBy: _b,
        versions: _v,
        ...summary
      } = await detail(id);
      return summary;
    },
  );

  /** Autosave of the editor: the whole draft, made from `revision`; 409 with the current one if stale. */
  app.put(
    '/api/admin/programmes/:programmeId/draft',
    {
      onRequest: adminOnly,
      bodyLimit: PROGRAMME_BODY_LIMIT,
      schema: {
        params: ProgrammeParams,
        body: SaveDraftBodySchema,
        response: {
          200: SaveDraftResultSchema,
          409: SaveDraftConflictSchema,
          413: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const id = editableProgrammeId(request.params.programmeId);
      const draft = storedContent(request.body.draft);
      const saved = await saveDraft(app.db, id, {
        revision: request.body.revision,
        draft,
        name: request.body.name,
        by: await username(request),
      });
      if (saved.outcome === 'unknown') throw notFound(MESSAGES.programmeNotFound);
      if (saved.outcome === 'stale') {
        const current = await detail(id);
        return reply.status(409).send({ message: MESSAGES.draftConflict(current.draftUpdatedBy), current });
      }
      return { revision: saved.revision };
    },
  );

  app.post(
    '/api/admin/programmes/:programmeId/publish',
    {
      onRequest: adminOnly,
      schema: {
        params: ProgrammeParams,
        body: PublishBodySchema,
        response: {
          200: PublishResultSchema,
          201: PublishResultSchema,
          409: SaveDraftConflictSchema,
          422: PublishRefusedSchema,
          503: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const id = editableProgrammeId(request.params.programmeId);
      const { revision } = request.body;
      const by = await username(request);
      // Checked first, holding nothing (no transaction, no lock); then published only if the revision is
      // still the one checked.
      const found = await draftToPublish(app.db, id, revision);
      if (found.outcome === 'draft') {
        const refused = await refusal(found.draft.activities, {
          problems: MESSAGES.publishRefused,
          unchecked: MESSAGES.publishUnchecked,
        });
        if (refused) return reply.status(422).send(refused);
        const takes = await answersTakenAway(id, found.draft.activities);
        if (takes) return reply.status(422).send(takes);
      }
      const outcome = found.outcome === 'draft' ? await publishDraft(app.db, id, revision, by) : found;
      switch (outcome.outcome) {
        case 'unknown':
          throw notFound(MESSAGES.programmeNotFound);
        case 'stale': {
          const current = await detail(id);
          return reply.status(409).send({ message: MESSAGES.draftConflict(current.draftUpdatedBy), current });
        }
        case 'already':
          return reply.status(200).send({ version: outcome.version });
        case 'published':
          request.log.info({ programmeId: id, version: outcome.version }, 'programme published');
          await announceProgramme(id);
          return reply.status(201).send({ version: outcome.version });
      }
    },
  );

  /**
   * An earlier version, published again as the next one (its checks passed when it was first published);
   * when the newest version holds that content already, nothing is made: 200 with its number, like a
   * publish of a published draft, and nobody is told of a change.
   */
  app.post(
    '/api/admin/programmes/:programmeId/versions/:version/republish',
    {
      onRequest: adminOnly,
      schema: {
        params: VersionParams,
        response: {
          200: PublishResultSchema,
          201: PublishResultSchema,
          422: PublishRefusedSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const id = editableProgrammeId(request.params.programmeId);
      const from = versionOf(request.params.version);
      const earlier = await findVersion(app.db, id, from);
      if (earlier) {
        const takes = await answersTakenAway(id, versionContent(earlier).activities);
        if (takes) return reply.status(422).send(takes);
      }
      const outcome = await republishVersion(app.db, id, from, await username(request));
      if (outcome.outcome === 'unknown-programme') throw notFound(MESSAGES.programmeNotFound);
      if (outcome.outcome === 'unknown-version') throw notFound(MESSAGES.versionNotFound);
      if (outcome.outcome === 'already') return reply.status(200).send({ version: outcome.version });
      request.log.info({ programmeId: id, version: outcome.version, from }, 'programme version republished');
      await announceProgramme(id);
      return reply.status(201).send({ version: outcome.version });
    },
  );

  app.get(
    '/api/admin/programmes/:programmeId/versions/:version',
    {
      onRequest: [noStore, adminOnly],
      schema: { params: VersionParams, response: { 200: ProgrammeVersionDetailSchema, ...errors } },
    },
    async (request) => {
      const id = programmeIdOf(request.params.programmeId);
      const version = versionOf(request.params.version);
      if (id === STANDARD_PROGRAMME_ID) {
        if (version !== 1) throw notFound(MESSAGES.versionNotFound);
        return {
          version,
          publishedAt: library.loadedAt.toISOString(),
          publishedBy: null,
          content: library.standardContent(),
        };
      }
      const row = await findVersion(app.db, id, version);
      if (!row) {
        throw notFound(
          (await findProgramme(app.db, id)) ? MESSAGES.versionNotFound : MESSAGES.programmeNotFound,
        );
      }
      return {
        version: row.version,
        publishedAt: row.publishedAt.toISOString(),
        publishedBy: row.publishedBy,
        content: versionContent(row),
      };
    },
  );

  /** The newest published version as one JSON file (ProgrammeFileSchema): what an import reads. */
  app.get(
    '/api/admin/programmes/:programmeId/export',
    {
      onRequest: [noStore, adminOnly],
      schema: {
        params: ProgrammeParams,
        response: { 200: ProgrammeFileSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = programmeIdOf(request.params.programmeId);
      let file: { name: string; version: number; content: ProgrammeContent };
      if (id === STANDARD_PROGRAMME_ID) {
        file = { name: (await detail(id)).name, version: 1, content: library.standardContent() };
      } else {
        const programme = await findProgramme(app.db, id);
        if (!programme) throw notFound(MESSAGES.programmeNotFound);
        const newest = await newestVersion(app.db, id);
        if (!newest) throw conflict(MESSAGES.exportUnpublished);
        file = { name: programme.name, version: newest.version, content: versionContent(newest) };
      }
      reply.header(
        'content-disposition',
        `attachment; filename="${exportFileName(file.name, file.version)}"`,
      );
      return {
        format: PROGRAMME_FILE_FORMAT,
        formatVersion: 1,
        name: file.name,
        content: file.content,
      } as const;
    },
  );

  /** Which programme a cohort's teams run: one published at least once, or the standard. */
  app.put(
    '/api/admin/cohorts/:tag/programme',
    {
      onRequest: adminOnly,
      schema: {
        params: CohortTagParams,
        body: AssignProgrammeBodySchema,
        response: { 200: TeamProgrammeSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const tag = cohortTag(request.params.tag);
      if (!(await findCohortByTag(app.db, tag))) throw notFound(MESSAGES.cohortNotFound);
      const { programmeId } = request.body;
      const { stored, runs } = await runnableProgramme(app.db, programmeId);
      if (!(await setCohortProgramme(app.db, tag, stored))) throw notFound(MESSAGES.cohortNotFound);
      request.log.info({ tag, programmeId }, 'cohort given a programme');
      await announceCohorts([tag]);
      return runs;
    },
  );

  /** A programme published a version: the teams of every cohort running it switch to it. */
  async function announceProgramme(programmeId: string) {
    await app.announce.programmeRunBy(programmeId);
  }

  // The team's side.

  app.get(
    '/api/teams/:teamId/programme',
    {
      onRequest: noStore,
      schema: { params: z.object({ teamId: IdSchema }), response: { 200: TeamProgrammeSchema, ...errors } },
    },
    async (request) => {
      await requireTeamAccess(request, request.params.teamId);
      return teamProgramme(app.db, request.params.teamId);
    },
  );

  /**
   * A published version's content, for a page that runs it: the standard's for anyone; another programme's
   * for an instructor, or a team session of a cohort that runs the programme (401 without a session, 403 a
   * team of another cohort). Stored versions never change: cached for good, by that browser only.
   */
  async function readableVersion(request: FastifyRequest, params: { programmeId: string; version: string }) {
    const id = programmeIdOf(params.programmeId);
    const version = versionOf(params.version);
    await requireProgrammeReader(request, id);
    const content = await library.version(id, version);
    if (!content) throw notFound(MESSAGES.versionNotFound);
    return { id, content };
  }

  const cacheFor = (id: string) =>
    // The standard's one version changes with a deploy: a short cache, as its configs have.
    id === STANDARD_PROGRAMME_ID ? 'public, max-age=300' : 'private, max-age=31536000, immutable';

  app.get(
    '/api/programmes/:programmeId/versions/:version/phase-:n',
    { schema: { params: PhaseParams, response: { 200: PhaseConfigSchema, ...errors } } },
    async (request, reply) => {
      const { id, content } = await readableVersion(request, request.params);
      const config = /^\d$/.test(request.params.n)
        ? content.configs.get(Number(request.params.n))
        : undefined;
      if (!config) throw notFound(MESSAGES.phaseNotFound);
      reply.header('cache-control', cacheFor(id));
      return config;
    },
  );

  app.get(
    '/api/programmes/:programmeId/versions/:version/fields',
    { schema: { params: VersionParams, response: { 200: ActivityFieldsSchema, ...errors } } },
    async (request, reply) => {
      const { id, content } = await readableVersion(request, request.params);
      reply.header('cache-control', cacheFor(id));
      return content.fields;
    },
  );
};
