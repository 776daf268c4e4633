import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The least an instructor's password may be (start-up and `npm run admin:create`). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** proxy-addr's names for address ranges a proxy may live in. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_TRUE =
  'TRUST_PROXY=true would believe the left-most X-Forwarded-For entry, which the client writes (every guess ' +
  'could claim a new address). Give the number of proxies in front of the app (TRUST_PROXY=1 behind one ' +
  'nginx) or their addresses (TRUST_PROXY=127.0.0.1 or 10.0.0.0/8,fd00::/8).';

/** `https://host[:port]` as a browser's Origin header writes it, or undefined for anything else (a path...). */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password || url.search || url.hash || !['', '/'].includes(url.pathname))
      return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** A price: a number, at least 0; absent when not set. */
const price = optionalText.pipe(
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number, at least 0 (0.002)')
    .transform(Number)
    .optional(),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText.refine(
    (v) => v === undefined || v.length >= ADMIN_PASSWORD_MIN_LENGTH,
    `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
  ),
  // false, a hop count ("1") or a comma-separated list of the proxies' addresses; never `true`.
  TRUST_PROXY: optionalText.transform((v, context): false | number | string => {
    if (v === undefined || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    if (v.toLowerCase() === 'true') {
      context.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE });
      return z.NEVER;
    }
    const entries = v.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not a hop count or a list of addresses: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries.join(',');
  }),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(600).default(3000),
  // The origins (scheme, host and port) browsers reach the app at, comma-separated: the only ones a
  // mutation may come from. Absent: the address the browser asked for, when written as an IP address or
  // `localhost`.
  PUBLIC_ORIGIN: optionalText.transform((v, context): string[] => {
    if (v === undefined) return [];
    const origins: string[] = [];
    for (const entry of v.split(',').map((e) => e.trim())) {
      const origin = originOf(entry);
      if (origin) origins.push(origin);
      else
        context.addIssue({
          code: 'custom',
          message: `not an origin (https://host or https://host:port): ${entry}`,
        });
    }
    return origins;
  }),
  /** The built client's folder (default dist/web); the browser tests build into their own. */
  WEB_ROOT: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Running prompts on the institute's model (docs/deployment.md, Running prompts on a model): the variables
  // the official OpenAI client reads, and the model's name. No OPENAI_MODEL: the feature is absent.
  OPENAI_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText.pipe(z.string().max(200).optional()),
  OPENAI_PRICE_PER_1K_TOKENS: price,
  OPENAI_PRICE_PER_1K_INPUT_TOKENS: price,
  OPENAI_PRICE_PER_1K_OUTPUT_TOKENS: price,
  OPENAI_PRICE_CURRENCY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Z]{3}$/, 'a three-letter currency code (USD, EUR, GBP)')
      .optional(),
  ),
  OPENAI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(100_000).default(2000),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  OPENAI_MAX_RUN_MS: z.coerce.number().int().min(1000).max(1_800_000).default(180_000),
  OPENAI_RUNS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(8),
  OPENAI_RUNS_PER_TEAM: z.coerce.number().int().min(1).max(100).default(1),
  OPENAI_STREAM: z.enum(['true', 'false']).default('true'),
});

/** The price of a thousand tokens, read and written, in a currency: only ever an estimate of the cost. */
export type ModelPricing = { inputPer1k: number; outputPer1k: number; currency: string };

/**
 * The institute's chat model: an OpenAI-compatible chat completions endpoint (a hosted provider, an Azure
 * deployment, or a model the institute serves itself). The key stays here: never in a response, a log, an
 * export or a backup (docs/SECURITY.md).
 */
export type ModelConfig = {
  /** Absent: the client's default (api.openai.com). */
  baseURL: string | undefined;
  apiKey: string;
  model: string;
  pricing: ModelPricing | undefined;
  /** The most an answer may take, in tokens (the request's `max_tokens`). */
  maxOutputTokens: number;
  /** The longest wait for the provider's first byte, and between two parts of a streamed answer. */
  timeoutMs: number;
  /** The longest a run may last, whatever the provider does. */
  maxRunMs: number;
  /** Runs in flight on one instance at most: the rest are refused until one ends. */
  runsInFlight: number;
  /** Runs one team may have in flight at once (on every instance together): the rest wait their turn. */
  runsPerTeam: number;
  /** Ask for the answer as it is written (the default); false for a server that only answers whole. */
  stream: boolean;
};

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { username: string; password: string } | undefined;
  /** Which proxies' X-Forwarded-For to believe: none, a hop count, or their addresses. */
  trustProxy: false | number | string;
  logLevel: string;
  /** API requests a minute per IP; never below 600 (a classroom shares one IP). */
  requestsPerMinute: number;
  /** The origins a mutation may come from (`https://lab.example.org`); none: see PUBLIC_ORIGIN. */
  publicOrigins: string[];
  /** Where the built SPA lives; absent in API-only tests. */
  webRoot: string | undefined;
  contentDir: string;
  /** Running prompts on the institute's model; undefined: not set up, and the feature is absent. */
  model: ModelConfig | undefined;
};

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/** Parses the environment once; a bad value stops start-up with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_USERNAME) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('Invalid environment: ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(PROJECT_ROOT, e.DATA_DIR),
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    requestsPerMinute: e.RATE_LIMIT_PER_MINUTE,
    publicOrigins: e.PUBLIC_ORIGIN,
    webRoot: path.resolve(PROJECT_ROOT, e.WEB_ROOT ?? 'dist/web'),
    contentDir: path.join(PROJECT_ROOT, 'content'),
    model: modelConfig(e),
  };
}

/** The model's settings, or undefined when OPENAI_MODEL is not set. */
function modelConfig(e: z.infer<typeof EnvSchema>): ModelConfig | undefined {
  // The model's name switches the feature on: a key in the environment for another program does not.
  if (!e.OPENAI_MODEL) return undefined;
  // A self-hosted server (vLLM, Ollama, LM Studio) may ask for no key; the client still sends one.
  if (!e.OPENAI_API_KEY && !e.OPENAI_BASE_URL) {
    throw new Error(
      'Invalid environment: OPENAI_API_KEY must be set (or OPENAI_BASE_URL, for a model served without one)',
    );
  }
  const both = e.OPENAI_PRICE_PER_1K_TOKENS;
  const input = e.OPENAI_PRICE_PER_1K_INPUT_TOKENS ?? both;
  const output = e.OPENAI_PRICE_PER_1K_OUTPUT_TOKENS ?? both;
  if ((input === undefined) !== (output === undefined)) {
    throw new Error(
      'Invalid environment: OPENAI_PRICE_PER_1K_INPUT_TOKENS and OPENAI_PRICE_PER_1K_OUTPUT_TOKENS must be set together (or OPENAI_PRICE_PER_1K_TOKENS for both)',
    );
  }
  return {
    baseURL: e.OPENAI_BASE_URL,
    apiKey: e.OPENAI_API_KEY ?? 'none',
    model: e.OPENAI_MODEL,
    pricing:
      input !== undefined && output !== undefined
        ? { inputPer1k: input, outputPer1k: output, currency: e.OPENAI_PRICE_CURRENCY ?? 'USD' }
        : undefined,
    maxOutputTokens: e.OPENAI_MAX_OUTPUT_TOKENS,
    timeoutMs: e.OPENAI_TIMEOUT_MS,
    maxRunMs: e.OPENAI_MAX_RUN_MS,
    runsInFlight: e.OPENAI_RUNS_IN_FLIGHT,
    runsPerTeam: e.OPENAI_RUNS_PER_TEAM,
    stream: e.OPENAI_STREAM === 'true',
  };
}
