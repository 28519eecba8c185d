import { describe, expect, it } from 'vitest';
import type { CheckoutCartFieldsFragment } from '../../__generated__/graphql';
import { cartPriceLines } from './cartPriceLines';

const money = (value: number) => ({ value, currency: 'USD' });

describe('cartPriceLines', () => {
  it('lists each tax the server applied with its own label and amount, and adds nothing up', () => {
    const cart = {
      prices: {
        subtotal_excluding_tax: money(100),
        grand_total: money(118.1),
        discounts: [],
        applied_taxes: [
          { label: 'State tax', amount: money(8.05) },
          { label: 'City tax', amount: money(10.05) },
        ],
      },
      shipping_addresses: [],
    } as unknown as CheckoutCartFieldsFragment;
    const lines = cartPriceLines(cart);
    expect(lines.taxes).toEqual([
      { label: 'State tax', amount: money(8.05) },
      { label: 'City tax', amount: money(10.05) },
    ]);
    expect(lines.tax).toBeUndefined();
    expect(lines.grandTotal).toEqual(money(118.1));
  });
});
