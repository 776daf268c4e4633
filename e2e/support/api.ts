import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN } from './global-setup.ts';

/** What a created team's API answer holds that the tests use. */
export type ApiTeam = { id: string; code: string; name: string; accessToken: string };

type CohortSwitch = 'competitionEnabled' | 'votingOpen' | 'resultsVisible';

/** A suffix unique to one test run: every spec shares one app, in parallel. */
function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A cohort tag (or path segment) no other test uses: `prefix-xxxxxxxx`. */
export function uniqueTag(prefix: string): string {
  return `${prefix}-${uniqueSuffix()}`;
}

/** A team or cohort name no other test uses: `Prefix xxxxxxxx`. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${uniqueSuffix()}`;
}

export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * A request context on the app (the test server unless `baseURL` says otherwise) that opens a connection for
 * each request. With keep-alive, a context left idle while a test's pages load sent its next request on the
 * connection the server was closing at that moment for being idle, and got ECONNRESET (a browser sends such
 * a request again; Playwright's request context does not). A new connection on loopback costs nothing a
 * test can measure.
 */
export function apiContext(
  options: Parameters<typeof playwrightRequest.newContext>[0] = {},
): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: process.env.E2E_BASE_URL,
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, connection: 'close' },
  });
}

let instructorSession: Promise<StorageState> | undefined;

/**
 * The cookies of the instructor the test server was started with, signed in once per worker. A sign-in
 * checks the password with a deliberately slow hash (scrypt, 128 MiB, a fraction of a second of a core):
 * once per test, two workers beside busy processes spent seconds on each. No test ends this session; a test
 * that signs out, or tests the sign-in itself, signs in on its own.
 */
export function instructorSessionState(): Promise<StorageState> {
  instructorSession ??= (async () => {
    const api = await apiContext();
    const login = await api.post('/api/auth/admin/login', { data: E2E_ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    const state = await api.storageState();
    await api.dispose();
    return state;
  })();
  return instructorSession;
}

/** A request context signed in as the instructor the test server was started with. */
export async function adminApi(): Promise<APIRequestContext> {
  return apiContext({ storageState: await instructorSessionState() });
}

/** Creates a cohort and returns its tag (a unique one unless given). */
export async function createCohort(admin: APIRequestContext, name: string, tag = uniqueTag('cohort')) {
  expect((await admin.post('/api/admin/cohorts', { data: { tag, name } })).status()).toBe(201);
  return tag;
}

/** Sets a cohort's switches one call at a time, in the order given: voting needs the competition first. */
export async function setSwitches(
  admin: APIRequestContext,
  tag: string,
  switches: Partial<Record<CohortSwitch, boolean>>,
) {
  for (const [name, value] of Object.entries(switches)) {
    const response = await admin.patch(`/api/admin/cohorts/${tag}`, { data: { [name]: value } });
    expect(response.status()).toBe(200);
  }
}

/** Creates teams through the API (each with a session of the request context's own). */
export async function createTeams(request: APIRequestContext, names: string[]): Promise<ApiTeam[]> {
  const teams: ApiTeam[] = [];
  for (const name of names) {
    const response = await request.post('/api/teams', { data: { name } });
    expect(response.status()).toBe(201);
    teams.push(await response.json());
  }
  return teams;
}

/** A team with its own API session (cookie jar), assigned to the cohort, optionally with a website. */
export async function apiTeam(admin: APIRequestContext, tag: string, name: string, website?: string) {
  const api = await apiContext();
  const [team] = await createTeams(api, [name]);
  const assigned = await admin.post(`/api/admin/cohorts/${tag}/teams`, { data: { teamIds: [team!.id] } });
  expect(assigned.ok()).toBe(true);
  if (website) {
    const saved = await api.patch(`/api/teams/${team!.id}/website`, { data: { websiteUrl: website } });
    expect(saved.ok()).toBe(true);
  }
  return { api, team: team! };
}

/**
 * Casts a ballot for each voter in turn: `ballots[i]` ranks teams of `voters` by their index, first place
 * first. Each vote goes through the voter's own session (an API context, or a page's `request`).
 */
export async function castBallots(
  tag: string,
  voters: { api: APIRequestContext; team: Pick<ApiTeam, 'id' | 'name'> }[],
  ballots: number[][],
) {
  for (const [i, ranked] of ballots.entries()) {
    const votes = ranked.map((t, r) => ({ voted_for_team_id: voters[t]!.team.id, rank: r + 1 }));
    const response = await voters[i]!.api.post(`/api/showcase/${tag}/vote`, { data: { votes } });
    expect(response.status(), `${voters[i]!.team.name} votes`).toBe(201);
  }
}
