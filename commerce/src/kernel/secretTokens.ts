import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, url-safe: what a client holds. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database holds instead of the token: enough to recognise it, useless to present. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
