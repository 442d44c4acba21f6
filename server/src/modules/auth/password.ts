import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt's cost N: OWASP's recommended 2^17 (with r=8, p=1; 0.4 s and 128 MiB a hash here), except
 * under the test runner (NODE_ENV=test), where the suites' thousand sign-ins would spend minutes
 * in it: 2^10 there. Parameters are stored with each hash, so either verifies anywhere.
 */
export function scryptCost(nodeEnv: string | undefined): number {
  return nodeEnv === 'test' ? 2 ** 10 : 2 ** 17;
}

const N = scryptCost(process.env.NODE_ENV);
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r: rr, p: pp, maxmem: 256 * n * rr }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** A salted scrypt hash of `password`, at this process's cost unless `n` is given. */
export async function hashPassword(password: string, n = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, r, p);
  return ['scrypt', n, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether password matches a stored hash; false (never a throw) for a malformed stored string. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const [cost, blockSize, parallel] = [Number(n), Number(rr), Number(pp)];
  if (!saneParameters(cost, blockSize, parallel)) return false;
  const expected = Buffer.from(hash, 'base64');
  try {
    const key = await derive(password, Buffer.from(salt, 'base64'), cost, blockSize, parallel);
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

/** N a power of two up to 2^20 (1 GiB at r=8), r and p small: a stored string cannot ask for more. */
function saneParameters(n: number, rr: number, pp: number): boolean {
  const int = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max;
  return int(n, 2 ** 20) && n > 1 && (n & (n - 1)) === 0 && int(rr, 32) && int(pp, 16);
}

/**
 * A stored-hash look-alike with today's parameters and a random salt and key, to spend the same
 * scrypt work when the username does not exist. Made without deriving anything, so the first
 * unknown name costs no more than the next (a lazily hashed dummy would cost one extra scrypt once,
 * and tell). No password derives to a random key.
 */
let dummy: string | undefined;
export async function dummyHash(): Promise<string> {
  dummy ??= ['scrypt', N, r, p, randomBytes(16).toString('base64'), randomBytes(KEY_LENGTH).toString('base64')].join(
    '$',
  );
  return dummy;
}
