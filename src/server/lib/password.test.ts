import { describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from './password.ts';

/** A hash in the format and at the cost the app used before (N=2^15). */
const OLD_PARAMS = { N: 2 ** 15, r: 8, p: 1 };

describe('password hashing', () => {
  it("uses OWASP's current minimum for scrypt and stores the parameters with the hash", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const stored = await hashPassword('correct horse battery');
    const [algorithm, n, r, p, salt, key] = stored.split('$');
    expect([algorithm, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('verifies a hash made with the old, weaker parameters, and says it needs a new one', async () => {
    const old = await hashPassword('an older password', OLD_PARAMS);
    expect(old.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await verifyPassword('an older password', old)).toBe(true);
    expect(await verifyPassword('another password', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('refuses malformed hashes and parameters that would ask for unbounded memory', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$10$x$y',
      'scrypt$x$8$1$c2FsdA$a2V5',
      `scrypt$${2 ** 24}$8$1$c2FsdA$a2V5`,
    ]) {
      expect(await verifyPassword('anything', stored), stored).toBe(false);
      expect(needsRehash(stored), stored).toBe(true);
    }
  });
});
