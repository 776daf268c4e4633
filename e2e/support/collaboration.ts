import { type Browser, expect } from '@playwright/test';
import { type ApiTeam, apiContext, createTeams, uniqueName } from './api.ts';
import { openAsTeam } from './fixtures.ts';

/** One device of a team: its own browser context (own cookies and storage), signed in by the secure link. */
export type Device = Awaited<ReturnType<typeof openAsTeam>>;

/**
 * A new team and `count` devices open on it, each on the activity of `paths` (default: activity 1), with
 * the activity's form ready for typing.
 */
export async function teamOnDevices(browser: Browser, paths: string[]) {
  const api = await apiContext();
  const [team] = await createTeams(api, [uniqueName('Together')]);
  const devices: Device[] = [];
  for (const path of paths) {
    const device = await openAsTeam(browser, team!, { path });
    await expect(device.page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    devices.push(device);
  }
  return {
    team: team!,
    devices,
    /** The activity's answers as the server holds them now, with the team's shared facts among them. */
    stored: async (phase: number) => {
      const answers = await api.get(`/api/phase-data/${team!.id}/${phase}`);
      expect([200, 404]).toContain(answers.status());
      const facts = await api.get(`/api/teams/${team!.id}/facts`);
      expect(facts.status()).toBe(200);
      const { facts: list } = (await facts.json()) as { facts: { id: string; value: string }[] };
      return {
        ...(answers.status() === 200 ? ((await answers.json()).data as Record<string, unknown>) : {}),
        ...Object.fromEntries(list.map((fact) => [fact.id, fact.value])),
      } as Record<string, unknown>;
    },
    close: async () => {
      for (const device of devices) await device.close();
      await api.dispose();
    },
  };
}

export type { ApiTeam };
