import { count } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { teams } from '../db/schema.ts';
import { createAdminSession, describeApi } from '../../../testing/api/test-app.ts';

/** The random source, replaced: every code drawn is `FULL`, as if the code space were full. */
vi.mock('../../shared/workspace-code.ts', async (original) => ({
  ...(await original<typeof import('../../shared/workspace-code.ts')>()),
  generateWorkspaceCode: () => 'FULL',
}));

describeApi('when no free Workspace Code can be found', (ctx) => {
  it('creating a workspace answers 503 with a clear message, never 500, and creates nothing', async () => {
    const first = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'First' } });
    expect(first.statusCode).toBe(201);
    expect(first.json().code).toBe('FULL');

    const second = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Second' } });
    expect(second.statusCode).toBe(503);
    expect(second.json()).toEqual({
      message: 'No free Workspace Code could be found right now. Please try again in a few minutes.',
    });
    expect(second.headers['set-cookie']).toBeUndefined();
    const [row] = await ctx.app.db.select({ n: count() }).from(teams);
    expect(Number(row?.n)).toBe(1);
  });

  it("an instructor's new code for a team answers 503 too, and the team keeps its code and token", async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Only' } });
    const team = created.json();
    const admin = await createAdminSession(ctx.app);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/teams/${team.id}/rotate-code`,
      headers: { cookie: admin.cookie },
    });
    expect(rotated.statusCode).toBe(503);
    expect(rotated.json().message).toMatch(/No free Workspace Code/);
    const lookup = await ctx.app.inject({ url: `/api/teams/${team.code}` });
    expect(lookup.json()).toMatchObject({ code: team.code, accessToken: team.accessToken });
  });
});
