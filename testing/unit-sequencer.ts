import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order vitest starts the test files in: the longest first, so that the last minutes of a run are not
 * one slow file on one worker while the others sit idle. Vitest orders by the durations it cached on the
 * last run; a fresh clone has no cache and would order by file size, which starts the slowest files (small
 * files that run servers) in the last minutes. `unit-file-weights.json` holds each slow file's seconds from
 * a measured run (scripts/unit-weights.mjs writes it); a file the run's cache knows goes by its cached time.
 */
const WEIGHTS: Record<string, number> = JSON.parse(
  readFileSync(new URL('./unit-file-weights.json', import.meta.url), 'utf8'),
).seconds;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cache = this.ctx.cache;
    const known = (file: TestSpecification) => {
      const relative = path.relative(root, file.moduleId).split(path.sep).join('/');
      const cached = cache.getFileTestResults(`${file.project.name}:${relative}`);
      if (cached && !cached.failed) return cached.duration;
      const weight = WEIGHTS[relative];
      return weight === undefined ? undefined : weight * 1000;
    };
    const timed = files.map((file) => ({ file, ms: known(file) }));
    const withTime = timed.filter((t) => t.ms !== undefined).sort((a, b) => b.ms! - a.ms!);
    // The rest (new files, and files too quick to list) after, in vitest's own order.
    const rest = await super.sort(timed.filter((t) => t.ms === undefined).map((t) => t.file));
    return [...withTime.map((t) => t.file), ...rest];
  }
}
