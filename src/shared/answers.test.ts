import { describe, expect, it } from 'vitest';
import { hasAnyAnswer, isAnswered } from './answers.ts';

describe('isAnswered: what counts as an answer', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['   ', false],
    ['\t\n\r ', false],
    ['\u00a0\u3000\ufeff', false],
    ['x', true],
    ['  x  ', true],
    [0, true],
    [false, true],
    [[], false],
    [[''], true],
    [{}, false],
    [{ a: '' }, true],
  ])('%j: %s', (value, answered) => {
    expect(isAnswered(value)).toBe(answered);
  });
});

describe('hasAnyAnswer', () => {
  it('is true when one value counts, false for nothing, no values or only blanks', () => {
    expect(hasAnyAnswer(undefined)).toBe(false);
    expect(hasAnyAnswer(null)).toBe(false);
    expect(hasAnyAnswer({})).toBe(false);
    expect(hasAnyAnswer({ a: '', b: '   ', c: null, d: [], e: {} })).toBe(false);
    expect(hasAnyAnswer({ a: '', b: 'Acme' })).toBe(true);
    expect(hasAnyAnswer({ a: 0 })).toBe(true);
  });
});
