import { z } from 'zod';
import { TOTAL_PHASES } from '../phases.ts';
import { type AdminEvent, AdminEventSchema } from './admin.ts';
import { type CohortEvent, CohortEventSchema } from './cohort.ts';
import { IdSchema } from './common.ts';
import { ClientIdSchema } from './phase-data.ts';
import { type TeamEvent, TeamEventSchema } from './team-events.ts';

/**
 * One live stream per browser (docs/decisions/021-one-live-stream-per-browser.md): `GET /api/events`
 * carries every subscription the browser's open tabs need, each authorised on its own:
 * - `page=TEAM:CLIENT:PHASE` (repeated): an open page of a workspace (a tab), which subscribes it to its
 *   team's events and shows it to teammates (PHASE 0: not on an activity);
 * - `cohort=TAG` (repeated): a cohort's live room;
 * - `admin=1`: the instructors' progress events.
 * Each message is `{ sub, event }` (an event of that subscription) or `{ sub, refused: { status, message } }`
 * (that subscription was refused: the others go on).
 */
export const LIVE_EVENTS_PATH = '/api/events';

/** What one stream may carry: far above what a browser's tabs need, low enough to bound its cost. */
export const LIVE_LIMITS = { pages: 24, teams: 4, cohorts: 16 } as const;

export type Subscription =
  | { kind: 'team'; teamId: string }
  | { kind: 'cohort'; tag: string }
  | { kind: 'admin' };

/** An open page of a workspace: it subscribes its tab to the team's events and shows in its presence. */
export type LivePage = { teamId: string; clientId: string; phase: number | null };

export type SubscriptionKey = string;

/** A subscription's name on the stream: `team:ID`, `cohort:TAG` or `admin`. */
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

const PageSchema = z.string().transform((value, context): LivePage => {
  const [teamId = '', clientId = '', phase = '', ...rest] = value.split(':');
  const id = IdSchema.safeParse(teamId);
  const client = ClientIdSchema.safeParse(clientId);
  const number = Number(phase);
  if (
    rest.length > 0 ||
    !id.success ||
    !client.success ||
    !/^\d$/.test(phase) ||
    number < 0 ||
    number > TOTAL_PHASES
  ) {
    context.addIssue({ code: 'custom', message: 'page must be TEAM_ID:CLIENT_ID:PHASE (0 to 8)' });
    return z.NEVER;
  }
  return { teamId, clientId, phase: number === 0 ? null : number };
});

/** Query of `GET /api/events`: the pages, cohorts and admin flag, as lists however many were given. */
export const LiveQuerySchema = z
  .object({
    page: z.preprocess(
      asList,
      z.array(PageSchema).max(LIVE_LIMITS.pages, `at most ${LIVE_LIMITS.pages} pages`),
    ),
    // Any text, like a cohort's path: the server reads each with `cohortTagOf`, and refuses text no cohort
    // can have with 404, like an unknown tag.
    cohort: z.preprocess(
      asList,
      z.array(z.string()).max(LIVE_LIMITS.cohorts, `at most ${LIVE_LIMITS.cohorts} cohorts`),
    ),
    admin: z.literal('1', { message: 'admin must be 1' }).optional(),
  })
  .transform(({ page, cohort, admin }, context) => {
    const teamIds = [...new Set(page.map((p) => p.teamId))];
    if (teamIds.length > LIVE_LIMITS.teams) {
      context.addIssue({ code: 'custom', message: `pages of at most ${LIVE_LIMITS.teams} teams` });
      return z.NEVER;
    }
    const subscriptions: Subscription[] = [
      ...teamIds.map((teamId) => ({ kind: 'team' as const, teamId })),
      ...[...new Set(cohort)].map((tag) => ({ kind: 'cohort' as const, tag })),
      ...(admin ? [{ kind: 'admin' as const }] : []),
    ];
    if (subscriptions.length === 0) {
      context.addIssue({ code: 'custom', message: 'name at least one page, cohort or admin' });
      return z.NEVER;
    }
    // One entry per page: a page named twice counts once.
    const pages = [...new Map(page.map((p) => [`${p.teamId}:${p.clientId}`, p])).values()];
    return { pages, subscriptions };
  });

export const LiveRefusalSchema = z.object({ status: z.number().int(), message: z.string() });
export type LiveRefusal = z.infer<typeof LiveRefusalSchema>;

/** One message of `GET /api/events`: an event of one subscription, or its refusal. */
export type LiveMessage =
  | { sub: SubscriptionKey; event: TeamEvent | CohortEvent | AdminEvent }
  | { sub: SubscriptionKey; refused: LiveRefusal };

/** Reads one message's text, checking the event with its subscription's schema; undefined if malformed. */
export function parseLiveMessage(text: string): LiveMessage | undefined {
  let raw: { sub?: unknown; event?: unknown; refused?: unknown };
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null || typeof raw.sub !== 'string') return undefined;
  const sub = raw.sub;
  if (raw.refused !== undefined) {
    const refused = LiveRefusalSchema.safeParse(raw.refused);
    return refused.success ? { sub, refused: refused.data } : undefined;
  }
  const schema = sub.startsWith('team:')
    ? TeamEventSchema
    : sub.startsWith('cohort:')
      ? CohortEventSchema
      : sub === 'admin'
        ? AdminEventSchema
        : undefined;
  const event = schema?.safeParse(raw.event);
  return event?.success ? { sub, event: event.data } : undefined;
}
