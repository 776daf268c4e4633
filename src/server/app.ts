import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { loadPhaseConfigs } from './content/phase-configs.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { LiveEventBus } from './live/event-bus.ts';
import type { StreamLimits } from './live/event-streams.ts';
import { serializeError, serializeRequest } from './lib/log-redaction.ts';
import { MESSAGES } from './lib/messages.ts';
import { answerClientError } from './lib/client-error.ts';
import { trustProxyOption } from './lib/trust-proxy.ts';
import { authRoutes } from './auth/routes.ts';
import { coachingRoutes } from './coaching/routes.ts';
import { cohortRoutes } from './cohorts/routes.ts';
import { configRoutes } from './content/routes.ts';
import { liveEventRoutes } from './live/routes.ts';
import { phaseDataRoutes } from './phase-data/routes.ts';
import { runRoutes } from './runs/routes.ts';
import { ProgrammeChecker, type ProgrammeCheckerOptions } from './programmes/checks-pool.ts';
import { ProgrammeLibrary } from './programmes/library.ts';
import { TeamActivityFields } from './programmes/team-fields.ts';
import { programmeRoutes } from './programmes/routes.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { healthRoutes } from './plugins/health.ts';
import { livePlugin } from './live/plugin.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionsPlugin } from './plugins/sessions.ts';
import { staticPlugin } from './plugins/static.ts';
import { teamRoutes } from './teams/routes.ts';
import { showcaseRoutes } from './voting/routes.ts';

export type BuildAppOptions = {
  config: Pick<AppConfig, 'logLevel' | 'trustProxy' | 'webRoot' | 'contentDir' | 'requestsPerMinute'> &
    Partial<Pick<AppConfig, 'publicOrigins' | 'model'>>;
  database: DatabaseHandle;
  /** Close the database with the app (the server does; tests that share one database do not). */
  closeDatabase?: boolean;
  logger?: boolean;
  /** Where log lines go instead of standard output (the no-secrets-in-logs test captures them). */
  loggerStream?: NodeJS.WritableStream;
  /** Live events; in-process unless given (PostgreSQL LISTEN/NOTIFY across instances). */
  liveEvents?: LiveEventBus;
  /** Caps on open event streams other than STREAM_LIMITS (tests, to reach them with a few streams). */
  streamLimits?: Partial<StreamLimits>;
  /** The time the code look-up limit reads, in milliseconds: tests hold it still; the real clock if absent. */
  clock?: () => number;
  /**
   * The worker threads of the programme checks: options for the app's own (tests, to reach their limits),
   * or a checker shared by several apps of one process, which the app's close leaves running (the API tests
   * build an app per test). The defaults if absent.
   */
  programmeChecks?: ProgrammeCheckerOptions | ProgrammeChecker;
};

/**
 * A plugin under its own name, still encapsulated (its hooks and decorations stay its own). Fastify names a
 * plugin that has none by searching every loaded CommonJS module for it, a dozen milliseconds per app where
 * many are loaded (the test runner's processes build thousands of apps).
 */
function named<Plugin extends (...args: never[]) => Promise<void>>(plugin: Plugin): Plugin {
  return fp(plugin as unknown as FastifyPluginAsync, {
    name: plugin.name,
    encapsulate: true,
  }) as unknown as Plugin;
}

/** Builds the whole app: the server listens on it, the API tests `inject()` into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const fastify = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Cookies carry session tokens: never in a log line.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Codes and tokens in URLs, and a failed query's values, never reach a log line either.
            serializers: { req: serializeRequest, err: serializeError },
            ...(options.loggerStream ? { stream: options.loggerStream } : {}),
          },
    // Never `true`: that would believe the left-most X-Forwarded-For entry, which the client writes.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 16 * 1024,
    // Autosave bodies arrive often; one sensible timeout keeps a slow client from holding a socket.
    requestTimeout: 30_000,
    return503OnClosing: true,
    // A malformed URL (broken percent-encoding) or a path parameter past the router's limit is the caller's
    // mistake: `{ message }` like every other error, not Fastify's own error shape.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as unknown as FastifyReply)
        .status(tooLong ? 414 : 400)
        .send({ message: tooLong ? MESSAGES.addressTooLong : MESSAGES.badAddress });
    },
    // What Node's parser refuses before any route runs (an address or headers past its 16 KB, a request
    // that never finished arriving) answers in the same shape too.
    clientErrorHandler: answerClientError,
  });
  const app = (fastify as unknown as FastifyInstance).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const phaseConfigs = loadPhaseConfigs(config.contentDir);
  // Every programme version's content, the standard's from the configs just loaded.
  const programmes = new ProgrammeLibrary(() => app.db, phaseConfigs);
  // A publish's and an import's checks, on worker threads started when first needed.
  const shared = options.programmeChecks instanceof ProgrammeChecker ? options.programmeChecks : undefined;
  const programmeChecks = shared ?? new ProgrammeChecker(options.programmeChecks as ProgrammeCheckerOptions);
  if (!shared) app.addHook('onClose', () => programmeChecks.close());

  await app.register(errorsPlugin);
  await app.register(dbPlugin, {
    database: options.database,
    closeOnShutdown: options.closeDatabase ?? true,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(sessionsPlugin);
  await app.register(securityPlugin, {
    requestsPerMinute: config.requestsPerMinute,
    publicOrigins: config.publicOrigins ?? [],
    clock: options.clock,
  });
  await app.register(livePlugin, { liveEvents: options.liveEvents, streamLimits: options.streamLimits });

  await app.register(docsPlugin);
  await app.register(named(healthRoutes));
  // The API, one plugin per resource; instructor-only routes carry the `adminOnly` guard.
  await app.register(named(authRoutes));
  await app.register(named(teamRoutes), { programmes });
  await app.register(named(cohortRoutes));
  await app.register(named(phaseDataRoutes), {
    activityFields: new TeamActivityFields(() => app.db, programmes),
  });
  await app.register(named(showcaseRoutes));
  await app.register(named(coachingRoutes));
  await app.register(named(programmeRoutes), { library: programmes, checks: programmeChecks });
  await app.register(named(liveEventRoutes));
  // Running prompts on the institute's model: only when one is set up (OPENAI_MODEL); else no such path.
  if (config.model) await app.register(named(runRoutes), { model: config.model, library: programmes });
  await app.register(named(configRoutes), { phaseConfigs });
  await app.register(staticPlugin, {
    webRoot: config.webRoot,
    contentDir: config.contentDir,
    modelRuns: config.model !== undefined,
  });

  return app;
}
