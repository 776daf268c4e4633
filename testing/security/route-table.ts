import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import {
  cohorts,
  feedbackNotes,
  helpRequests,
  phaseData,
  programmes,
  programmeVersions,
  teams,
  users,
} from '../../src/server/db/schema.ts';
import {
  PROGRAMME_FILE_FORMAT,
  type ProgrammeContent,
  type ProgrammeFile,
} from '../../src/shared/schemas/programmes.ts';
import { configs } from '../phase-content.ts';
import { createSession } from '../../src/server/auth/queries.ts';
import { hashPassword } from '../../src/server/lib/password.ts';
import { COOKIE_NAMES } from '../../src/server/plugins/sessions.ts';
import { createTeamSession } from '../api/test-app.ts';

/**
 * The security suites' shared fixtures: a seeded classroom (two cohorts, the team a call names, its
 * cohort mates, a team of another cohort, an admin) and the table of every API route with a request
 * builder. The authorization matrix, the hostile-input and the Origin tests all walk this one table.
 */

export const OWN_COHORT = 'own-cohort';
export const OTHER_COHORT = 'other-cohort';
export const ADMIN_USERNAME = 'matrix-admin';
export const ADMIN_PASSWORD = 'matrix admin password';

export type Caller = 'anonymous' | 'otherTeam' | 'ownTeam' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'otherTeam', 'ownTeam', 'admin'];

type Member = Awaited<ReturnType<typeof createTeamSession>>;

export type World = {
  own: Member;
  mates: Member[];
  /** A submitted team of another cohort. */
  other: Member;
  adminCookie: string;
  cookies: Record<Caller, string | undefined>;
  /** An instructor's note on the named team's activity 1. */
  noteId: string;
  /** A mate's open request for help. */
  mateHelpId: string;
  /** The own cohort's join code (the named team is in it already: joining again changes nothing). */
  ownJoinCode: string;
  /** The programme the own cohort runs: a copy of the standard, published once (version 1). */
  programmeId: string;
  /** That programme as an export file, for an import. */
  programmeFile: ProgrammeFile;
};

/** The shipped activities as a programme's content. */
export const STANDARD_CONTENT: ProgrammeContent = {
  activities: configs as unknown as ProgrammeContent['activities'],
  switchedOff: [],
};

type WorldOptions = {
  competitionEnabled?: boolean;
  votingOpen?: boolean;
  resultsVisible?: boolean;
  /** Both cohorts archived. */
  archived?: boolean;
  /** The named team has asked for help and is waiting. */
  helpOpen?: boolean;
};

let adminHash: Promise<string> | undefined;

