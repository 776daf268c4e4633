import type { ResultRow } from '../../src/shared/schemas/showcase.ts';

/**
 * A result for the unit tests: a team (its name is its id) with these points and, when given, its votes at
 * ranks 1, 2 and 3 (none otherwise: teams with equal points then share a place).
 */
export const resultRow = (
  teamName: string,
  totalPoints: number,
  [first, second, third]: [number, number, number] | [] = [],
): ResultRow => ({
  teamId: teamName,
  teamName,
  avatarIcon: null,
  websiteUrl: null,
  totalPoints,
  votes:
    first === undefined
      ? []
      : [
          { rank: 1, count: first },
          { rank: 2, count: second ?? 0 },
          { rank: 3, count: third ?? 0 },
        ],
});
