import { describe, expect, it } from 'vitest';
import { freeDeliveryProgress } from './freeDelivery';

const settings = (active: boolean, subtotal: number | null) => ({
  storeConfig: { free_shipping_active: active, free_shipping_subtotal: subtotal },
  currency: { base_currency_code: 'USD', exchange_rates: [{ currency_to: 'EUR', rate: 0.92 }] },
});

describe('freeDeliveryProgress', () => {
  it('says how much is missing and how far the cart has come', () => {
    expect(freeDeliveryProgress(settings(true, 75), { value: 63, currency: 'USD' })).toEqual({
      kind: 'away',
      remaining: 12,
      threshold: 75,
      subtotal: 63,
      currency: 'USD',
      fraction: 0.84,
    });
  });

  it('is unlocked at the threshold exactly, as the carrier rule is', () => {
    expect(freeDeliveryProgress(settings(true, 75), { value: 75, currency: 'USD' })).toMatchObject({
      kind: 'unlocked',
    });
    expect(freeDeliveryProgress(settings(true, 75), { value: 74.99, currency: 'USD' })).toMatchObject({
      kind: 'away',
      remaining: 0.01,
    });
  });

  it("converts the threshold into the cart's currency", () => {
    expect(freeDeliveryProgress(settings(true, 75), { value: 50, currency: 'EUR' })).toMatchObject({
      kind: 'away',
      threshold: 69,
      remaining: 19,
      currency: 'EUR',
    });
  });

  it('promises nothing when free delivery is off, unknown, or cannot be converted', () => {
    expect(freeDeliveryProgress(settings(false, 75), { value: 10, currency: 'USD' })).toBeNull();
    expect(freeDeliveryProgress(settings(true, null), { value: 10, currency: 'USD' })).toBeNull();
    expect(freeDeliveryProgress(undefined, { value: 10, currency: 'USD' })).toBeNull();
    expect(freeDeliveryProgress(settings(true, 75), { value: 10, currency: 'GBP' })).toBeNull();
  });
});
