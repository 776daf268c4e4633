import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits until `check` holds, asking again every `every` ms (20), and fails naming `what` when it still does
 * not hold after `within` ms (10 s) or, when given, at the time `until` (a Date.now() value). A test waits on
 * what the code shows, never for a time: the limit only ends a test whose wait would never end.
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  { within = 10_000, until, every = 20 }: { within?: number; until?: number; every?: number } = {},
): Promise<void> {
  const deadline = until ?? Date.now() + within;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(every);
  }
}
