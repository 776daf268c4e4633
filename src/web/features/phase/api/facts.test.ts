import { QueryClient } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import { describe, expect, it } from 'vitest';
import { mergeFactsIntoCache, newerFacts } from './facts.ts';

const fact = (id: string, value: string, updatedAt: string) => ({ id, value, givenIn: 1, updatedAt });
const KEY = ['facts', 'team'];

describe('copies of the facts laid over the cache', () => {
  it("keeps a teammate's copy heard after the answer was made, of a fact this save wrote too", () => {
    // This page saved "the United Kingdom"; a teammate's "Germany" landed after it and was heard before the
    // save's answer came back: the answer's older copy must not take its place.
    const cached = {
      facts: [
        fact('target_region', 'Germany', '2026-11-23T10:00:03.000Z'),
        fact('sector', 'teammate, newer', '2026-11-23T10:00:03.000Z'),
      ],
    };
    const answer = [
      fact('target_region', 'the United Kingdom', '2026-11-23T10:00:02.000Z'),
      fact('sector', 'older', '2026-11-23T10:00:01.000Z'),
      fact('company_name', 'Acme', '2026-11-23T10:00:01.000Z'),
    ];
    expect(newerFacts(cached, answer).facts).toEqual([
      fact('company_name', 'Acme', '2026-11-23T10:00:01.000Z'),
      fact('sector', 'teammate, newer', '2026-11-23T10:00:03.000Z'),
      fact('target_region', 'Germany', '2026-11-23T10:00:03.000Z'),
    ]);
  });

  it('takes the copies whole when nothing is cached, and a copy as new as the cached one', () => {
    const answer = [fact('sector', 'Toys', '2026-11-23T10:00:01.000Z')];
    expect(newerFacts(undefined, answer)).toEqual({ facts: answer });
    const cached = { facts: [fact('sector', 'Old', '2026-11-23T10:00:01.000Z')] };
    expect(newerFacts(cached, answer)).toEqual({ facts: answer });
  });

  it("a value typed here keeps the stored copy's time, so the save's answer and a teammate's copy both replace it", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<FactsResponse>(KEY, {
      facts: [fact('target_region', 'stored', '2026-11-23T10:00:01.000Z')],
    });
    mergeFactsIntoCache(queryClient, KEY, { target_region: 'typed', company_name: 'new here' }, 2);
    const typed = queryClient.getQueryData<FactsResponse>(KEY)!;
    expect(typed.facts).toEqual([
      { id: 'company_name', value: 'new here', givenIn: 2, updatedAt: new Date(0).toISOString() },
      fact('target_region', 'typed', '2026-11-23T10:00:01.000Z'),
    ]);
    const later = [
      fact('target_region', 'saved', '2026-11-23T10:00:02.000Z'),
      fact('company_name', 'saved', '2026-11-23T10:00:02.000Z'),
    ];
    expect(newerFacts(typed, later).facts.map((f) => f.value)).toEqual(['saved', 'saved']);
  });
});
