import { describe, expect, it } from 'vitest';
import { resultRow as row } from '../../../../../testing/web/result-row';
import { tieNotes } from './tie-notes';

describe('what the reveal says of equal points', () => {
  it('says nothing when no two teams have equal points', () => {
    expect(tieNotes([row('Aurora', 9), row('Borealis', 5), row('Comet', 1)])).toEqual([]);
  });

  it('names the votes that put two teams on equal points apart', () => {
    const rows = [row('Borealis', 10, [2, 2, 0]), row('Aurora', 10, [3, 0, 1]), row('Comet', 4, [0, 2, 0])];
    expect(tieNotes(rows)).toEqual([
      'Aurora is ahead of Borealis on equal points (10 each): more 1st place votes, 3 to 2.',
    ]);
    // Equal 1st place votes: the 2nd place votes decide.
    const second = [row('Aurora', 8, [2, 1, 0]), row('Borealis', 8, [2, 0, 2]), row('Comet', 1, [0, 0, 1])];
    expect(tieNotes(second)).toEqual([
      'Aurora is ahead of Borealis on equal points (8 each): more 2nd place votes, 1 to 0.',
    ]);
  });

  it('says the place teams share when the votes are equal too, and one point is "point"', () => {
    const rows = [row('Aurora', 9, [3, 0, 0]), row('Dune', 5, [1, 1, 0]), row('Comet', 5, [1, 1, 0])];
    expect(tieNotes(rows)).toEqual([
      'Comet and Dune share 2nd place: 5 points each and as many 1st and 2nd place votes.',
    ]);
    expect(tieNotes([row('Aurora', 1, [0, 0, 1]), row('Borealis', 1, [0, 0, 1])])).toEqual([
      'Aurora and Borealis share 1st place: 1 point each and as many 1st and 2nd place votes.',
    ]);
  });

  it('says both of three teams on equal points, two of them sharing, and leaves out teams nobody ranked', () => {
    const rows = [
      row('Aurora', 6, [2, 0, 0]),
      row('Comet', 6, [1, 1, 1]),
      row('Borealis', 6, [1, 1, 1]),
      row('Dune', 0),
      row('Eclipse', 0),
    ];
    expect(tieNotes(rows)).toEqual([
      'Aurora is ahead of Borealis and Comet on equal points (6 each): more 1st place votes, 2 to 1.',
      'Borealis and Comet share 2nd place: 6 points each and as many 1st and 2nd place votes.',
    ]);
  });
});
