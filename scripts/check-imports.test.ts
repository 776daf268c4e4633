import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without type declarations.
import { featureCycles, importProblem, moduleCycles } from './check-imports.mjs';

const check = (file: string, spec: string, dynamic = false): string | null =>
  importProblem(file, spec, { dynamic });

describe('the import rules', () => {
  it('keeps imports one way between web, server and shared', () => {
    expect(check('web/app/header.tsx', '@shared/phases')).toBeNull();
    expect(check('server/teams/routes.ts', '../../shared/schemas/team.ts')).toBeNull();
    expect(check('web/lib/api-client.ts', '../../server/app.ts')).toMatch(/web -> server/);
    expect(check('server/app.ts', '../web/main.tsx')).toMatch(/server -> web/);
    expect(check('shared/scoring.ts', 'react')).toMatch(/shared -> package/);
    expect(check('shared/schemas/team.ts', 'zod')).toBeNull();
    expect(check('shared/scoring.test.ts', 'vitest')).toBeNull();
  });

  it('lets only the shared text module import the text-merging packages', () => {
    expect(check('shared/shared-text.ts', 'yjs')).toBeNull();
    expect(check('shared/shared-text.ts', 'lib0/encoding')).toBeNull();
    expect(check('shared/shared-text.ts', 'react')).toMatch(/shared -> package/);
    expect(check('shared/answer-merge.ts', 'yjs')).toMatch(/shared -> package/);
    expect(check('shared/shared-text-extra.ts', 'lib0/decoding')).toMatch(/shared -> package/);
    expect(check('web/features/phase/lib/text-replica.ts', 'yjs')).toBeNull();
  });

  it("lets a feature use another feature's index only", () => {
    expect(check('web/features/phase/phase-page.tsx', '@/features/workspace')).toBeNull();
    expect(check('web/features/phase/phase-page.tsx', '@/features/workspace/index')).toBeNull();
    expect(check('web/features/phase/phase-page.tsx', '../workspace')).toBeNull();
    expect(check('web/features/phase/phase-page.tsx', '@/features/workspace/hooks/use-workspace')).toMatch(
      /another feature's insides/,
    );
    expect(check('web/features/results/results-page.tsx', '../showcase/lib/ballot-draft')).toMatch(
      /another feature's insides/,
    );
    expect(check('web/features/admin/components/team-row.tsx', '@/features/workspace/components/x')).toMatch(
      /import what "@\/features\/workspace" exports/,
    );
  });

  it('keeps where answers live to the answer store: only it reaches practice storage and the save calls', () => {
    expect(check('web/features/phase/store/practice-store.ts', '@/lib/practice-storage')).toBeNull();
    expect(check('web/features/phase/store/workspace-store.ts', '../api/phase-data')).toBeNull();
    expect(check('web/main.tsx', './lib/practice-storage')).toBeNull();
    expect(check('web/features/phase/hooks/use-remote-answers.ts', '@/lib/practice-storage')).toMatch(
      /answer store/,
    );
    expect(check('web/features/phase/components/keep-practice-dialog.tsx', '../api/phase-data')).toMatch(
      /answer store/,
    );
    expect(check('web/features/phase/phase-page.tsx', '@/lib/local-facts-storage')).toMatch(/answer store/);
    expect(check('web/lib/practice-storage.test.ts', './practice-storage')).toBeNull();
  });

  it('lets a feature import its own insides, lib, components and packages', () => {
    expect(check('web/features/phase/phase-page.tsx', './components/phase-workspace')).toBeNull();
    expect(check('web/features/phase/components/x.tsx', '@/features/phase/lib/answers')).toBeNull();
    expect(check('web/features/phase/phase-page.tsx', '@/lib/query-keys')).toBeNull();
    expect(check('web/features/phase/phase-page.tsx', '@/components/ui/button')).toBeNull();
    expect(check('web/features/phase/phase-page.tsx', 'react-hook-form')).toBeNull();
  });

  it('holds the app and the entry points to the same rule', () => {
    expect(check('web/app/header.tsx', '@/features/admin')).toBeNull();
    expect(check('web/app/header.tsx', '@/features/admin/hooks/use-admin-status')).toMatch(/insides/);
    expect(check('web/main.tsx', './features/phase/api/phase-config')).toMatch(/insides/);
    expect(check('web/main.tsx', './features/phase')).toBeNull();
  });

  it('keeps lib and components below the features', () => {
    expect(check('web/lib/cohort-status.ts', '@/features/showcase')).toMatch(/below the features/);
    expect(check('web/components/team-avatar.tsx', '../features/workspace')).toMatch(/below the features/);
  });

  it('refuses any cycle between features, however long and however imported', () => {
    const cycles = (imports: [string, string][]): string[] =>
      featureCycles(imports.map(([file, spec]) => ({ file, spec })));
    // Through the index, both ways.
    expect(
      cycles([
        ['web/features/admin/components/instructions-dialog.tsx', '@/features/phase'],
        ['web/features/phase/hooks/use-visible-phases.ts', '@/features/admin'],
      ]),
    ).toEqual([
      'features import each other in a cycle, admin -> phase -> admin: ' +
        'src/web/features/admin/components/instructions-dialog.tsx imports "@/features/phase"; ' +
        'src/web/features/phase/hooks/use-visible-phases.ts imports "@/features/admin". ' +
        'Move what they share to lib/ or components/',
    ]);
    // Through a third feature, by relative paths and a type import's path alike.
    const [longer] = cycles([
      ['web/features/results/results-page.tsx', '../showcase'],
      ['web/features/showcase/showcase-page.tsx', '@/features/workspace/index'],
      ['web/features/workspace/lib/x.ts', '../../results/lib/team-label'],
      ['web/features/landing/landing-page.tsx', '@/features/workspace'],
    ]);
    expect(longer).toMatch(/cycle, results -> showcase -> workspace -> results:/);
    expect(longer).not.toMatch(/landing/);
    // One way only, however many imports, and a feature's own insides: no cycle.
    expect(
      cycles([
        ['web/features/phase/phase-page.tsx', '@/features/coaching'],
        ['web/features/phase/work-page.tsx', '@/features/coaching'],
        ['web/features/admin/admin-page.tsx', '@/features/coaching'],
        ['web/features/coaching/components/x.tsx', '../lib/feedback-cache'],
        ['web/features/coaching/lib/y.ts', '@/lib/query-keys'],
        ['web/app/header.tsx', '@/features/phase'],
        ['web/features/phase/phase-page.tsx', '@/app/header'],
      ]),
    ).toEqual([]);
    // Two separate cycles are two problems.
    expect(
      cycles([
        ['web/features/a/x.ts', '@/features/b'],
        ['web/features/b/x.ts', '@/features/a'],
        ['web/features/c/x.ts', '@/features/d'],
        ['web/features/d/x.ts', '@/features/c'],
      ]),
    ).toHaveLength(2);
  });

  it('lets only the router load a page module, and only with import()', () => {
    expect(check('web/app/router.tsx', '@/features/admin/admin-page', true)).toBeNull();
    expect(check('web/app/router.tsx', '@/features/static-pages/credits-page', true)).toBeNull();
    expect(check('web/app/router.tsx', '@/features/admin/admin-page')).toMatch(/insides/);
    expect(check('web/app/router.tsx', '@/features/admin/api/admin-session', true)).toMatch(/insides/);
    expect(check('web/app/header.tsx', '@/features/admin/admin-page', true)).toMatch(/insides/);
    expect(check('web/features/phase/phase-page.tsx', '@/features/admin/admin-page', true)).toMatch(
      /insides/,
    );
  });

  it("keeps each server resource's routes to app.ts", () => {
    expect(check('server/app.ts', './cohorts/routes.ts')).toBeNull();
    expect(check('server/teams/routes.ts', '../live/event-bus.ts')).toBeNull();
    expect(check('server/teams/routes.ts', '../cohorts/queries.ts')).toBeNull();
    expect(check('server/voting/routes.ts', '../cohorts/routes.ts')).toMatch(/only src\/server\/app.ts/);
    expect(check('server/plugins/sessions.ts', '../auth/routes.ts')).toMatch(/only src\/server\/app.ts/);
    expect(check('server/cohorts/admin.test.ts', './routes.ts')).toMatch(/only src\/server\/app.ts/);
  });

  it('keeps HTTP out of the queries and the database module', () => {
    expect(check('server/cohorts/queries.ts', '../db/schema.ts')).toBeNull();
    expect(check('server/cohorts/queries.ts', '../teams/queries.ts')).toBeNull();
    expect(check('server/cohorts/queries.ts', '../lib/http-error.ts')).toMatch(/know nothing of HTTP/);
    expect(check('server/cohorts/queries.ts', '../plugins/sessions.ts')).toMatch(/know nothing of HTTP/);
    // The live layer's plugin and its event streams speak HTTP; its bus and queries do not.
    expect(check('server/phase-data/queries.ts', '../live/plugin.ts')).toMatch(/know nothing of HTTP/);
    expect(check('server/phase-data/queries.ts', '../live/event-streams.ts')).toMatch(/know nothing of HTTP/);
    expect(check('server/phase-data/queries.ts', '../live/queries.ts')).toBeNull();
    expect(check('server/phase-data/queries.ts', '../live/event-bus.ts')).toBeNull();
    expect(check('server/teams/queries.ts', 'fastify')).toMatch(/know nothing of HTTP/);
    expect(check('server/db/client.ts', '../config.ts')).toBeNull();
    expect(check('server/db/client.ts', './schema.ts')).toBeNull();
    expect(check('server/db/client.ts', '../teams/queries.ts')).toMatch(/db\/ is the database itself/);
    expect(check('server/db/client.test.ts', '../../../testing/api/test-app.ts')).toBeNull();
  });

  it('keeps test support out of production code: only tests import testing/ or the test runner', () => {
    expect(check('server/app.ts', '../../testing/api/test-app.ts')).toMatch(/testing\/ is test support/);
    expect(check('server/content/phase-configs.ts', '../../../testing/businesses.ts')).toMatch(
      /testing\/ is test support/,
    );
    expect(check('shared/programme-checks.ts', '../../testing/businesses.ts')).toMatch(
      /testing\/ is test support/,
    );
    expect(
      check('web/features/results/lib/results-state.ts', '../../../../../testing/web/result-row'),
    ).toMatch(/testing\/ is test support/);
    expect(check('server/lib/live-events.ts', 'vitest')).toMatch(/only tests use the test runner/);
    expect(check('web/lib/store.ts', 'fast-check')).toMatch(/only tests use the test runner/);

    expect(check('server/db/client.test.ts', '../../../testing/api/test-app.ts')).toBeNull();
    expect(check('server/content/any-business.test.ts', '../../../testing/businesses.ts')).toBeNull();
    expect(check('shared/programme-checks.test.ts', '../../testing/businesses.ts')).toBeNull();
    expect(
      check('web/features/results/lib/results-state.test.ts', '../../../../../testing/web/result-row'),
    ).toBeNull();
  });

  it("lets testing/ import the server, shared and packages, but not the web app or a resource's routes", () => {
    expect(check('testing/api/test-app.ts', '../../src/server/app.ts')).toBeNull();
    expect(check('testing/api/live.ts', './test-app.ts')).toBeNull();
    expect(check('testing/phase-content.ts', '../src/shared/programme-checks.ts')).toBeNull();
    expect(check('testing/web/result-row.ts', '@shared/schemas/showcase')).toBeNull();
    expect(check('testing/api/test-app.ts', 'vitest')).toBeNull();
    expect(check('testing/security/route-table.ts', '../../src/server/db/schema.ts')).toBeNull();
    expect(check('testing/web/result-row.ts', '../../src/web/lib/store.ts')).toMatch(/testing -> web/);
    expect(check('testing/web/result-row.ts', '@/lib/store')).toMatch(/testing -> web/);
    expect(check('testing/api/cohorts.ts', '../../src/server/cohorts/routes.ts')).toMatch(
      /only src\/server\/app.ts/,
    );
  });

  it('refuses any cycle between modules, a type import and a folder index included', () => {
    const cycles = (imports: [string, string][]): string[] =>
      moduleCycles(imports.map(([file, spec]) => ({ file, spec })));
    // The programme checks once re-exported their limits, and the limits imported a type back.
    expect(
      cycles([
        ['shared/programme-checks.ts', './programme-limits.ts'],
        ['shared/programme-limits.ts', './programme-checks.ts'],
      ]),
    ).toEqual([
      'modules import each other in a cycle, shared/programme-checks -> shared/programme-limits -> shared/programme-checks: ' +
        'src/shared/programme-checks.ts imports "./programme-limits.ts"; ' +
        'src/shared/programme-limits.ts imports "./programme-checks.ts". ' +
        'Move what they share to a module that imports neither',
    ]);
    // Through a folder's index and an alias, three steps long.
    const [longer] = cycles([
      ['web/features/phase/index.ts', './components/phase-workspace'],
      ['web/features/phase/components/phase-workspace.tsx', '../lib/answers'],
      ['web/features/phase/lib/answers.ts', '@/features/phase'],
    ]);
    expect(longer).toMatch(
      /cycle, web\/features\/phase -> web\/features\/phase\/components\/phase-workspace -> web\/features\/phase\/lib\/answers -> web\/features\/phase:/,
    );
    // One way, packages, and a module importing itself by another name: no cycle.
    expect(
      cycles([
        ['shared/programme-checks.ts', './programme-limits.ts'],
        ['shared/programme-limits.ts', './schemas/programmes.ts'],
        ['shared/schemas/programmes.ts', 'zod'],
        ['web/features/phase/index.ts', './index.ts'],
      ]),
    ).toEqual([]);
  });
});
