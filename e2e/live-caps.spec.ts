import { expect, test } from './support/fixtures.ts';
import { instructorContext } from './support/live-room.ts';

/**
 * A page whose live stream the server has no place for says so and keeps trying (docs/product.md, Live
 * updates paused): the instructor's session already holds its 8 streams (other tabs that cannot share, or
 * a leaked session), so the dashboard's stream is refused; once a place frees, the page is live again
 * without a reload.
 */

/** The session's streams held open elsewhere, read to the end so they stay open; `free()` closes them. */
async function holdStreams(cookie: string, count: number) {
  const controllers: AbortController[] = [];
  for (let i = 0; i < count; i++) {
    const controller = new AbortController();
    const response = await fetch(`${process.env.E2E_BASE_URL}/api/events?admin=1`, {
      headers: { cookie },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    void (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // Closed by free().
      }
    })();
    controllers.push(controller);
  }
  return {
    free() {
      for (const controller of controllers) controller.abort();
    },
  };
}

test('a refused stream shows "Live updates paused" from the start and goes live once a place frees', async ({
  browser,
}) => {
  const instructor = await instructorContext(browser);
  const cookie = (await instructor.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const held = await holdStreams(cookie, 8);
  const dashboard = await instructor.newPage();
  await dashboard.goto('/admin');
  await expect(dashboard.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
  const notice = dashboard.getByTestId('live-paused');
  await expect(notice).toHaveText('Live updates paused — reconnecting…');
  held.free();
  // Tried again after 3 s, then 6 s ...: taken as soon as a place is free.
  await expect(notice).toHaveText('');
  await instructor.close();
});
