import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { sessions, teams } from '../db/schema.ts';
import { hashToken } from '../auth/queries.ts';
import { EXPIRED_SESSION_SWEEP_MS } from '../plugins/sessions.ts';
import { buildTestApp, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';

/** Expired sessions are deleted: at start-up, then every hour, so a database dump does not keep them. */

/** Through `app.db` only: reading the database does not start the app. */
async function addSession(app: FastifyInstance, teamId: string, expiresAt: Date): Promise<string> {
  const tokenHash = hashToken(randomBytes(32).toString('base64url'));
  await app.db.insert(sessions).values({ tokenHash, kind: 'team', teamId, expiresAt });
  return tokenHash;
}

async function exists(app: FastifyInstance, tokenHash: string): Promise<boolean> {
  return (await app.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash))).length > 0;
}

async function waitUntilGone(app: FastifyInstance, tokenHash: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (await exists(app, tokenHash)) {
    if (Date.now() > deadline) throw new Error('the expired session was not deleted');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeApi('expired sessions', (ctx) => {
  let other: FastifyInstance | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await other?.close();
    other = undefined;
  });

  it('are deleted when the app starts; live ones stay', async () => {
    const { team } = await createTeamSession(ctx.app, 'Sleepy');
    const expired = await addSession(ctx.app, team.id, new Date(Date.now() - 1000));
    const live = await addSession(ctx.app, team.id, new Date(Date.now() + 60_000));
    other = await buildTestApp(ctx.database);
    await other.ready();
    await waitUntilGone(other, expired);
    expect(await exists(other, live)).toBe(true);
  });

  it('are deleted every hour while the app runs', async () => {
    // Straight into the database: ctx.app is never started, so only the app below sweeps.
    const [team] = await ctx.database.db
      .insert(teams)
      .values({ name: 'Later', code: 'LATR', accessToken: randomBytes(24).toString('base64url') })
      .returning();
    // Swept at start-up: once it is gone, the start-up sweep is over.
    const sentinel = await addSession(ctx.app, team!.id, new Date(Date.now() - 1000));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    other = await buildTestApp(ctx.database);
    await other.ready();
    await waitUntilGone(other, sentinel);
    const expired = await addSession(other, team!.id, new Date(Date.now() - 1000));
    // Nothing sweeps it before the hour is up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exists(other, expired)).toBe(true);
    vi.advanceTimersByTime(EXPIRED_SESSION_SWEEP_MS);
    await waitUntilGone(other, expired);
  });
});
