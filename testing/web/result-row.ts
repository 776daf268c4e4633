import type { ResultRow } from '../../src/shared/schemas/showcase.ts';

/** A result for the unit tests: a team (its name is its id) with these points and no vote counts. */
export const resultRow = (teamName: string, totalPoints: number): ResultRow => ({
  teamId: teamName,
  teamName,
  avatarIcon: null,
  websiteUrl: null,
  totalPoints,
  votes: [],
});
