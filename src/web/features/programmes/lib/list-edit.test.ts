import { describe, expect, it } from 'vitest';
import { moveItem, removeAt, renumber } from './list-edit.ts';

describe('moveItem', () => {
  it('moves an item up and down', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it('stays within the list, and never changes the list it was given', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(list, 1, 5)).toEqual(['a', 'b']);
    expect(moveItem(list, 7, 0)).toEqual(['a', 'b']);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('removeAt and renumber', () => {
  it('numbers steps by where they stand after a move or a removal', () => {
    const steps = [
      { step: 1, action: 'one' },
      { step: 2, action: 'two' },
      { step: 3, action: 'three' },
    ];
    expect(renumber(moveItem(steps, 2, 0), 'step')).toEqual([
      { step: 1, action: 'three' },
      { step: 2, action: 'one' },
      { step: 3, action: 'two' },
    ]);
    expect(renumber(removeAt(steps, 0), 'step').map((s) => s.step)).toEqual([1, 2]);
  });
});
