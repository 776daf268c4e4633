import { describe, expect, it } from 'vitest';
import { confirmsTeamName } from './data-deletion.ts';

describe('confirmsTeamName', () => {
  it.each([
    ['Solar Squad', 'Solar Squad', true],
    ['  Solar Squad ', 'Solar Squad', true],
    ['solar squad', 'Solar Squad', false],
    ['Solar  Squad', 'Solar Squad', false],
    ['Solar', 'Solar Squad', false],
    ['', 'Solar Squad', false],
    ['Équipe «β»', 'Équipe «β»', true],
  ])('%j confirms %j: %s', (typed, name, expected) => {
    expect(confirmsTeamName(typed, name)).toBe(expected);
  });
});
