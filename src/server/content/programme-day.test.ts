import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ActivityTime,
  activityDurations,
  CLASS_DAY_MINUTES,
  formatHours,
  formatMinutes,
  parseDuration,
  sampleSchedules,
  sumDurations,
} from '../../shared/programme-time.ts';
import { configs, root } from '../../../testing/phase-content.ts';

/**
 * A day that fits: the eight activities' class times fit a bootcamp day, the running orders the instructor
 * sees hold, and docs/product.md's time table says what the configurations say.
 */

const activities: ActivityTime[] = configs.map((config) => {
  const { inClass, homework } = activityDurations(config.stepByStepFlow ?? []);
  return {
    phase: config.phase,
    name: config.title,
    duration: inClass ?? parseDuration(config.estimatedTime)!,
    ...(homework ? { homework } : {}),
  };
});

/** The rows of the table under "The activities and the prompt engine", keyed by its header. */
function timeTable(): Record<string, string>[] {
  const product = readFileSync(path.join(root, 'docs', 'product.md'), 'utf8');
  const section = product.slice(product.indexOf('## The activities and the prompt engine'));
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| N |'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const header = cells(lines[start]!);
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(Object.fromEntries(cells(line).map((cell, i) => [header[i]!, cell])));
  }
  return rows;
}

describe('a day that fits', () => {
  it('the eight estimates shown on the activity pages add up to at most a day of class time', () => {
    const total = sumDurations(configs.map((config) => parseDuration(config.estimatedTime)!));
    expect(total.max).toBeLessThanOrEqual(CLASS_DAY_MINUTES);
    expect(formatHours(CLASS_DAY_MINUTES)).toBe('6 h 30 min');
  });

  it('what does not fit is homework, shown as such', () => {
    for (const config of configs) {
      for (const step of (config.stepByStepFlow ?? []).filter((s) => s.homework)) {
        // Homework comes after the class steps, so a team in class works through the steps in order.
        expect(step.step, `activity ${config.phase}`).toBe(config.stepByStepFlow!.length);
      }
    }
    expect(activities.filter((a) => a.homework).length).toBeGreaterThan(0);
  });

  it('runs in one day by the running order the instructor sees', () => {
    const [oneDay] = sampleSchedules(activities);
    const day = oneDay!.days[0]!;
    expect(day.items.filter((i) => i.phase).map((i) => i.phase)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(day.items[0]!.start).toBe(9 * 60);
    expect(day.items.at(-1)!.end).toBeLessThanOrEqual(17 * 60 + 30);
  });

  it('runs in two half-days of at most four and a half hours each', () => {
    const [, halfDays] = sampleSchedules(activities);
    for (const day of halfDays!.days) {
      expect(day.items.at(-1)!.end - day.items[0]!.start, day.title).toBeLessThanOrEqual(270);
    }
  });

  it("docs/product.md's time table is the configurations'", () => {
    const rows = timeTable();
    expect(rows.map((row) => Number(row.N))).toEqual(configs.map((c) => c.phase));
    for (const config of configs) {
      const row = rows[config.phase - 1]!;
      const homework = activities[config.phase - 1]!.homework;
      expect(row, `activity ${config.phase}`).toEqual({
        N: String(config.phase),
        activity: config.names.activity,
        header: config.names.header,
        page: config.names.page,
        'estimated time': config.estimatedTime,
        homework: homework ? formatMinutes(homework) : 'none',
        fields: String(config.fields.length),
      });
    }
    const total = sumDurations(activities.map((a) => a.duration));
    const product = readFileSync(path.join(root, 'docs', 'product.md'), 'utf8');
    expect(product).toContain(`${formatHours(total.min)} to ${formatHours(total.max)}`);
  });
});
