import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The TOTP secrets are kept encrypted (AES-256-GCM) with a key that is not in the database, so a
 * copy of the database or a backup alone cannot make anyone's codes. The key is the SHA-256 of
 * TWO_FACTOR_KEY; without it (not allowed in production, config.ts) a fixed development key.
 */
const DEVELOPMENT_KEY = 'fieldwatch-development-two-factor-key (never in production)';

export const secretKey = (configured: string | undefined) =>
  createHash('sha256')
    .update(configured ?? DEVELOPMENT_KEY)
    .digest();

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain secret; throws when the key is another one or the value was altered. */
export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
