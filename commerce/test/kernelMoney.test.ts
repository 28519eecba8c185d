import { describe, expect, it } from 'vitest';
import { minorDigits, money, toMajor, toMinor } from '../src/kernel/money';

describe('kernel money', () => {
  it('knows the minor digits of currencies with 0, 2 and 3 decimals', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('converts minor units to Magento Money per currency', () => {
    expect(money(1999, 'USD')).toEqual({ value: 19.99, currency: 'USD' });
    expect(money(1999, 'JPY')).toEqual({ value: 1999, currency: 'JPY' });
    expect(money(1999, 'KWD')).toEqual({ value: 1.999, currency: 'KWD' });
    expect(toMajor(5, 'USD')).toBe(0.05);
  });

  it('converts major amounts back to whole minor units, rounding half away', () => {
    expect(toMinor(19.99, 'USD')).toBe(1999);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(1.2345, 'KWD')).toBe(1235);
    expect(toMinor(1500, 'JPY')).toBe(1500);
  });
});
