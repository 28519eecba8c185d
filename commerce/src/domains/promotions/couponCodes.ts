import { randomInt } from 'node:crypto';
import { normalizeCouponCode } from './promotionService';
import { promotionFieldError } from './promotionInput';

// What a coupon code may look like, and codes made up by the shop. Codes are compared upper-case
// (normalizeCouponCode), so "spring-10" typed by a shopper finds SPRING-10.

export const MIN_CODE_LENGTH = 3;
export const MAX_CODE_LENGTH = 32;
export const MAX_PREFIX_LENGTH = 20;
export const MAX_GENERATED = 1000;
/** 12 characters from 31: about 59 bits, far beyond what the storefront's rate limits let anyone try. */
export const SUFFIX_LENGTH = 12;
// No 0/O, 1/I/L: a code read aloud or copied from paper comes out right.
const SUFFIX_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
// Letters, digits, hyphens and underscores only: codes travel in URLs, e-mails and printed flyers.
const CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** A typed code, upper-cased, or a refusal naming the field. */
export function checkCouponCode(raw: string | null | undefined, label = 'Coupon code'): string {
  const code = normalizeCouponCode(String(raw ?? '').slice(0, MAX_CODE_LENGTH * 4));
  if (code === '') throw promotionFieldError('couponCode', `${label}: This field is required.`);
  if (code.length < MIN_CODE_LENGTH || code.length > MAX_CODE_LENGTH)
    throw promotionFieldError(
      'couponCode',
      `${label}: use ${MIN_CODE_LENGTH} to ${MAX_CODE_LENGTH} characters (got ${code.length}).`,
    );
  if (!CODE_PATTERN.test(code))
    throw promotionFieldError('couponCode', `${label}: use only letters A–Z, digits, hyphens and underscores.`);
  return code;
}

/** An optional prefix for generated codes, upper-cased; '' for none. */
export function checkCodePrefix(raw: string | null | undefined): string {
  const prefix = normalizeCouponCode(String(raw ?? '').slice(0, MAX_PREFIX_LENGTH * 4));
  if (prefix.length > MAX_PREFIX_LENGTH)
    throw promotionFieldError('couponPrefix', `Prefix: at most ${MAX_PREFIX_LENGTH} characters.`);
  if (prefix !== '' && !CODE_PATTERN.test(prefix))
    throw promotionFieldError('couponPrefix', 'Prefix: use only letters A–Z, digits, hyphens and underscores.');
  return prefix;
}

export function checkCodeCount(count: number): number {
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATED)
    throw promotionFieldError(
      'couponCount',
      `Number of codes: enter a whole number from 1 to ${MAX_GENERATED} (got ${Number.isFinite(count) ? count : 'none'}).`,
    );
  return count;
}

/** A code no one can guess: the prefix, then random characters from a cryptographic source. */
export function generatedCode(prefix: string): string {
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return `${prefix}${suffix}`;
}
