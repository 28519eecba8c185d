import { describe, expect, it } from 'vitest';
import { orderSummaryLines, priceSummaryLines } from './priceSummary';
import { testCart } from '../../test/fixtures/testCart';

const usd = (value: number) => ({ value, currency: 'USD' });

describe('priceSummaryLines', () => {
  it('lists subtotal, each discount as a negative amount, each tax and the grand total in order', () => {
    const cart = testCart({
      subtotal: 100,
      discounts: [
        { label: 'Welcome 10% off', amount: 10 },
        { label: 'Summer', amount: 5 },
      ],
      taxes: [{ label: 'US-CA Sales Tax', amount: 6.16 }],
      total: 91.16,
    });
    expect(priceSummaryLines(cart)).toEqual([
      { kind: 'subtotal', amount: usd(100) },
      { kind: 'discount', label: 'Welcome 10% off', amount: usd(-10) },
      { kind: 'discount', label: 'Summer', amount: usd(-5) },
      { kind: 'tax', label: 'US-CA Sales Tax', amount: usd(6.16) },
      { kind: 'total', amount: usd(91.16), shippingIncluded: false },
    ]);
  });

  it('shows the shipping method chosen on the cart as part of the total, ignoring any estimate', () => {
    const cart = testCart({ shipping: { carrier: 'Flat Rate', method: 'Fixed', amount: 10 }, total: 60 });
    const lines = priceSummaryLines(cart, { label: 'Best Way', amount: usd(8) });
    expect(lines.find((line) => line.kind === 'shipping')).toEqual({
      kind: 'shipping',
      label: 'Flat Rate · Fixed',
      amount: usd(10),
      estimated: false,
    });
    expect(lines.at(-1)).toEqual({ kind: 'total', amount: usd(60), shippingIncluded: true });
  });

  it('shows an estimate as estimated, before tax, without pretending the total includes it', () => {
    const lines = priceSummaryLines(testCart({ taxes: [{ label: 'VAT', amount: 1 }] }), {
      label: 'Express delivery · 1–2 working days',
      amount: usd(8),
    });
    expect(lines.map((line) => line.kind)).toEqual(['subtotal', 'shipping', 'tax', 'total']);
    expect(lines[1]).toEqual({
      kind: 'shipping',
      label: 'Express delivery · 1–2 working days',
      amount: usd(8),
      estimated: true,
    });
    expect(lines.at(-1)).toMatchObject({ kind: 'total', shippingIncluded: false });
  });

  it('leaves out zero discounts and money without a currency', () => {
    const cart = testCart({ discounts: [{ label: 'Nothing', amount: 0 }] });
    cart.prices.grand_total = { __typename: 'Money', value: null as unknown as number, currency: 'USD' };
    expect(priceSummaryLines(cart).map((line) => line.kind)).toEqual(['subtotal']);
  });

  it('at checkout, says shipping is still to be chosen, and the total is before shipping', () => {
    const lines = priceSummaryLines(testCart({ total: 50 }), null, { shippingPending: true });
    expect(lines.map((line) => line.kind)).toEqual(['subtotal', 'shippingPending', 'total']);
    expect(lines.at(-1)).toMatchObject({ kind: 'total', shippingIncluded: false });
  });

  it('for a cart with nothing to ship, shows no pending shipping and a final total', () => {
    const lines = priceSummaryLines({ ...testCart({ total: 50 }), is_virtual: true }, null, { shippingPending: true });
    expect(lines.map((line) => line.kind)).toEqual(['subtotal', 'total']);
    expect(lines.at(-1)).toMatchObject({ kind: 'total', shippingIncluded: true });
  });
});

describe('orderSummaryLines', () => {
  it("lists a placed order's stored sums: subtotal, discounts, shipping, one tax total and the grand total", () => {
    const lines = orderSummaryLines({
      subtotal: usd(100),
      discounts: [
        { label: 'WELCOME10', amount: usd(10) },
        { label: null, amount: usd(0) },
      ],
      total_shipping: usd(5),
      total_tax: usd(7.43),
      grand_total: usd(102.43),
    });
    expect(lines).toEqual([
      { kind: 'subtotal', amount: usd(100) },
      { kind: 'discount', label: 'WELCOME10', amount: usd(-10) },
      { kind: 'shipping', label: '', amount: usd(5), estimated: false },
      { kind: 'tax', label: '', amount: usd(7.43) },
      { kind: 'total', amount: usd(102.43), shippingIncluded: true },
    ]);
    expect(orderSummaryLines(null)).toEqual([]);
  });
});
