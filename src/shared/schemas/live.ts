import { z } from 'zod';
import { TOTAL_PHASES } from '../phases.ts';
import { type AdminEvent, AdminEventSchema } from './admin.ts';
import { type CohortEvent, CohortEventSchema, cohortTagOf } from './cohort.ts';
import { IdSchema } from './common.ts';
import { ClientIdSchema } from './phase-data.ts';
import { PresencePhaseSchema, type TeamEvent, TeamEventSchema } from './team-events.ts';

/**
 * One live stream per browser (docs/decisions/021-one-live-stream-per-browser.md): `GET /api/events`
 * carries every subscription the browser's open tabs need, each authorised on its own:
 * - `page=TEAM:CLIENT:PHASE` (repeated): an open page of a workspace (a tab), which subscribes it to its
 *   team's events and shows it to teammates (PHASE 0: not on an activity);
 * - `cohort=TAG` (repeated): a cohort's live room;
 * - `admin=1`: the instructors' progress events.
 * Each message is `{ sub, event }` (an event of that subscription) or `{ sub, refused: { status, message } }`
 * (that subscription was refused: the others go on). An entry of the query that is malformed or past the
 * limits is refused the same way, on its own (docs/decisions/032-live-protocol-between-tabs.md).
 */
export const LIVE_EVENTS_PATH = '/api/events';

/** What one stream may carry: far above what a browser's tabs need, low enough to bound its cost. */
export const LIVE_LIMITS = { pages: 24, teams: 4, cohorts: 16 } as const;

/**
 * What a stream may carry, as the query names it and as a browser's tabs tell it to their leader: a team's
 * events, a cohort's (its tag text some cohort can have), the instructors' progress events.
 */
export const SubscriptionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team'), teamId: IdSchema }),
  z.object({
    kind: z.literal('cohort'),
    tag: z.string().refine((tag) => cohortTagOf(tag) !== undefined, 'not a cohort tag'),
  }),
  z.object({ kind: z.literal('admin') }),
]);
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** An open page of a workspace: it subscribes its tab to the team's events and shows in its presence. */
export const LivePageSchema = z.object({
  teamId: IdSchema,
  clientId: ClientIdSchema,
  phase: PresencePhaseSchema,
});
export type LivePage = z.infer<typeof LivePageSchema>;

export type SubscriptionKey = string;

/**
 * The name a refusal of the whole stream carries (`{ sub: 'stream', refused }`): the instance cannot take one
 * more stream now (status 429). The browser says live updates are paused and tries again after a growing
 * wait; every subscription stays wanted.
 */
export const STREAM_SUB = 'stream';

/**
 * Why a stream was refused, when the page has something to say about it: `team-full`, the team's places are
 * taken by other devices holding its Workspace Code (docs/decisions/042-settled-streams-keep-their-place.md),
 * which only a new code from the instructor ends.
 */
export const STREAM_REFUSAL_REASONS = ['team-full'] as const;
export type StreamRefusalReason = (typeof STREAM_REFUSAL_REASONS)[number];

/**
 * A subscription's name on the stream: `team:ID`, `cohort:TAG` or `admin`. (A `page=` entry refused on its
 * own is named `page:ENTRY`.)
 */
export function subscriptionKey(subscription: Subscription): SubscriptionKey {
  switch (subscription.kind) {
    case 'team':
      return `team:${subscription.teamId}`;
    case 'cohort':
      return `cohort:${subscription.tag}`;
    case 'admin':
      return 'admin';
  }
}

/** The event each kind of subscription carries. */
export type LiveEventOf<S extends Subscription['kind']> = S extends 'team'
  ? TeamEvent
  : S extends 'cohort'
    ? CohortEvent
    : AdminEvent;

/** The query of a stream carrying these pages and subscriptions (teams come from their pages). */
export function liveQuery(pages: readonly LivePage[], subscriptions: readonly Subscription[]): string {
  const query = new URLSearchParams();
  for (const page of pages) query.append('page', `${page.teamId}:${page.clientId}:${page.phase ?? 0}`);
  for (const subscription of subscriptions) {
    if (subscription.kind === 'cohort') query.append('cohort', subscription.tag);
  }
  if (subscriptions.some((s) => s.kind === 'admin')) query.set('admin', '1');
  return query.toString();
}

const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const PAGE_ENTRY = `page must be TEAM_ID:CLIENT_ID:PHASE (0 to ${TOTAL_PHASES})`;
/** Longer `page=` entries are refused as `page` alone: well past any well-formed entry (about 100). */
const PAGE_ENTRY_NAMED_MAX = 128;

/** A `page=` entry read: the page, or undefined for one not of the form TEAM_ID:CLIENT_ID:PHASE (0 to 8). */
function readPageEntry(entry: string): LivePage | undefined {
  const [teamId = '', clientId = '', phase = '', ...rest] = entry.split(':');
  if (rest.length > 0 || !/^\d$/.test(phase)) return undefined;
  const number = Number(phase);
  const page = LivePageSchema.safeParse({ teamId, clientId, phase: number === 0 ? null : number });
  return page.success ? page.data : undefined;
}

/**
 * A page refused on its own (malformed, or past the limit) is named on the stream `page:ENTRY`, as the query
 * wrote it: never `team:ID`, whose other pages may be carried.
 */
const pageSub = (entry: string): SubscriptionKey =>
  entry.length <= PAGE_ENTRY_NAMED_MAX ? `page:${entry}` : 'page';

