import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { liveSessionExpiries } from '../auth/queries.ts';
import { Announcer } from './announce.ts';
import { InProcessLiveEventBus, type LiveEventBus, STREAMS_CHANNEL } from './event-bus.ts';
import {
  EVENT_STREAM_HEARTBEAT_MS,
  EventStreamRegistry,
  STREAM_LIMITS,
  type StreamLimits,
} from './event-streams.ts';

/**
 * When the bus hears other instances again after losing them, every open stream ends and its page comes
 * back after a wait between these (spread out, so a whole room does not reconnect in the same instant).
 */
export const RESUME_RETRY_MS = { min: 1000, max: 8000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The event bus: what the streams subscribe to (routes publish through `announce`). */
    liveEvents: LiveEventBus;
    /** Publishing after a write, with its one error policy: a failed publish never fails the call. */
    announce: Announcer;
    /** This instance's open event streams. */
    eventStreams: EventStreamRegistry;
    /** Ends the open streams whose sessions have ended or expired (every heartbeat; tests call it). */
    checkStreamSessions(): Promise<void>;
  }
}

/**
 * The live room's plumbing (docs/decisions/021-one-live-stream-per-browser.md): the event bus (in process,
 * or across instances through PostgreSQL), publishing after a write (`announce`), this instance's open
 * streams, and their lifetimes. A session's end reaches every instance on the bus; every heartbeat, each
 * instance also checks the sessions its streams rely on, so an expired session (or one whose end was not
 * heard) ends its streams too. When the bus hears the other instances again after losing them (a database
 * restart or crash), every open stream restarts from the current state.
 */
export const livePlugin = fp(
  async (
    app: FastifyInstance,
    options: { liveEvents?: LiveEventBus; streamLimits?: Partial<StreamLimits> },
  ) => {
    const bus: LiveEventBus = options.liveEvents ?? new InProcessLiveEventBus();
    const streams = new EventStreamRegistry({ ...STREAM_LIMITS, ...options.streamLimits });
    app.decorate('liveEvents', bus);
    app.decorate('announce', new Announcer(bus, () => app.db, app.log));
    app.decorate('eventStreams', streams);
    const unsubscribe = bus.subscribe(STREAMS_CHANNEL, (event) => {
      if (event.type === 'end-streams') streams.end(event.end);
    });
    // What other instances sent while the bus could not hear them is lost, and a database that crashed
    // forgot every open page (presence is UNLOGGED): each page starts again from the current state, and its
    // new stream puts it back in the presence line, on whichever instance it reaches.
    const stopResumed = bus.onResumed?.(() => {
      const restarted = streams.restartAll(RESUME_RETRY_MS);
      app.log.warn({ restarted }, 'the live event bus hears other instances again; open streams restart');
    });

    const checkSessions = async () => {
      const hashes = streams.sessionHashes();
      if (hashes.length === 0) return;
      try {
        const live = await liveSessionExpiries(app.db, hashes);
        streams.endWhere((ties) => ties.sessions.some((hash) => !live.has(hash)));
      } catch (error) {
        app.log.warn({ err: error }, 'could not check the sessions of open event streams');
      }
    };
    app.decorate('checkStreamSessions', checkSessions);
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(checkSessions, EVENT_STREAM_HEARTBEAT_MS);
      timer.unref();
    });
    app.addHook('preClose', (done) => {
      clearInterval(timer);
      streams.endAll();
      done();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      stopResumed?.();
      await bus.close();
    });
  },
  { name: 'live', dependencies: ['db'] },
);
