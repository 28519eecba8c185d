// Money is stored as integer minor units of its currency. How many minor units make one major unit
// depends on the currency (JPY 0 digits, USD 2, KWD 3), so every conversion goes through here.

const digitsByCurrency = new Map<string, number>();

/** The number of decimal places of a currency (ISO 4217), as the platform's Intl data knows it. */
export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** minorDigits(currency));
}

/** Magento's `Money`. */
export function money(minor: number, currency: string): { value: number; currency: string } {
  return { value: toMajor(minor, currency), currency };
}

/** A display currency and how many of its units one unit of the base currency buys. */
export interface CurrencyConversion {
  currency: string;
  rate: number;
}

/**
 * An amount in minor units of `from`, converted and rounded to minor units of the target.
 * Each amount is converted on its own and totals are summed after conversion, so what a shopper
 * sees always adds up (as Magento computes a quote in its quote currency).
 */
export function convertMinor(minor: number, from: string, to: CurrencyConversion): number {
  if (from === to.currency && to.rate === 1) return minor;
  return toMinor(toMajor(minor, from) * to.rate, to.currency);
}
