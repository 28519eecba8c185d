import { describe, expect, it } from 'vitest';
import { moneyValue } from './money';

describe('moneyValue', () => {
  it('keeps a complete amount as it is', () => {
    expect(moneyValue({ value: 19.99, currency: 'USD' })).toEqual({ value: 19.99, currency: 'USD' });
    expect(moneyValue({ value: 0, currency: 'EUR' })).toEqual({ value: 0, currency: 'EUR' });
  });

  it('answers null for a missing value, currency or a value that is not a finite number', () => {
    expect(moneyValue(null)).toBeNull();
    expect(moneyValue({ value: null, currency: 'USD' })).toBeNull();
    expect(moneyValue({ value: 5, currency: null })).toBeNull();
    expect(moneyValue({ value: Number.NaN, currency: 'USD' })).toBeNull();
  });
});