/** Seeds the classroom; every switch of both cohorts on unless told otherwise. */
export async function seedWorld(app: FastifyInstance, options: WorldOptions = {}): Promise<World> {
  const switches = {
    competitionEnabled: options.competitionEnabled ?? true,
    votingOpen: options.votingOpen ?? true,
    resultsVisible: options.resultsVisible ?? true,
    archivedAt: options.archived ? new Date() : null,
    // Running prompts on a model is switched on (the suites' apps have one set up).
    runsOn: true,
  };
  // The own cohort runs a programme of its own (published once); the other cohort the standard.
  const [programme] = await app.db
    .insert(programmes)
    .values({ name: 'World Programme', draft: STANDARD_CONTENT, publishedRevision: 0 })
    .returning();
  await app.db.insert(programmeVersions).values({
    programmeId: programme!.id,
    version: 1,
    activities: STANDARD_CONTENT.activities,
  });
  await app.db.insert(cohorts).values([
    { tag: OWN_COHORT, name: 'Own Cohort', ...switches, programmeId: programme!.id },
    { tag: OTHER_COHORT, name: 'Other Cohort', ...switches },
  ]);
  const own = await createTeamSession(app, 'Own Team');
  const mates = [await createTeamSession(app, 'Mate One'), await createTeamSession(app, 'Mate Two')];
  const other = await createTeamSession(app, 'Other Team');
  const inOwn = [own, ...mates].map((m) => m.team.id);
  await app.db
    .update(teams)
    .set({ cohortTag: OWN_COHORT, submittedWebsiteUrl: 'https://own.example' })
    .where(inArray(teams.id, inOwn));
  await app.db
    .update(teams)
    .set({ cohortTag: OTHER_COHORT, submittedWebsiteUrl: 'https://other.example' })
    .where(eq(teams.id, other.team.id));
  // Avatars of their own, none of them the one a request sets (no two teams of a cohort share one: a mate
  // drawn with it at random would refuse the own team's change).
  for (const [i, member] of [own, ...mates, other].entries()) {
    await app.db
      .update(teams)
      .set({ avatarIcon: ['owl.svg', 'cat.svg', 'dog.svg', 'lion.svg'][i]! })
      .where(eq(teams.id, member.team.id));
  }
  await app.db.insert(phaseData).values({ teamId: own.team.id, phaseNumber: 1, data: { idea: 'x' } });

  // The admin's session is made directly: one scrypt hash per file, not one per test.
  adminHash ??= hashPassword(ADMIN_PASSWORD);
  const [user] = await app.db
    .insert(users)
    .values({ username: ADMIN_USERNAME, passwordHash: await adminHash })
    .returning();
  const { token } = await createSession(app.db, 'admin', { userId: user!.id });
  const adminCookie = `${COOKIE_NAMES.admin}=${token}`;
  // Coaching: a note on the named team's activity 1, and a mate waiting for help (the named team too, when
  // the row asks).
  const [note] = await app.db
    .insert(feedbackNotes)
    .values({ teamId: own.team.id, phaseNumber: 1, body: 'Check the prices.', author: ADMIN_USERNAME })
    .returning();
  const [mateHelp] = await app.db
    .insert(helpRequests)
    .values({ teamId: mates[0]!.team.id, phaseNumber: 2 })
    .returning();
  if (options.helpOpen) await app.db.insert(helpRequests).values({ teamId: own.team.id, phaseNumber: 1 });
  const [ownCohort] = await app.db
    .select({ joinCode: cohorts.joinCode })
    .from(cohorts)
    .where(eq(cohorts.tag, OWN_COHORT));
  return {
    programmeId: programme!.id,
    programmeFile: {
      format: PROGRAMME_FILE_FORMAT,
      formatVersion: 1,
      name: 'Imported Programme',
      content: STANDARD_CONTENT,
    },
    ownJoinCode: ownCohort!.joinCode,
    own,
    mates,
    other,
    adminCookie,
    noteId: note!.id,
    mateHelpId: mateHelp!.id,
    cookies: { anonymous: undefined, otherTeam: other.cookie, ownTeam: own.cookie, admin: adminCookie },
  };
}

export type Method = Extract<HTTPMethods, 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'>;
type RouteKey = `${Method} /api/${string}`;

/** An expected status, or 'any' where the rule does not apply to that caller. */
export type Expected = 200 | 201 | 302 | 401 | 403 | 404 | 409 | 'any';

export type RouteRow = {
  /** Method and path exactly as registered, params included. */
  route: RouteKey;
  /** Distinguishes a second row of the same route (another state of the cohort). */
  variant?: string;
  world?: WorldOptions;
  /** The request a caller makes: the path's params and the body name the OWN team and cohort. */
  request(world: World): { url: string; payload?: unknown };
  expect: Record<Caller, Expected>;
  /** A Server-Sent Events stream: checked over a real socket, closed after the status line. */
  stream?: boolean;
  /**
   * `GET /api/events`: a refused subscription is told on the stream (status 200, `{ sub, refused }`); its
   * status is the refusal's.
   */
  refusedInStream?: boolean;
};

const everyone = (status: Expected): Record<Caller, Expected> => ({
  anonymous: status,
  otherTeam: status,
  ownTeam: status,
  admin: status,
});
/** That team or an admin (docs/product.md, Who may do what): nobody 401, another team 403. */
const teamScoped = (ok: 200 | 201 = 200): Record<Caller, Expected> => ({
  anonymous: 401,
  otherTeam: 403,
  ownTeam: ok,
  admin: ok,
});
/** Admin calls: 401 for everyone else, a team session included. */
const adminOnly = (ok: 200 | 201 = 200): Record<Caller, Expected> => ({
  anonymous: 401,
  otherTeam: 401,
  ownTeam: 401,
  admin: ok,
});