const refusedAs = (sub: SubscriptionKey, message: string): LiveRefusalMessage => ({
  sub,
  refused: { status: 400, message },
});

/**
 * Query of `GET /api/events`: the pages, cohorts and admin flag, as lists however many were given. Each
 * entry stands alone: a malformed one, or one past the limits (the first ones keep their places), is
 * refused on the stream (`refusals`, status 400) and the others are carried. Only a request naming nothing
 * valid at all is answered 400.
 */
export const LiveQuerySchema = z
  .object({
    page: z
      .preprocess(asList, z.array(z.string()))
      .optional()
      .describe(
        `An open page, TEAM_ID:CLIENT_ID:PHASE (0 to ${TOTAL_PHASES}; 0: not on an activity), repeated; at most ${LIVE_LIMITS.pages} pages of ${LIVE_LIMITS.teams} teams. One malformed or past the limits is refused on the stream as \`page:ENTRY\` (or its team's \`team:ID\`), status 400.`,
      ),
    // Any text, like a cohort's path: the server reads each with `cohortTagOf`, and refuses text no cohort
    // can have with 404, like an unknown tag.
    cohort: z
      .preprocess(asList, z.array(z.string()))
      .optional()
      .describe(
        `A cohort's tag, repeated; at most ${LIVE_LIMITS.cohorts}. One past the limit is refused on the stream (status 400), an unknown one with 404.`,
      ),
    admin: z
      .preprocess(asList, z.array(z.string()))
      .optional()
      .describe(
        "1: the instructors' progress events. Any other value is refused on the stream (status 400).",
      ),
  })
  .transform(({ page = [], cohort = [], admin = [] }, context) => {
    const refusals: LiveRefusalMessage[] = [];
    // One entry per page: a page named twice counts once, in its first place.
    const pages = new Map<string, LivePage>();
    for (const entry of page) {
      const read = readPageEntry(entry);
      if (!read) refusals.push(refusedAs(pageSub(entry), PAGE_ENTRY));
      else if (pages.size >= LIVE_LIMITS.pages && !pages.has(`${read.teamId}:${read.clientId}`))
        refusals.push(refusedAs(pageSub(entry), `at most ${LIVE_LIMITS.pages} pages`));
      else pages.set(`${read.teamId}:${read.clientId}`, read);
    }
    const teamIds: string[] = [];
    for (const { teamId } of pages.values()) {
      if (teamIds.includes(teamId)) continue;
      if (teamIds.length < LIVE_LIMITS.teams) teamIds.push(teamId);
      else if (!refusals.some((r) => r.sub === `team:${teamId}`))
        refusals.push(refusedAs(`team:${teamId}`, `pages of at most ${LIVE_LIMITS.teams} teams`));
    }
    const tags: string[] = [];
    for (const tag of new Set(cohort)) {
      if (tags.length < LIVE_LIMITS.cohorts) tags.push(tag);
      else refusals.push(refusedAs(`cohort:${tag}`, `at most ${LIVE_LIMITS.cohorts} cohorts`));
    }
    const listensAsAdmin = admin.length > 0 && admin.every((value) => value === '1');
    if (admin.length > 0 && !listensAsAdmin) refusals.push(refusedAs('admin', 'admin must be 1'));

    const subscriptions: Subscription[] = [
      ...teamIds.map((teamId) => ({ kind: 'team' as const, teamId })),
      ...tags.map((tag) => ({ kind: 'cohort' as const, tag })),
      ...(listensAsAdmin ? [{ kind: 'admin' as const }] : []),
    ];
    if (subscriptions.length === 0) {
      context.addIssue({
        code: 'custom',
        message: refusals[0]?.refused.message ?? 'name at least one page, cohort or admin',
      });
      return z.NEVER;
    }
    return {
      pages: [...pages.values()].filter((p) => teamIds.includes(p.teamId)),
      subscriptions,
      refusals,
    };
  });

export const LiveRefusalSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  // A reason this build does not know (a later server's) is read as none: the refusal still stands.
  reason: z.enum(STREAM_REFUSAL_REASONS).optional().catch(undefined),
});
export type LiveRefusal = z.infer<typeof LiveRefusalSchema>;

export type LiveRefusalMessage = { sub: SubscriptionKey; refused: LiveRefusal };

/** One message of `GET /api/events`: an event of one subscription, or its refusal. */
export type LiveMessage =
  | { sub: SubscriptionKey; event: TeamEvent | CohortEvent | AdminEvent }
  | LiveRefusalMessage;

/** Reads one message's text, checking the event with its subscription's schema; undefined if malformed. */
export function parseLiveMessage(text: string): LiveMessage | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  return readLiveMessage(raw);
}

/**
 * Checks one message as read (the stream's, or one relayed between tabs): the event with its subscription's
 * schema, a refusal with its own; undefined if malformed.
 */
export function readLiveMessage(raw: unknown): LiveMessage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { sub, event, refused: refusal } = raw as { sub?: unknown; event?: unknown; refused?: unknown };
  if (typeof sub !== 'string') return undefined;
  if (refusal !== undefined) {
    const refused = LiveRefusalSchema.safeParse(refusal);
    return refused.success ? { sub, refused: refused.data } : undefined;
  }
  const schema = sub.startsWith('team:')
    ? TeamEventSchema
    : sub.startsWith('cohort:')
      ? CohortEventSchema
      : sub === 'admin'
        ? AdminEventSchema
        : undefined;
  const read = schema?.safeParse(event);
  return read?.success ? { sub, event: read.data } : undefined;
}
