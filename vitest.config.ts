import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './testing/unit-sequencer.ts';

/**
 * The server's test files that must have a process of their own: one replaces a module for its file alone
 * (`vi.mock`), one fakes the timers of the apps it builds, and one tests the password hash's real cost, which
 * every API file's harness lowers for its process (testing/api/test-app.ts).
 */
const OWN_PROCESS = [
  'src/server/teams/code-space.test.ts',
  'src/server/security/session-expiry.test.ts',
  'src/server/lib/password.test.ts',
];

export default defineConfig({
  resolve: {
    alias: {
      '@shared': new URL('./src/shared', import.meta.url).pathname,
      '@': new URL('./src/web', import.meta.url).pathname,
    },
  },
  test: {
    environment: 'node',
    // API suites open a real database per file. Three workers on two cores: with two, a run keeps the cores
    // busy 156% of the time (the rest waits on PostgreSQL, on child servers and on sockets); with three, 171%,
    // and the whole run takes a minute less (docs/PERFORMANCE.md, The test suite).
    pool: 'forks',
    maxWorkers: 3,
    // The memory bounds of the live layer's tests measure what the server keeps, after a collection
    // (src/server/live/slow-readers.test.ts): on a busy machine garbage could otherwise still be counted.
    execArgv: ['--expose-gc'],
    // One migrated PGlite database archived per run, from which every test database starts.
    globalSetup: ['testing/api/pglite-template.ts'],
    // The longest files first, on a fresh clone too (testing/unit-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          exclude: OWN_PROCESS,
          // The server's files share their worker's process: each imports the whole server (Fastify, the
          // database drivers, every schema), a second or more of CPU a file when each has its own, and none
          // keeps state in a module between files (each builds its apps and opens its databases).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'testing/**/*.test.ts'],
          exclude: ['src/server/**/*.test.ts'],
        },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS } },
    ],
  },
});
