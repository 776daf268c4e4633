/**
 * Work on one key run one after another in this process, in the order asked, each whatever the one before
 * it did (resolved or threw); work on other keys is not held. A merge of one activity's answers read,
 * merged and written in code would only cross another merge of the same activity on the same instance:
 * queued, two devices typing into one field never make each other start again.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with work queued or running (for tests: nothing is kept once the work is done). */
  get size(): number {
    return this.tails.size;
  }
}
