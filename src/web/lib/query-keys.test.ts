import { describe, expect, it } from 'vitest';
import * as factories from './query-keys.ts';

type Key = readonly unknown[];

/** Every key each factory makes, with sample arguments (two of each, to catch keys that ignore them). */
function keysOf(factory: Record<string, Key | ((...args: never[]) => Key)>): { name: string; key: Key }[] {
  const samples: Record<number, unknown[][]> = {
    0: [[]],
    1: [['ab12'], ['spring-2026']],
    2: [
      ['spring-2026', 'team-1'],
      ['autumn', 'team-2'],
    ],
  };
  return Object.entries(factory).flatMap(([name, make]) => {
    if (typeof make !== 'function') return [{ name, key: make }];
    const argSets = name === 'detail' ? [[1], [8]] : (samples[make.length] ?? [[]]);
    return argSets.map((args) => ({ name, key: (make as (...a: unknown[]) => Key)(...args) }));
  });
}

const isPrefix = (prefix: Key, key: Key) =>
  prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));

const domains = Object.entries(factories).map(([domain, factory]) => ({
  domain,
  keys: keysOf(factory as unknown as Record<string, Key>),
}));

describe('query keys', () => {
  it('has a factory for every domain the client caches', () => {
    expect(domains.map((d) => d.domain).sort()).toEqual(
      [
        'adminKeys',
        'coachingKeys',
        'cohortKeys',
        'factKeys',
        'joinKeys',
        'paceKeys',
        'phaseConfigKeys',
        'phaseDataKeys',
        'programmeKeys',
        'runKeys',
        'showcaseKeys',
        'teamKeys',
      ].sort(),
    );
  });

  it('starts each domain with a first element of its own', () => {
    const roots = domains.map(({ keys }) => new Set(keys.map(({ key }) => key[0])));
    for (const root of roots) expect(root.size).toBe(1);
    expect(new Set(roots.map((r) => [...r][0])).size).toBe(domains.length);
  });

  it("never makes a key that is a prefix of another domain's key", () => {
    const clashes: string[] = [];
    for (const a of domains) {
      for (const b of domains) {
        if (a === b) continue;
        for (const x of a.keys) {
          for (const y of b.keys) {
            if (isPrefix(x.key, y.key)) clashes.push(`${a.domain}.${x.name} prefixes ${b.domain}.${y.name}`);
          }
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it("inside a domain, only the domain's root is a prefix of the other kinds", () => {
    const clashes: string[] = [];
    for (const { domain, keys } of domains) {
      for (const x of keys) {
        if (x.name === 'all' || x.name.endsWith('All')) continue;
        for (const y of keys) {
          if (x === y || (x.name === y.name && x.key.length === y.key.length)) continue;
          if (isPrefix(x.key, y.key)) clashes.push(`${domain}.${x.name} prefixes ${domain}.${y.name}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('keeps the admin list out of what ending a workspace removes', () => {
    expect(isPrefix(factories.teamKeys.byCodeAll(), factories.teamKeys.adminList())).toBe(false);
    expect(isPrefix(factories.teamKeys.byCodeAll(), factories.teamKeys.session())).toBe(false);
    expect(isPrefix(factories.teamKeys.byCodeAll(), factories.teamKeys.byCode('ab12'))).toBe(true);
  });

  it('makes different keys for different arguments', () => {
    expect(factories.teamKeys.byCode('AB12')).not.toEqual(factories.teamKeys.byCode('CD34'));
    expect(factories.teamKeys.byCode('ab12')).toEqual(factories.teamKeys.byCode('AB12'));
    expect(factories.showcaseKeys.ballot('t', 'a')).not.toEqual(factories.showcaseKeys.ballot('t', 'b'));
  });
});
