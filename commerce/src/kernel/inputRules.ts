import { DomainError } from './domainError';

/** Magento's category for a bad argument; the message names the field, for a form to show. */
function inputError(message: string): DomainError {
  return new DomainError('input', message);
}

// Length and character rules for text that shoppers send, checked before anything is written.
// Limits follow Magento's columns (varchar 255 for names, streets, cities, tax numbers); an
// e-mail address has at most 254 characters (RFC 5321).

/** Magento's varchar(255). */
export const MAX_TEXT = 255;
export const MAX_EMAIL = 254;
/** Magento's customer/address/street_lines default. */
export const DEFAULT_STREET_LINES = 2;

// C0 controls and DEL: a NUL byte or an escape sequence is never part of a name or an address.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// Multi-line fields (a contact message) keep tab and line breaks.
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function tooLong(label: string, max: number): never {
  throw inputError(`"${label}" is too long: at most ${max} characters.`);
}

function lengthOf(value: string): number {
  // Characters as a shopper counts them, not UTF-16 units (an emoji is one).
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * A one-line text field: trimmed, null when empty, refused when it holds control characters or
 * is longer than `max`. `label` names the field in the message.
 */
export function singleLineText(label: string, value: string | null | undefined, max = MAX_TEXT): string | null {
  if (value === undefined || value === null) return null;
  // Anything over four times the limit is refused before the work of trimming and counting it.
  if (value.length > max * 4) tooLong(label, max);
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (CONTROL_CHARACTERS.test(trimmed)) throw inputError(`"${label}" contains characters that are not allowed.`);
  if (lengthOf(trimmed) > max) tooLong(label, max);
  return trimmed;
}

/** Several lines of free text (a message): line breaks and tabs allowed, other controls not. */
export function multiLineText(label: string, value: string | null | undefined, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (value.length > max * 4) tooLong(label, max);
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (CONTROL_CHARACTERS_BUT_LINES.test(trimmed))
    throw inputError(`"${label}" contains characters that are not allowed.`);
  if (lengthOf(trimmed) > max) tooLong(label, max);
  return trimmed;
}

/** A calendar date YYYY-MM-DD that exists, between 1900-01-01 and `today` (a date of birth). */
export function pastDate(label: string, value: string, today: Date): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  const invalid = () =>
    inputError(`"${label}" must be a real date in the past, as YYYY-MM-DD; got "${value.slice(0, 40)}".`);
  if (!match) throw invalid();
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2020-02-30 rolls over to March in Date.UTC: a date that exists reads back the same.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw invalid();
  if (year < 1900 || date.getTime() > today.getTime()) throw invalid();
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A positive whole number of items. */
export function wholeQuantity(label: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0 || value > 100_000)
    throw inputError(`"${label}" must be a whole number from 1 to 100000; got ${value}.`);
  return value;
}
