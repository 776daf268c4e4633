/**
 * A reader that never reads cannot take the server down (docs/decisions/021-one-live-stream-per-browser.md):
 * streams opened from fresh sessions and then never read. Sessions are free (each login is a new one), so
 * the caps that hold are per team (whose busiest session makes room for a newcomer), per address and per
 * instance; what a stream may hold unsent is bounded,
 * and open pages are announced as changes, not as the whole list to every page.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_BUFFER_MAX_BYTES, STREAM_LIMITS } from './event-streams.ts';
import { liveChannel } from './event-bus.ts';
import { addressOf } from '../../../testing/api/live.ts';
import {
  buildTestApp,
  cookiesFrom,
  createTeamSession,
  loginTeam,
  openTestDatabase,
} from '../../../testing/api/test-app.ts';

/** 42 teams at their cap of 24 streams each: 1,008 streams, every one from a session of its own. */
const TEAMS = 42;

type Unread = { socket: net.Socket; status: number };

/** A stream that reads its status line and then never reads again, as a stalled or hostile client. */
function unreadStream(port: number, path: string, cookie: string): Promise<Unread> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
    });
    socket.once('data', (chunk) => {
      socket.pause();
      resolve({ socket, status: Number(chunk.toString().slice(9, 12)) });
    });
    socket.on('error', () => undefined);
    socket.once('close', () => reject(new Error('closed before answering')));
  });
}

/** A large save's event, as a team's pages hear it. */
function bigSave(teamId: string, version: number, bytes: number) {
  return {
    type: 'answers' as const,
    teamId,
    phaseNumber: 1,
    version,
    updatedAt: new Date().toISOString(),
    clientId: null,
    changed: ['notes'],
    values: { notes: 'x'.repeat(bytes) },
  };
}

/**
 * The server process's memory, in MB, that buffered writes would grow: the heap and the buffers outside it,
 * after a collection (vitest.config.ts exposes it), so that only what the server keeps counts.
 */
function bufferedMemoryMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 1e6;
}

describe('streams that never read', () => {
  let app: FastifyInstance;
  let port: number;
  let drop: () => Promise<void>;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    const opened = await openTestDatabase('pglite');
    drop = opened.drop;
    app = await buildTestApp(opened.database);
    port = Number(new URL(await addressOf(app)).port);
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await app?.close();
    await drop?.();
  });

  async function openUnread(teamId: string, accessToken: string, page: string): Promise<Unread> {
    const cookie = cookiesFrom(await loginTeam(app, accessToken));
    const unread = await unreadStream(port, `/api/events?page=${teamId}:${page}:1`, cookie);
    sockets.push(unread.socket);
    return unread;
  }

  it('one team cannot hold more than its cap, however many sessions it makes', async () => {
    const member = await createTeamSession(app, 'Leaked Code');
    for (let i = 0; i < STREAM_LIMITS.perTeam + 10; i++) {
      // Each from a fresh session holding none: it takes the place of the oldest stream of a session
      // holding one (docs/decisions/037), so the team's own people always get in; the team never holds more.
      expect((await openUnread(member.team.id, member.team.accessToken, `leaked-page-${i}`)).status).toBe(
        200,
      );
      expect(app.eventStreams.count(`team:${member.team.id}`)).toBeLessThanOrEqual(STREAM_LIMITS.perTeam);
    }
    expect(app.eventStreams.count(`team:${member.team.id}`)).toBe(STREAM_LIMITS.perTeam);
    for (const socket of sockets.splice(0)) socket.destroy();
    await waitFor(() => app.eventStreams.size === 0, 'the leaked streams to close');
  }, 120_000);

  it('a thousand, from fresh sessions, leave memory bounded and the server answering', async () => {
    const teamIds: string[] = [];
    for (let t = 0; t < TEAMS; t++) {
      const member = await createTeamSession(app, `Team ${t}`);
      teamIds.push(member.team.id);
      for (let s = 0; s < STREAM_LIMITS.perTeam; s++) {
        const { status } = await openUnread(member.team.id, member.team.accessToken, `unread-page-${s}`);
        expect(status).toBe(200);
      }
    }
    expect(app.eventStreams.size).toBe(TEAMS * STREAM_LIMITS.perTeam);
    const before = bufferedMemoryMb();
    // Every team saves 10 answers of 20 KB: 200 KB for each of the 1,008 streams, none of it read.
    for (let round = 0; round < 10; round++) {
      for (const teamId of teamIds)
        await app.liveEvents.publish(liveChannel.team(teamId), bigSave(teamId, round + 2, 20_000));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const grown = bufferedMemoryMb() - before;
    // 200 MB was sent; what the server keeps of it is bounded by the buffer cap per stream.
    expect(grown).toBeLessThan((TEAMS * STREAM_LIMITS.perTeam * 2 * STREAM_BUFFER_MAX_BYTES) / 1e6 + 50);
    const started = performance.now();
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
    for (const socket of sockets.splice(0)) socket.destroy();
    await waitFor(() => app.eventStreams.size === 0, 'the streams to close');
  }, 300_000);

  it('one that falls further behind than the socket and the buffer cap hold is disconnected, and memory is given back', async () => {
    const member = await createTeamSession(app, 'Slow Reader');
    const unread = await openUnread(member.team.id, member.team.accessToken, 'slow-reader-page');
    expect(unread.status).toBe(200);
    let closedByServer = false;
    unread.socket.once('close', () => {
      closedByServer = true;
    });
    // 10 MB for one reader: more than the kernel's socket buffers take (about 4 MB on loopback).
    for (let i = 0; i < 500 && app.eventStreams.size > 0; i++) {
      await app.liveEvents.publish(liveChannel.team(member.team.id), bigSave(member.team.id, i + 2, 20_000));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(app.eventStreams.size).toBe(0);
    // The client learns it when it reads again: it reconnects and catches up from the first events.
    unread.socket.resume();
    await waitFor(() => closedByServer, 'the client to see the close');
  }, 120_000);
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
