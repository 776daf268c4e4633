import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import LongestFirstSequencer from './unit-sequencer.ts';

const root = '/repo';
const project = { name: '', config: { sequence: { groupOrder: 0 }, isolate: true } };
const spec = (file: string) => ({ moduleId: path.join(root, file), project }) as unknown as TestSpecification;
const sequencer = (cached: Record<string, { duration: number; failed?: boolean }>) =>
  new LongestFirstSequencer({
    config: { root },
    cache: {
      getFileTestResults: (key: string) => cached[key.slice(1)],
      getFileStats: () => ({ size: 1 }),
    },
  } as never);
const names = (files: TestSpecification[]) => files.map((f) => path.relative(root, f.moduleId));

describe('the order the unit test files start in', () => {
  it('on a clone without a cache: the measured files, longest first, then the rest', async () => {
    const files = [
      'src/web/quick.test.ts',
      'src/server/resilience/durability.test.ts',
      'src/server/security/hostile-input.test.ts',
    ];
    expect(names(await sequencer({}).sort(files.map(spec)))).toEqual([
      'src/server/security/hostile-input.test.ts',
      'src/server/resilience/durability.test.ts',
      'src/web/quick.test.ts',
    ]);
  });

  it("with vitest's cache: a file's cached time wins over its measured weight", async () => {
    const files = ['src/server/security/hostile-input.test.ts', 'src/web/quick.test.ts'];
    const cached = { 'src/web/quick.test.ts': { duration: 999_000 } };
    expect(names(await sequencer(cached).sort(files.map(spec)))).toEqual([
      'src/web/quick.test.ts',
      'src/server/security/hostile-input.test.ts',
    ]);
  });
});
