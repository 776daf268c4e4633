import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

type ScryptParams = { N: number; r: number; p: number };

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptParams & { maxmem: number },
) => Promise<Buffer>;

/**
 * OWASP's current minimum for scrypt: N=2^17, r=8, p=1, which needs 128 MiB (128 * N * r bytes) and about
 * a third of a second per hash on these machines. Each stored hash names its own parameters, so a hash
 * made with weaker ones still verifies and is replaced at its next successful login.
 */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** The parameters new hashes are made with: SCRYPT_PARAMS, unless a test process lowered them. */
let current: ScryptParams = SCRYPT_PARAMS;

/**
 * For test processes only (testing/api/test-app.ts): new hashes, the unknown users' hash and the rehash rule
 * use `params` instead. The API suites sign in and probe the login route thousands of times; at full cost
 * each attempt holds 128 MiB for a third of a second, one at a time. The cost itself is tested in
 * password.test.ts, which never lowers it; nothing but the test harness calls this.
 */
export function setPasswordCostForTests(params: ScryptParams): void {
  current = params;
  dummyHash = undefined;
}
const KEY_LENGTH = 64;
/** The memory scrypt needs is 128 * N * r bytes; Node refuses above `maxmem` (32 MiB by default). */
const memoryFor = ({ N, r }: ScryptParams) => 128 * N * r + 1024 * 1024;
/** Stored hashes are never trusted to ask for more than this. */
const MAX_MEMORY = memoryFor({ N: 2 ** 18, r: 8, p: 1 });

/**
 * One hash at a time: each takes 128 MiB for a third of a second, so a burst of logins waits in line
 * instead of holding several of those at once.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

function derive(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  return oneAtATime(() =>
    scryptAsync(password, salt, keyLength, { ...params, maxmem: Math.min(memoryFor(params), MAX_MEMORY) }),
  );
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
export async function hashPassword(password: string, params: ScryptParams = current): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

function parse(stored: string) {
  const [algorithm, n, r, p, saltText, keyText] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    algorithm === 'scrypt' &&
    Boolean(saltText && keyText) &&
    Object.values(params).every((v) => Number.isSafeInteger(v) && v > 0) &&
    memoryFor(params) <= MAX_MEMORY;
  return valid ? { params, salt: saltText!, key: keyText! } : undefined;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, 'base64url');
  const key = await derive(password, Buffer.from(parsed.salt, 'base64url'), expected.length, parsed.params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with other parameters than today's (it is replaced at the next login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    !parsed || parsed.params.N !== current.N || parsed.params.r !== current.r || parsed.params.p !== current.p
  );
}

/** A hash of a random password: verifying against it costs the same as a real one (unknown users). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
