import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

// scrypt is memory-hard and ships with Node (argon2 is not installed here). The parameters are
// stored in the hash string, so raising them later only affects new hashes: old ones keep
// verifying with what they were made with, and needsRehash tells when to upgrade one.

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 2^15 × 8 × 128 bytes = 32 MiB per hash, about 50–100 ms on one core. */
export const CURRENT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  return {
    params: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string, params: ScryptParams = CURRENT_PARAMS): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

let dummy: Promise<string> | null = null;

/**
 * Spends the same time as a real check when there is no account to check against, so the
 * response time does not tell whether an e-mail address is registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not a real password');
  await verifyPassword(password, await dummy);
  return false;
}
