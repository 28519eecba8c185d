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