/** Every API route and who may call it. A route missing here fails the authorization matrix. */
export const ROUTE_TABLE: RouteRow[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: everyone(200) },

  // The API reference is public (it documents, it reveals no data).
  { route: 'GET /api/docs', request: () => ({ url: '/api/docs' }), expect: everyone(200) },
  { route: 'GET /api/docs/', request: () => ({ url: '/api/docs/' }), expect: everyone(200) },
  { route: 'GET /api/docs/json', request: () => ({ url: '/api/docs/json' }), expect: everyone(200) },
  { route: 'GET /api/docs/yaml', request: () => ({ url: '/api/docs/yaml' }), expect: everyone(200) },
  {
    route: 'GET /api/docs/static/index.html',
    request: () => ({ url: '/api/docs/static/index.html' }),
    // @fastify/swagger-ui sends the page's own URL instead.
    expect: everyone(302),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/docs/*',
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: everyone(200),
  },

  // Workspaces. The code is the private key: whoever knows it may open the workspace.
  {
    route: 'POST /api/teams',
    request: () => ({ url: '/api/teams', payload: { name: 'New Team' } }),
    expect: everyone(201),
  },
  { route: 'GET /api/teams', request: () => ({ url: '/api/teams' }), expect: adminOnly() },
  {
    route: 'GET /api/teams/:code',
    request: (w) => ({ url: `/api/teams/${w.own.team.code}` }),
    expect: everyone(200),
  },
  {
    route: 'PATCH /api/teams/:teamId/avatar',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/avatar`, payload: { avatarIcon: 'fox.svg' } }),
    expect: teamScoped(),
  },
  {
    route: 'DELETE /api/teams/:teamId',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}`, payload: { confirmName: 'Own Team' } }),
    // The own team deletes its workspace; by the admin's turn it is gone (the next row: an instructor).
    expect: { anonymous: 401, otherTeam: 403, ownTeam: 200, admin: 'any' },
  },
  {
    route: 'DELETE /api/teams/:teamId',
    variant: 'by an instructor',
    request: (w) => ({ url: `/api/teams/${w.mates[0]!.team.id}`, payload: { confirmName: 'Mate One' } }),
    expect: { anonymous: 401, otherTeam: 403, ownTeam: 403, admin: 200 },
  },
  {
    route: 'PATCH /api/teams/:teamId/website',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/website`, payload: { websiteUrl: 'own.example' } }),
    expect: teamScoped(),
  },

  // Sessions.
  {
    route: 'POST /api/auth/team/login',
    request: (w) => ({ url: '/api/auth/team/login', payload: { access_token: w.own.team.accessToken } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/auth/team/status',
    request: () => ({ url: '/api/auth/team/status' }),
    // Each team sees its own team; an admin session is not a team session.
    expect: { anonymous: 401, otherTeam: 200, ownTeam: 200, admin: 401 },
  },
  {
    route: 'POST /api/auth/team/logout',
    request: () => ({ url: '/api/auth/team/logout' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/auth/admin/status',
    request: () => ({ url: '/api/auth/admin/status' }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/admin/login',
    request: () => ({
      url: '/api/auth/admin/login',
      payload: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/admin/logout',
    request: () => ({ url: '/api/auth/admin/logout' }),
    expect: everyone(200),
  },

  // A team's answers.
  {
    route: 'POST /api/phase-data',
    request: (w) => ({
      url: '/api/phase-data',
      payload: { teamId: w.own.team.id, phaseNumber: 2, data: { answer: 'ours' } },
    }),
    expect: teamScoped(),
  },
  {
    route: 'GET /api/phase-data/:teamId',
    request: (w) => ({ url: `/api/phase-data/${w.own.team.id}` }),
    expect: teamScoped(),
  },
  {
    route: 'GET /api/phase-data/:teamId/:phase',
    request: (w) => ({ url: `/api/phase-data/${w.own.team.id}/1` }),
    expect: teamScoped(),
  },
  {
    route: 'GET /api/teams/:teamId/facts',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/facts` }),
    expect: teamScoped(),
  },
  {
    route: 'POST /api/teams/:teamId/facts',
    request: (w) => ({
      url: `/api/teams/${w.own.team.id}/facts`,
      payload: { values: { company_name: 'Ours' }, givenIn: 1 },
    }),
    expect: teamScoped(),
  },
  {
    route: 'GET /api/configs/fields',
    request: () => ({ url: '/api/configs/fields' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/configs/phase-:n',
    request: () => ({ url: '/api/configs/phase-1' }),
    expect: everyone(200),
  },

  // Cohorts, showcase, ballots, results.
  {
    route: 'GET /api/cohorts/:tag',
    request: () => ({ url: `/api/cohorts/${OWN_COHORT}` }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/cohorts/:tag/status',
    request: () => ({ url: `/api/cohorts/${OWN_COHORT}/status` }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/events',
    variant: "a page of the team's workspace",
    request: (w) => ({ url: `/api/events?page=${w.own.team.id}:matrix-page-1:1` }),
    expect: teamScoped(),
    stream: true,
    refusedInStream: true,
  },
  {
    route: 'GET /api/events',
    variant: "a cohort's live room",
    request: () => ({ url: `/api/events?cohort=${OWN_COHORT}` }),
    expect: everyone(200),
    stream: true,
    refusedInStream: true,
  },
  {
    route: 'GET /api/events',
    variant: "the instructors' progress events",
    request: () => ({ url: '/api/events?admin=1' }),
    expect: adminOnly(),
    stream: true,
    refusedInStream: true,
  },
  {
    route: 'GET /api/teams/:teamId/events',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/events?clientId=matrix-page-1` }),
    expect: teamScoped(),
    stream: true,
  },
  {
    route: 'GET /api/cohorts/:tag/events',
    request: () => ({ url: `/api/cohorts/${OWN_COHORT}/events` }),
    expect: everyone(200),
    stream: true,
  },
  {
    route: 'GET /api/showcase/:tag',
    request: () => ({ url: `/api/showcase/${OWN_COHORT}` }),
    // A submitted team of the cohort, or an admin; a team of another cohort 403.
    expect: teamScoped(),
  },
  {
    route: 'GET /api/showcase/:tag/vote',
    request: (w) => ({ url: `/api/showcase/${OWN_COHORT}/vote?team_id=${w.own.team.id}` }),
    expect: teamScoped(),
  },
  {
    route: 'POST /api/showcase/:tag/vote',
    request: (w) => ({
      url: `/api/showcase/${OWN_COHORT}/vote`,
      payload: { votes: w.mates.map((m, i) => ({ voted_for_team_id: m.team.id, rank: i + 1 })) },
    }),
    // Only a submitted team of the cohort votes; an admin has no ballot (403).
    expect: { anonymous: 401, otherTeam: 403, ownTeam: 201, admin: 403 },
  },
  {
    route: 'POST /api/showcase/:tag/vote',
    variant: 'while voting is closed',
    world: { votingOpen: false },
    request: (w) => ({
      url: `/api/showcase/${OWN_COHORT}/vote`,
      payload: { votes: w.mates.map((m, i) => ({ voted_for_team_id: m.team.id, rank: i + 1 })) },
    }),
    expect: { anonymous: 401, otherTeam: 403, ownTeam: 403, admin: 403 },
  },
  {
    route: 'GET /api/showcase/:tag/results',
    request: () => ({ url: `/api/showcase/${OWN_COHORT}/results` }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/showcase/:tag/results',
    variant: 'while results are hidden',
    world: { resultsVisible: false },
    request: () => ({ url: `/api/showcase/${OWN_COHORT}/results` }),
    expect: { anonymous: 403, otherTeam: 403, ownTeam: 403, admin: 200 },
  },

  // The instructor's calls.
  { route: 'GET /api/admin/cohorts', request: () => ({ url: '/api/admin/cohorts' }), expect: adminOnly() },
  {
    route: 'GET /api/admin/cohorts/archived',
    request: () => ({ url: '/api/admin/cohorts/archived' }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/cohorts',
    request: () => ({ url: '/api/admin/cohorts', payload: { tag: 'new-cohort', name: 'New Cohort' } }),
    expect: adminOnly(201),
  },
  {
    route: 'PATCH /api/admin/cohorts/unassign-teams',
    request: (w) => ({ url: '/api/admin/cohorts/unassign-teams', payload: { teamIds: [w.other.team.id] } }),
    expect: adminOnly(),
  },
  {
    route: 'PATCH /api/admin/cohorts/:tag',
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}`, payload: { votingOpen: false } }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/cohorts/:tag/teams',
    request: (w) => ({
      url: `/api/admin/cohorts/${OWN_COHORT}/teams`,
      payload: { teamIds: [w.other.team.id] },
    }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/cohorts/:tag/archive',
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}/archive` }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/cohorts/:tag/unarchive',
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}/unarchive` }),
    expect: adminOnly(),
  },
  {
    route: 'DELETE /api/admin/cohorts/:tag',
    world: { archived: true },
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}` }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/cohorts/:tag/reveal',
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}/reveal` }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/cohorts/:tag/reveal/hold',
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}/reveal/hold` }),
    expect: adminOnly(),
  },
  {
    route: 'PATCH /api/admin/cohorts/:tag/pace',
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}/pace`, payload: { phase: 3, minutes: 10 } }),
    expect: adminOnly(),
  },
  {
    route: 'PATCH /api/admin/cohorts/:tag/pace',
    variant: 'an archived cohort',
    world: { archived: true },
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}/pace`, payload: { message: 'Break' } }),
    expect: { anonymous: 401, otherTeam: 401, ownTeam: 401, admin: 409 },
  },
  {
    route: 'GET /api/teams/:teamId/cohort-join/:code',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/cohort-join/${w.ownJoinCode}` }),
    expect: teamScoped(),
  },
  {
    route: 'POST /api/teams/:teamId/cohort-join',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/cohort-join`, payload: { code: w.ownJoinCode } }),
    expect: teamScoped(),
  },
  {
    route: 'POST /api/teams/:teamId/cohort-join',
    variant: 'an archived cohort',
    world: { archived: true },
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/cohort-join`, payload: { code: w.ownJoinCode } }),
    expect: { anonymous: 401, otherTeam: 403, ownTeam: 409, admin: 409 },
  },
  {
    route: 'POST /api/admin/cohorts/:tag/reveal',
    variant: 'while results are hidden',
    world: { resultsVisible: false },
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}/reveal` }),
    expect: { anonymous: 401, otherTeam: 401, ownTeam: 401, admin: 409 },
  },
  {
    route: 'GET /api/admin/events',
    request: () => ({ url: '/api/admin/events' }),
    expect: adminOnly(),
    stream: true,
  },
  { route: 'GET /api/admin/export', request: () => ({ url: '/api/admin/export' }), expect: adminOnly() },
  {
    route: 'POST /api/admin/teams/:teamId/rotate-code',
    // The team of another cohort: the callers before the admin keep their sessions.
    request: (w) => ({ url: `/api/admin/teams/${w.other.team.id}/rotate-code` }),
    expect: adminOnly(),
  },

  // Coaching: feedback on a team's work, and its requests for help.
  {
    route: 'GET /api/teams/:teamId/feedback',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/feedback` }),
    expect: teamScoped(),
  },
  {
    route: 'POST /api/teams/:teamId/feedback',
    request: (w) => ({
      url: `/api/teams/${w.own.team.id}/feedback`,
      payload: { phaseNumber: 2, body: 'Rank them by threat.' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'PATCH /api/teams/:teamId/feedback/:noteId',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/feedback/${w.noteId}`, payload: { done: true } }),
    expect: teamScoped(),
  },
  {
    route: 'DELETE /api/teams/:teamId/feedback/:noteId',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/feedback/${w.noteId}` }),
    expect: adminOnly(),
  },
  {
    route: 'GET /api/teams/:teamId/help',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/help` }),
    expect: teamScoped(),
  },
  {
    route: 'POST /api/teams/:teamId/help',
    request: (w) => ({
      url: `/api/teams/${w.own.team.id}/help`,
      payload: { phaseNumber: 3, message: 'Stuck' },
    }),
    // The team's own: an instructor does not ask on its behalf.
    expect: { anonymous: 401, otherTeam: 403, ownTeam: 201, admin: 403 },
  },
  {
    route: 'DELETE /api/teams/:teamId/help',
    world: { helpOpen: true },
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/help` }),
    expect: { anonymous: 401, otherTeam: 403, ownTeam: 200, admin: 403 },
  },
  {
    route: 'GET /api/admin/help-requests',
    request: () => ({ url: '/api/admin/help-requests' }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/help-requests/:requestId/answer',
    request: (w) => ({ url: `/api/admin/help-requests/${w.mateHelpId}/answer` }),
    expect: adminOnly(),
  },

  // Running a prompt on the institute's model: the team runs and reads its runs; instructors read every team's
  // use and set the cohorts' and the teams' runs (an instructor reads a team's runs, but never runs on its
  // budget).
  {
    route: 'GET /api/teams/:teamId/runs',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/runs` }),
    expect: teamScoped(),
  },
  {
    route: 'POST /api/teams/:teamId/runs',
    request: (w) => ({
      url: `/api/teams/${w.own.team.id}/runs`,
      payload: { phaseNumber: 2 },
    }),
    expect: { anonymous: 401, otherTeam: 403, ownTeam: 200, admin: 403 },
  },
  { route: 'GET /api/admin/runs', request: () => ({ url: '/api/admin/runs' }), expect: adminOnly() },
  {
    route: 'PATCH /api/admin/cohorts/:tag/runs',
    request: () => ({ url: `/api/admin/cohorts/${OWN_COHORT}/runs`, payload: { on: true } }),
    expect: adminOnly(),
  },
  {
    route: 'PATCH /api/admin/teams/:teamId/runs',
    request: (w) => ({ url: `/api/admin/teams/${w.own.team.id}/runs`, payload: { paused: false } }),
    expect: adminOnly(),
  },

  // Programmes: instructors make and assign them; a team reads the one it runs.
  {
    route: 'GET /api/admin/programmes',
    request: () => ({ url: '/api/admin/programmes' }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/programmes',
    request: () => ({ url: '/api/admin/programmes', payload: { name: 'New Programme' } }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /api/admin/programmes/import',
    request: (w) => ({ url: '/api/admin/programmes/import', payload: w.programmeFile }),
    expect: adminOnly(201),
  },
  {
    route: 'GET /api/admin/programmes/:programmeId',
    request: (w) => ({ url: `/api/admin/programmes/${w.programmeId}` }),
    expect: adminOnly(),
  },
  {
    route: 'PATCH /api/admin/programmes/:programmeId',
    request: (w) => ({ url: `/api/admin/programmes/${w.programmeId}`, payload: { name: 'Renamed' } }),
    expect: adminOnly(),
  },
  {
    route: 'PUT /api/admin/programmes/:programmeId/draft',
    request: (w) => ({
      url: `/api/admin/programmes/${w.programmeId}/draft`,
      payload: { revision: 0, draft: { ...STANDARD_CONTENT, switchedOff: [8] } },
    }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/programmes/:programmeId/publish',
    // Revision 0 is its version 1 already: nothing new is made (200).
    request: (w) => ({ url: `/api/admin/programmes/${w.programmeId}/publish`, payload: { revision: 0 } }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/programmes/:programmeId/versions/:version/republish',
    // Version 1 is its newest already: nothing new is made (200).
    request: (w) => ({ url: `/api/admin/programmes/${w.programmeId}/versions/1/republish` }),
    expect: adminOnly(),
  },
  {
    route: 'GET /api/admin/programmes/:programmeId/versions/:version',
    request: (w) => ({ url: `/api/admin/programmes/${w.programmeId}/versions/1` }),
    expect: adminOnly(),
  },
  {
    route: 'GET /api/admin/programmes/:programmeId/export',
    request: (w) => ({ url: `/api/admin/programmes/${w.programmeId}/export` }),
    expect: adminOnly(),
  },
  {
    route: 'PUT /api/admin/cohorts/:tag/programme',
    request: (w) => ({
      url: `/api/admin/cohorts/${OTHER_COHORT}/programme`,
      payload: { programmeId: w.programmeId },
    }),
    expect: adminOnly(),
  },
  {
    route: 'GET /api/teams/:teamId/programme',
    request: (w) => ({ url: `/api/teams/${w.own.team.id}/programme` }),
    expect: teamScoped(),
  },
  {
    route: 'GET /api/programmes/:programmeId/versions/:version/phase-:n',
    // A team of a cohort that runs it, or an instructor; a team of another cohort 403.
    request: (w) => ({ url: `/api/programmes/${w.programmeId}/versions/1/phase-2` }),
    expect: teamScoped(),
  },
  {
    route: 'GET /api/programmes/:programmeId/versions/:version/phase-:n',
    variant: 'the Standard programme',
    request: () => ({ url: '/api/programmes/standard/versions/1/phase-2' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/programmes/:programmeId/versions/:version/fields',
    request: (w) => ({ url: `/api/programmes/${w.programmeId}/versions/1/fields` }),
    expect: teamScoped(),
  },
  {
    route: 'GET /api/programmes/:programmeId/versions/:version/fields',
    variant: 'the Standard programme',
    request: () => ({ url: '/api/programmes/standard/versions/1/fields' }),
    expect: everyone(200),
  },
];

export const methodOf = (route: RouteKey) => route.split(' ')[0] as Method;
export const pathOf = (route: RouteKey) => route.slice(route.indexOf(' ') + 1);
export const isMutation = (route: RouteKey) => methodOf(route) !== 'GET';

/** `GET /api/teams/:code` and `DELETE /api/teams/:teamId` are one path to the router: params compare as `:_`. */
export const normaliseRoute = (route: string) => route.replace(/:[^/]+/g, ':_');

/**
 * The app's real routes, `METHOD /path`, from `printRoutes` (a tree: each line's segment extends its
 * parent's path). HEAD is left out: Fastify adds it to every GET.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of lines) {
    const match = /^([\s│]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const segment = match[2]!;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + segment;
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
