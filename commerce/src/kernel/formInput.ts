import { DomainError } from './domainError';
import { minorDigits, toMinor } from './money';
import { singleLineText } from './inputRules';

// Checks for forms that edit several fields at once (the back office's settings): each refusal
// names the field in its message and in its details, so a form shows it beside that field.

/** A refused value, with the form field it belongs to. */
export function fieldError(field: string, message: string): DomainError {
  return new DomainError('input', message, { field });
}

/** The largest amount a setting may hold, in major units: far above any real price, far below overflow. */
export const MAX_SETTING_AMOUNT = 1_000_000;

/** A one-line text that must not be empty; the message names `label`. */
export function requiredText(field: string, label: string, value: string | null | undefined, max = 255): string {
  let checked: string | null;
  try {
    checked = singleLineText(label, value, max);
  } catch (error) {
    throw fieldError(field, error instanceof Error ? error.message : String(error));
  }
  if (checked === null) throw fieldError(field, `${label}: This field is required.`);
  return checked;
}

/**
 * An amount in major units (12.5) as minor units of `currency` (1250): a number, not negative, no
 * more decimals than the currency has, at most MAX_SETTING_AMOUNT.
 */
export function nonNegativeAmount(field: string, label: string, value: number, currency: string): number {
  if (!Number.isFinite(value)) throw fieldError(field, `${label} must be a number.`);
  if (value < 0) throw fieldError(field, `${label} must not be negative (got ${value}).`);
  if (value > MAX_SETTING_AMOUNT) throw fieldError(field, `${label} must be at most ${MAX_SETTING_AMOUNT}.`);
  const minor = toMinor(value, currency);
  const digits = minorDigits(currency);
  if (Math.abs(minor - value * 10 ** digits) > 1e-6)
    throw fieldError(field, `${label} has more decimals than ${currency} has (${digits}).`);
  return minor;
}
