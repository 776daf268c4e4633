import type { LiveEventOf, LiveRefusal, Subscription } from '@shared/schemas/live';

/**
 * What listening to a live subscription takes, apart from the hook that does it (use-live-events.ts): a
 * feature can describe its handlers here without loading the live stream's code with it.
 */

/** One subscription a component listens to, with what it does with the events. */
export type LiveSpec<S extends Subscription = Subscription> = {
  subscription: S;
  /** For a team's events: this open page of the workspace. */
  page?: { clientId: string; phase: number | null };
  onEvent(event: LiveEventOf<S['kind']>): void;
  onRefused?(refusal: LiveRefusal): void;
};

/** A spec whose handler's event type follows its subscription's kind. */
export function listenTo<S extends Subscription>(spec: LiveSpec<S>): LiveSpec {
  return spec as unknown as LiveSpec;
}
