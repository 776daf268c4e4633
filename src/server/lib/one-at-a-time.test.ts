import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time.ts';

/** A promise with its resolve, so a test decides when work ends. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('OneAtATime', () => {
  it('runs work on one key one after another, in the order asked, and work on another key meanwhile', async () => {
    const queue = new OneAtATime();
    const order: string[] = [];
    const first = gate();
    const a1 = queue.run('a', async () => {
      order.push('a1 start');
      await first.opened;
      order.push('a1 end');
      return 1;
    });
    const a2 = queue.run('a', async () => {
      order.push('a2');
      return 2;
    });
    const b = queue.run('b', async () => {
      order.push('b');
      return 3;
    });
    expect(await b).toBe(3);
    expect(order).toEqual(['a1 start', 'b']);
    first.open();
    expect(await Promise.all([a1, a2])).toEqual([1, 2]);
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
    expect(queue.size).toBe(0);
  });

  it('goes on after work that throws, and gives the throw to its own caller only', async () => {
    const queue = new OneAtATime();
    const failed = queue.run('a', async () => {
      throw new Error('merge refused');
    });
    const next = queue.run('a', async () => 'saved');
    await expect(failed).rejects.toThrow('merge refused');
    expect(await next).toBe('saved');
    expect(queue.size).toBe(0);
  });
});
