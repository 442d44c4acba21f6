import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, scryptCost, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the password it hashed, and nothing else', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('round-trips a non-ASCII password', async () => {
    const stored = await hashPassword('lösenord-密码-🔑');
    expect(await verifyPassword('lösenord-密码-🔑', stored)).toBe(true);
    expect(await verifyPassword('losenord-密码-🔑', stored)).toBe(false);
  });

  it('salts every hash: the same password hashes differently, and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it("hashes at OWASP's cost everywhere but under the test runner", () => {
    for (const env of [undefined, 'production', 'development', '', 'TEST']) expect(scryptCost(env)).toBe(2 ** 17);
    expect(scryptCost('test')).toBe(2 ** 10);
  });

  it('stores scheme, parameters, salt and key, never the password', async () => {
    const stored = await hashPassword('visible?', scryptCost('production'));
    expect(stored).not.toContain('visible?');
    const [scheme, n, r, p, salt, key] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 17);
    expect(Number(r)).toBe(8);
    expect(Number(p)).toBe(1);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
  });

  it.each([
    ['empty', ''],
    ['plain text', 'hunter2'],
    ['another scheme', '$2b$10$abcdefghijklmnopqrstuv'],
    ['scheme only', 'scrypt$'],
    ['no salt', 'scrypt$131072$8$1$$aGFzaA=='],
    ['no key', 'scrypt$131072$8$1$c2FsdA==$'],
    ['a non-numeric cost', 'scrypt$x$8$1$c2FsdA==$aGFzaA=='],
    ['a cost that is not a power of two', 'scrypt$3$8$1$c2FsdA==$aGFzaA=='],
    ['a zero cost', 'scrypt$0$8$1$c2FsdA==$aGFzaA=='],
    ['an enormous cost', 'scrypt$1073741824$8$1$c2FsdA==$aGFzaA=='],
    ['a negative block size', 'scrypt$16384$-8$1$c2FsdA==$aGFzaA=='],
    ['a fractional parallelism', 'scrypt$16384$8$1.5$c2FsdA==$aGFzaA=='],
  ])('answers false (not an error) for a malformed stored string: %s', async (_, stored) => {
    await expect(verifyPassword('hunter2', stored)).resolves.toBe(false);
  });

  it('answers false for a stored string whose key was damaged', async () => {
    const stored = await hashPassword('intact');
    const parts = stored.split('$');
    const damaged = [...parts.slice(0, 5), `${(parts[5] ?? '').slice(0, -4)}AAA=`].join('$');
    expect(await verifyPassword('intact', damaged)).toBe(false);
    const truncated = [...parts.slice(0, 5), (parts[5] ?? '').slice(0, 12)].join('$');
    expect(await verifyPassword('intact', truncated)).toBe(false);
  });

  it('has a dummy hash, made once, that no likely password matches', async () => {
    const dummy = await dummyHash();
    expect(await dummyHash()).toBe(dummy);
    expect(dummy.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('', dummy)).toBe(false);
  });
});
