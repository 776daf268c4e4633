import { randomBytes } from 'node:crypto';
import { eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { phaseData, sessions, teams, users } from '../db/schema.ts';
import { hashToken, liveSessionExpiries, type SessionKind } from '../auth/queries.ts';
import { savePhaseDataForTeamSession } from '../phase-data/queries.ts';
import { COOKIE_NAMES, EXPIRED_SESSION_SWEEP_MS } from '../plugins/sessions.ts';
import { openEventStream } from '../../../testing/api/live.ts';
import { buildTestApp, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';
import { waitUntil } from '../../../testing/wait.ts';

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
  await waitUntil(async () => !(await exists(app, tokenHash)), 'the expired session to be deleted', {
    within: 5000,
  });
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

/**
 * "A live session of kind K" is written once (`liveSessionSql`, auth/queries.ts) and every path that checks a
 * session uses it: the team and admin look-ups, the autosave's one statement, the event streams. Each path
 * below is called with a session that has expired and with one of the other kind (a row the schema allows:
 * an admin session that also names a team, a team session that also names a user), and, to show the call
 * itself would pass, with a live one.
 */
describeApi('a session expired, or of the other kind, opens nothing', (ctx) => {
  type Variant = 'live' | 'expired' | 'other kind';
  const VARIANTS: Variant[] = ['live', 'expired', 'other kind'];

  /** A session row of the kind its cookie claims (`kind`), or expired, or stored as the other kind. */
  async function sessionCookie(kind: SessionKind, variant: Variant, teamId: string, userId: string) {
    const token = randomBytes(32).toString('base64url');
    const stored: SessionKind = variant === 'other kind' ? (kind === 'team' ? 'admin' : 'team') : kind;
    const lifetime = variant === 'expired' ? -1000 : 60_000;
    await ctx.app.db.insert(sessions).values({
      tokenHash: hashToken(token),
      kind: stored,
      // Both owners, so only the kind tells the two apart.
      teamId,
      userId,
      expiresAt: new Date(Date.now() + lifetime),
    });
    return { token, cookie: `${COOKIE_NAMES[kind]}=${token}` };
  }

  /**
   * A team and a user. The app's start-up sweep deletes expired rows: it is over (its sentinel gone) before
   * this returns, so the expired sessions a test adds stay rows, refused for being expired, not for being gone.
   */
  async function world() {
    const [team] = await ctx.app.db
      .insert(teams)
      .values({ name: 'Owner', code: 'OWNR', accessToken: randomBytes(24).toString('base64url') })
      .returning();
    const sentinel = await addSession(ctx.app, team!.id, new Date(Date.now() - 1000));
    await ctx.app.ready();
    await waitUntilGone(ctx.app, sentinel);
    const [user] = await ctx.app.db
      .insert(users)
      .values({ username: 'checker', passwordHash: 'unused' })
      .returning();
    return { team: team!, userId: user!.id };
  }

  /** The expired sessions are still rows: what refused them is the check, not their absence. */
  async function expiredStillThere(count: number) {
    const expired = await ctx.app.db.select().from(sessions).where(lte(sessions.expiresAt, new Date()));
    expect(expired).toHaveLength(count);
  }

  const streamStatus = async (url: string, cookie: string) => {
    const stream = await openEventStream(ctx.app, url, { cookie });
    const status = stream.response.status;
    await stream.close();
    return status;
  };

  it('a team session: its look-up, a team-scoped call, the autosave in one statement, and a stream', async () => {
    const { team, userId } = await world();
    for (const variant of VARIANTS) {
      const { token, cookie } = await sessionCookie('team', variant, team.id, userId);
      const ok = variant === 'live';
      const status = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie } });
      expect(status.statusCode, `status, ${variant}`).toBe(ok ? 200 : 401);
      const facts = await ctx.app.inject({ url: `/api/teams/${team.id}/facts`, headers: { cookie } });
      expect(facts.statusCode, `facts, ${variant}`).toBe(ok ? 200 : 401);

      // The autosave's own statement checks the session: it writes nothing for one that is not live...
      const fastPath = await savePhaseDataForTeamSession(
        ctx.database,
        token,
        team.id,
        2,
        { data: { by: variant } },
        { instance: null },
      );
      expect(fastPath?.record.data, `the autosave's statement, ${variant}`).toEqual(
        ok ? { by: variant } : undefined,
      );
      // ...and the call refuses it.
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/phase-data',
        headers: { cookie },
        payload: { teamId: team.id, phaseNumber: 3, data: { by: variant } },
      });
      expect(saved.statusCode, `autosave, ${variant}`).toBe(ok ? 200 : 401);

      expect(
        await streamStatus(
          `/api/teams/${team.id}/events?clientId=check-${variant.replace(' ', '-')}`,
          cookie,
        ),
        `stream, ${variant}`,
      ).toBe(ok ? 200 : 401);
    }
    await expiredStillThere(1);
    // Only the live session wrote anything.
    const written = await ctx.app.db.select().from(phaseData).where(eq(phaseData.teamId, team.id));
    expect(written.map((row) => row.data)).toEqual([{ by: 'live' }, { by: 'live' }]);
  });

  it('an admin session: its look-up, an instructor call, a team-scoped call, and the progress stream', async () => {
    const { team, userId } = await world();
    for (const variant of VARIANTS) {
      const { cookie } = await sessionCookie('admin', variant, team.id, userId);
      const ok = variant === 'live';
      const status = await ctx.app.inject({ url: '/api/auth/admin/status', headers: { cookie } });
      expect(status.json().isAuthenticated, `status, ${variant}`).toBe(ok);
      const cohortList = await ctx.app.inject({ url: '/api/admin/cohorts', headers: { cookie } });
      expect(cohortList.statusCode, `cohorts, ${variant}`).toBe(ok ? 200 : 401);
      const answers = await ctx.app.inject({ url: `/api/phase-data/${team.id}`, headers: { cookie } });
      expect(answers.statusCode, `answers, ${variant}`).toBe(ok ? 200 : 401);
      expect(await streamStatus('/api/admin/events', cookie), `stream, ${variant}`).toBe(ok ? 200 : 401);
    }
    await expiredStillThere(1);
  });

  it("the streams' check: a session past its expiry ends the streams it opened; one in force keeps them", async () => {
    const { team, userId } = await world();
    const expiring = await sessionCookie('team', 'live', team.id, userId);
    const staying = await sessionCookie('team', 'live', team.id, userId);
    const ended = await openEventStream(ctx.app, `/api/teams/${team.id}/events?clientId=ends-at-check`, {
      cookie: expiring.cookie,
    });
    const kept = await openEventStream(ctx.app, `/api/teams/${team.id}/events?clientId=stays-open`, {
      cookie: staying.cookie,
    });
    await Promise.all([ended.waitFor(2), kept.waitFor(2)]);
    expect(
      await liveSessionExpiries(ctx.app.db, [hashToken(expiring.token), hashToken(staying.token)]),
    ).toHaveProperty('size', 2);
    // Past its expiry, but still a row (the hourly sweep has not run): the check ends its stream.
    await ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expiring.token)));
    const live = await liveSessionExpiries(ctx.app.db, [hashToken(expiring.token), hashToken(staying.token)]);
    expect([...live.keys()]).toEqual([hashToken(staying.token)]);
    await expiredStillThere(1);
    await ctx.app.checkStreamSessions();
    await ended.pump;
    expect(ended.ended).toBe(true);
    expect(kept.ended).toBe(false);
    await kept.close();
  });
});
