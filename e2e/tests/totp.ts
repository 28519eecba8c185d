import { createHmac } from 'node:crypto';

/** RFC 4648 base32 (the alphabet authenticator apps use), spaces and padding ignored. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits), as the
 * server's otplib checks it; `at` in milliseconds.
 */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** A code that stays valid for a few seconds more: waits out the end of a 30-second step. */
export async function freshTotp(secret: string): Promise<string> {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 25) await new Promise((resolve) => setTimeout(resolve, (30 - intoStep + 0.5) * 1000));
  return totp(secret);
}
