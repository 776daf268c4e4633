import { describe, expect, it } from 'vitest';
import { COHORT_TAG_MAX, CohortTagSchema, cohortTagOf } from './cohort.ts';

describe('the cohort tag', () => {
  it('takes lowercase letters and digits in groups joined by single hyphens, up to the one limit', () => {
    for (const tag of ['spring', 'spring-2026', 'a', 'a1-b2-c3', 'a'.repeat(COHORT_TAG_MAX)]) {
      expect(CohortTagSchema.safeParse(tag).success, tag).toBe(true);
    }
    for (const tag of [
      '',
      'Spring',
      'spring 2026',
      '-spring',
      'spring-',
      'a--b',
      'a'.repeat(COHORT_TAG_MAX + 1),
    ]) {
      expect(CohortTagSchema.safeParse(tag).success, tag).toBe(false);
    }
  });

  it('reads a tag named in a path as stored, and no tag from text no cohort can have', () => {
    expect(cohortTagOf('spring-2026')).toBe('spring-2026');
    expect(cohortTagOf(' Spring-2026 ')).toBe('spring-2026');
    expect(cohortTagOf('a'.repeat(COHORT_TAG_MAX + 1))).toBeUndefined();
    expect(cohortTagOf('spring--2026')).toBeUndefined();
    expect(cohortTagOf('')).toBeUndefined();
  });
});
