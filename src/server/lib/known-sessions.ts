import { hashToken } from '../auth/queries.ts';

/**
 * Session tokens this instance has recently seen proven valid (a session look-up or an autosave that found
 * the session, a login, a new workspace), so the flood limit can count a caller per session without a
 * database read: an unknown token, forged or not, is counted against its address like an anonymous call.
 * Only SHA-256 hashes are kept, never a usable token. An entry lasts `ttlMs` after its last proof; a logout
 * or a new code removes it at once on this instance, and on another one it only decides the bucket until it
 * lapses (the call itself is still refused by the session check).
 */
export class KnownSessions {
  /** Token hash -> when it was last proven and whose session it is; insertion order is age order. */
  private readonly entries = new Map<string, { provenAt: number; ownerId: string }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  remember(token: string, ownerId: string): void {
    const hash = hashToken(token);
    this.entries.delete(hash);
    this.entries.set(hash, { provenAt: this.now(), ownerId });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(token: string): void {
    this.entries.delete(hashToken(token));
  }

  /** Forgets every session of a team or admin (its sessions were deleted in the database). */
  forgetOwner(ownerId: string): void {
    for (const [hash, entry] of this.entries) if (entry.ownerId === ownerId) this.entries.delete(hash);
  }

  /** The flood limit's key for this token when it is a known session; undefined otherwise. */
  keyOf(token: string | undefined): string | undefined {
    if (!token) return undefined;
    const hash = hashToken(token);
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (this.now() - entry.provenAt > this.ttlMs) {
      this.entries.delete(hash);
      return undefined;
    }
    return `session:${hash}`;
  }
}
