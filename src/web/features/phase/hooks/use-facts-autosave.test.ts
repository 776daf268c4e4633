import { describe, expect, it } from 'vitest';
import { newerFacts } from './use-facts-autosave.ts';

const fact = (id: string, value: string, updatedAt: string) => ({ id, value, givenIn: 1, updatedAt });

describe("a facts save's answer in the cache", () => {
  it("keeps a teammate's fact heard after the answer was made, and takes the facts this save wrote", () => {
    const cached = {
      facts: [
        fact('company_name', 'typed here', '2026-11-23T10:00:05.000Z'),
        fact('sector', 'teammate, newer', '2026-11-23T10:00:03.000Z'),
      ],
    };
    const answer = {
      facts: [
        fact('company_name', 'typed here', '2026-11-23T10:00:02.000Z'),
        fact('sector', 'older', '2026-11-23T10:00:01.000Z'),
        fact('target_region', 'Nordics', '2026-11-23T10:00:01.000Z'),
      ],
    };
    expect(newerFacts(cached, answer, ['company_name']).facts).toEqual([
      fact('company_name', 'typed here', '2026-11-23T10:00:02.000Z'),
      fact('sector', 'teammate, newer', '2026-11-23T10:00:03.000Z'),
      fact('target_region', 'Nordics', '2026-11-23T10:00:01.000Z'),
    ]);
  });

  it('takes the answer whole when nothing is cached', () => {
    const answer = { facts: [fact('sector', 'Toys', '2026-11-23T10:00:01.000Z')] };
    expect(newerFacts(undefined, answer, ['sector'])).toEqual(answer);
  });
});
