import { conflict, type HttpError, unavailable } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';

/** One run's place: its controller (Stop, the page gone, shutdown) and how it is given back. */
export type Place = { controller: AbortController; release: () => void };

/**
 * The places of runs in flight on this instance: at most `total`, and at most `perTeam` for one team, so one
 * team's burst never takes every place. A place is taken only once a run's right to run was checked (a
 * refused request never holds one); taking one is synchronous, so a burst cannot pass either bound.
 */
export class RunPlaces {
  private readonly held = new Map<AbortController, { teamId: string; done: Promise<void> }>();

  constructor(
    private readonly total: number,
    private readonly perTeam: number,
  ) {}

  /** A place for the team's run, or the refusal: its team's places taken (409), or every place (503). */
  take(teamId: string): Place | HttpError {
    let mine = 0;
    for (const place of this.held.values()) if (place.teamId === teamId) mine += 1;
    if (mine >= this.perTeam) return conflict(MESSAGES.runInFlight);
    if (this.held.size >= this.total) return unavailable(MESSAGES.modelBusy);
    const controller = new AbortController();
    let settle!: () => void;
    this.held.set(controller, { teamId, done: new Promise((resolve) => (settle = resolve)) });
    return {
      controller,
      release: () => {
        if (this.held.delete(controller)) settle();
      },
    };
  }

  /** Every run in flight stops now (the server is stopping); resolves once each has given its place back. */
  async stopAll(reason: string): Promise<void> {
    for (const controller of this.held.keys()) controller.abort(reason);
    await Promise.allSettled([...this.held.values()].map((place) => place.done));
  }
}
