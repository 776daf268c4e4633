import { describe, expect, it } from 'vitest';
import { decodeParam } from './route-param';

describe('decodeParam', () => {
  it('decodes a percent-encoded path parameter', () => {
    expect(decodeParam('spring%202026')).toBe('spring 2026');
    expect(decodeParam('caf%C3%A9')).toBe('café');
  });

  it('keeps a parameter that needs no decoding, or cannot be decoded, as it is', () => {
    expect(decodeParam('spring-2026')).toBe('spring-2026');
    expect(decodeParam('100%')).toBe('100%');
    expect(decodeParam('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('passes an absent parameter through', () => {
    expect(decodeParam(undefined)).toBeUndefined();
  });
});
