import { describe, expect, it } from 'vitest';
import { cardPrice } from './cardPrice';

const eur = (value: number) => ({ value, currency: 'EUR' });

describe('cardPrice', () => {
  it('shows a plain price when final equals regular', () => {
    expect(cardPrice({ minimum_price: { regular_price: eur(30), final_price: eur(30) } })).toEqual({
      final: eur(30),
      regular: null,
      percentOff: null,
      isRange: false,
    });
  });

  it('shows the special price, the struck regular price and the percent from the API', () => {
    const price = cardPrice({
      minimum_price: { regular_price: eur(40), final_price: eur(30), discount: { amount_off: 10, percent_off: 25 } },
    });
    expect(price).toEqual({ final: eur(30), regular: eur(40), percentOff: 25, isRange: false });
  });

  it('derives and floors the percentage when the API gives none', () => {
    const price = cardPrice({ minimum_price: { regular_price: eur(29.99), final_price: eur(19.99) } });
    expect(price?.regular).toEqual(eur(29.99));
    expect(price?.percentOff).toBe(33);
  });

  it('ignores rounding noise and prices in another currency', () => {
    expect(cardPrice({ minimum_price: { regular_price: eur(10.001), final_price: eur(10) } })?.regular).toBeNull();
    expect(
      cardPrice({ minimum_price: { regular_price: { value: 50, currency: 'USD' }, final_price: eur(30) } })?.regular,
    ).toBeNull();
  });

  it('keeps a sale below one percent without a badge', () => {
    const price = cardPrice({ minimum_price: { regular_price: eur(1000), final_price: eur(995) } });
    expect(price?.regular).toEqual(eur(1000));
    expect(price?.percentOff).toBeNull();
  });

  it('marks configurable products whose variants differ in price as a range', () => {
    const price = cardPrice({
      minimum_price: { regular_price: eur(20), final_price: eur(20) },
      maximum_price: { final_price: eur(28) },
    });
    expect(price?.isRange).toBe(true);
  });

  it('returns null without a usable final price', () => {
    expect(cardPrice(null)).toBeNull();
    expect(
      cardPrice({ minimum_price: { regular_price: eur(1), final_price: { value: null, currency: 'EUR' } } }),
    ).toBeNull();
  });
});
