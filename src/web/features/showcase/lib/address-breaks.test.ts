import { describe, expect, it } from 'vitest';
import { addressBreaks } from './address-breaks.ts';

describe('where a long address may break', () => {
  it('breaks after each slash and before each dot, never inside a word', () => {
    expect(addressBreaks('lab.example.org/showcase/spring-2026')).toEqual([
      'lab',
      '.example',
      '.org/',
      'showcase/',
      'spring-2026',
    ]);
  });

  it('keeps every character, in order', () => {
    const address = 'localhost:3000/showcase/autumn-bootcamp-2026';
    expect(addressBreaks(address).join('')).toBe(address);
  });

  it('leaves an address with no break as one part', () => {
    expect(addressBreaks('localhost')).toEqual(['localhost']);
  });
});
