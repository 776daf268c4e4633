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
});
