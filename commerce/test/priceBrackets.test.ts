import { describe, expect, it } from 'vitest';
import { priceRanges, shopLikeStep } from '../src/domains/catalog/productAggregations';

// Issue 35, 8a: price-filter brackets in a display currency are drawn on steps a shop would print.

describe('shopLikeStep', () => {
  it('rounds a converted step to one significant digit', () => {
    expect(shopLikeStep(92)).toBe(90);
    expect(shopLikeStep(108)).toBe(100);
    expect(shopLikeStep(13_800)).toBe(10_000);
    expect(shopLikeStep(9.2)).toBe(9);
    expect(shopLikeStep(0)).toBe(1);
  });
});

describe('priceRanges', () => {
  // Whole base-currency units → products.
  const histogram = new Map([
    [12, 3],
    [85, 2],
    [99, 1],
    [150, 4],
  ]);

  it('keeps Magento’s power-of-ten brackets in the base currency', () => {
    expect(priceRanges(histogram)).toEqual([
      { label: '0-100', value: '0_100', count: 6 },
      { label: '100-200', value: '100_200', count: 4 },
    ]);
  });

  it('draws the brackets in the display currency on a shop-like step, each product by its converted price', () => {
    // At 0.92: $12 → €11.04, $85 → €78.20, $99 → €91.08, $150 → €138.
    expect(priceRanges(histogram, 0.92)).toEqual([
      { label: '0-90', value: '0_90', count: 5 },
      { label: '90-180', value: '90_180', count: 5 },
    ]);
  });

  it('says nothing when no product has a price', () => {
    expect(priceRanges(new Map())).toBeNull();
  });
});
