import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './testing/unit-sequencer.ts';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': new URL('./src/shared', import.meta.url).pathname,
      '@': new URL('./src/web', import.meta.url).pathname,
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'testing/**/*.test.ts'],
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
  },
});
