import { LivePageSchema, type LiveMessage, readLiveMessage, SubscriptionSchema } from '@shared/schemas/live';
import { ClientIdSchema } from '@shared/schemas/phase-data';
import { z } from 'zod';
import { LIVE_STATUSES } from './live-status';

/**
 * What the tabs of one browser say to each other to share one live stream
 * (docs/decisions/021-one-live-stream-per-browser.md, 032-live-protocol-between-tabs.md).
 *
 * The version is in every name the tabs meet by: the leader lock, the tab locks and the channel. Bump it
 * whenever a signal below changes shape or meaning, or the query the leader opens the stream with does:
 * after a deploy, tabs of the old build and of the new one then never share a leader, a channel or a
 * stream; each build's tabs elect their own leader and hold their own stream until the old tabs close.
 * Version 1 was the unversioned `applied-genai-lab-live`; version 3 added the `team-full` status.
 */
const LIVE_PROTOCOL = 'applied-genai-lab-live-v3';

export const LEADER_LOCK = `${LIVE_PROTOCOL}-leader`;
export const TAB_LOCK_PREFIX = `${LIVE_PROTOCOL}-tab-`;
export const CHANNEL_NAME = LIVE_PROTOCOL;

/** A tab's id: made by `newClientId`, so valid as a page's id. */
const TabSchema = ClientIdSchema;

/**
 * Every signal, checked as it arrives: a tab of another shape (a build with a bug, a future one that forgot
 * to bump the version) must not stop the leader or break a follower. A `wanted`'s entries are checked one
 * by one by the leader (`readWanted`), so one bad entry does not cost the tab the rest of its needs; a
 * relayed message's event is checked with the schema the stream itself is read with.
 */
export const SignalSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('wanted'),
    tab: TabSchema,
    wanted: z.object({ pages: z.array(z.unknown()), subscriptions: z.array(z.unknown()) }),
  }),
  z.object({ type: z.literal('leader'), tab: TabSchema }),
  z.object({
    type: z.literal('message'),
    message: z.unknown().transform((raw, context): LiveMessage => {
      const message = readLiveMessage(raw);
      if (message) return message;
      context.addIssue({ code: 'custom', message: 'not a message of the live stream' });
      return z.NEVER;
    }),
  }),
  z.object({ type: z.literal('status'), status: z.enum(LIVE_STATUSES) }),
  z.object({ type: z.literal('ping'), tab: TabSchema }),
  z.object({ type: z.literal('pong'), tab: TabSchema }),
  z.object({ type: z.literal('bye'), tab: TabSchema }),
]);

/** What the tabs tell each other. */
export type Signal = z.output<typeof SignalSchema>;
export type SignalKind = Signal['type'];

const KINDS = new Set<string>(SignalSchema.options.map((option) => option.shape.type.value));

/** A signal as it arrived, or, when it is malformed, the kind it claimed (`unreadable`: none). */
export function readSignal(data: unknown): { signal: Signal } | { dropped: SignalKind | 'unreadable' } {
  const parsed = SignalSchema.safeParse(data);
  if (parsed.success) return { signal: parsed.data };
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  return { dropped: typeof type === 'string' && KINDS.has(type) ? (type as SignalKind) : 'unreadable' };
}

/** One tab's needs, each entry checked on its own: the good ones, and how many were dropped. */
export function readWanted(wanted: { pages: readonly unknown[]; subscriptions: readonly unknown[] }) {
  const pages = wanted.pages.flatMap((page) => {
    const parsed = LivePageSchema.safeParse(page);
    return parsed.success ? [parsed.data] : [];
  });
  const subscriptions = wanted.subscriptions.flatMap((subscription) => {
    const parsed = SubscriptionSchema.safeParse(subscription);
    return parsed.success ? [parsed.data] : [];
  });
  const dropped = wanted.pages.length - pages.length + wanted.subscriptions.length - subscriptions.length;
  return { wanted: { pages, subscriptions }, dropped };
}
