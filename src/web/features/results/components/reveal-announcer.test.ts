import { describe, expect, it } from 'vitest';
import { resultRow as row } from '../../../../../testing/web/result-row';
import { revealAnnouncements } from './reveal-announcer';

const rows = [row('Aurora', 9), row('Borealis', 5), row('Comet', 1), row('Dune', 0)];

describe('revealAnnouncements', () => {
  it('adds third, then second, then first place, with names and points', () => {
    expect(revealAnnouncements(rows, 0)).toEqual(['And the winners are…']);
    expect(revealAnnouncements(rows, 1)).toEqual(['And the winners are…', 'Third place: Comet, 1 point']);
    expect(revealAnnouncements(rows, 2)).toEqual([
      'And the winners are…',
      'Third place: Comet, 1 point',
      'Second place: Borealis, 5 points',
    ]);
    expect(revealAnnouncements(rows, 3)).toEqual([
      'And the winners are…',
      'Third place: Comet, 1 point',
      'Second place: Borealis, 5 points',
      'First place: Aurora, 9 points!',
    ]);
  });

  it('gives no place to a team nobody ranked (0 points)', () => {
    expect(revealAnnouncements([row('Aurora', 9), row('Borealis', 5), row('Comet', 0)], 3)).toEqual([
      'And the winners are…',
      'Second place: Borealis, 5 points',
      'First place: Aurora, 9 points!',
    ]);
  });

  it('says only the places there are', () => {
    expect(revealAnnouncements(rows.slice(0, 1), 3)).toEqual([
      'And the winners are…',
      'First place: Aurora, 9 points!',
    ]);
  });

  it('names every team of a shared place, and skips a place a tie above leaves empty', () => {
    const tied = [row('Aurora', 6, [1, 1, 1]), row('Comet', 5, [1, 1, 0]), row('Borealis', 5, [1, 1, 0])];
    expect(revealAnnouncements(tied, 3)).toEqual([
      'And the winners are…',
      'Shared second place: Borealis and Comet, 5 points each',
      'First place: Aurora, 6 points!',
      'Borealis and Comet share 2nd place: 5 points each and as many 1st and 2nd place votes.',
    ]);
    const threeFirst = [row('A', 3, [1, 0, 0]), row('B', 3, [1, 0, 0]), row('C', 3, [1, 0, 0])];
    expect(revealAnnouncements(threeFirst, 3)).toEqual([
      'And the winners are…',
      'Shared first place: A, B and C, 3 points each!',
      'A, B and C share 1st place: 3 points each and as many 1st and 2nd place votes.',
    ]);
  });

  it('a tie the rule breaks is not shared: more 1st-place votes come first, and it is said', () => {
    const broken = [row('Aster', 6, [1, 1, 1]), row('Zephyr', 6, [2, 0, 0]), row('Moss', 1, [0, 0, 1])];
    expect(revealAnnouncements(broken, 3)).toEqual([
      'And the winners are…',
      'Third place: Moss, 1 point',
      'Second place: Aster, 6 points',
      'First place: Zephyr, 6 points!',
      'Zephyr is ahead of Aster on equal points (6 each): more 1st place votes, 2 to 1.',
    ]);
  });
});
