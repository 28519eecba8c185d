import { describe, expect, it } from 'vitest';
import { PLAIN_RULE_CONDITIONS, type SalesRuleTable } from '../src/db/tables';
import { applyCartRules } from '../src/domains/promotions/promotionService';
import { quoteShippingMethods } from '../src/domains/shipping/shippingService';
import { taxOf } from '../src/domains/tax/taxService';
import { DEMO_CARRIERS, DEMO_TABLE_RATES } from '../src/demo/checkoutSeed';

const rule = (r: Partial<SalesRuleTable> & Pick<SalesRuleTable, 'id' | 'action' | 'amount'>): SalesRuleTable => ({
  name: `rule ${r.id}`,
  label: `Rule ${r.id}`,
  min_subtotal: 0,
  from_date: null,
  to_date: null,
  uses_limit: null,
  times_used: 0,
  is_active: 1,
  sort_order: 0,
  ...PLAIN_RULE_CONDITIONS,
  ...r,
});

const at = (today: string) => ({
  today,
  groupId: 0,
  storeId: 1,
  shippingCountry: null,
  customerId: null,
  customerUses: new Map<number, number>(),
});

describe('money arithmetic in minor units', () => {
  it('rounds tax half up per amount', () => {
    expect(taxOf(5000, 72_500)).toBe(363); // 362.5
    expect(taxOf(4999, 72_500)).toBe(362); // 362.4275
    expect(taxOf(1, 190_000)).toBe(0);
    expect(taxOf(3, 190_000)).toBe(1); // 0.57
  });

  it('spreads a fixed discount over the lines so the parts add up exactly', () => {
    const lines = [
      { key: 1, rowTotal: 3333, quantity: 1, unitPrice: 3333 },
      { key: 2, rowTotal: 3333, quantity: 1, unitPrice: 3333 },
      { key: 3, rowTotal: 3334, quantity: 1, unitPrice: 3334 },
    ];
    const outcome = applyCartRules(
      lines,
      [{ rule: rule({ id: 1, action: 'cart_fixed', amount: 1000 }), coupon: null }],
      at('2026-01-01'),
    );
    const parts = [1, 2, 3].map((k) => outcome.perLine.get(k)?.[0]?.amount ?? 0);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(outcome.total).toBe(1000);
  });

  it('never discounts more than the lines are worth, and stacks rules in sort order', () => {
    const lines = [{ key: 1, rowTotal: 1500, quantity: 1, unitPrice: 1500 }];
    const outcome = applyCartRules(
      lines,
      [
        { rule: rule({ id: 1, action: 'by_percent', amount: 1000, sort_order: 1 }), coupon: null },
        { rule: rule({ id: 2, action: 'cart_fixed', amount: 2000, sort_order: 2 }), coupon: null },
      ],
      at('2026-01-01'),
    );
    expect(outcome.applied.map((d) => d.amount)).toEqual([150, 1350]);
    expect(outcome.total).toBe(1500);
  });

  it('skips rules outside their dates, below their minimum or used up', () => {
    const lines = [{ key: 1, rowTotal: 5000, quantity: 1, unitPrice: 5000 }];
    const outcome = applyCartRules(
      lines,
      [
        { rule: rule({ id: 1, action: 'by_percent', amount: 1000, from_date: '2027-01-01' }), coupon: null },
        { rule: rule({ id: 2, action: 'by_percent', amount: 1000, min_subtotal: 10_000 }), coupon: null },
        { rule: rule({ id: 3, action: 'by_percent', amount: 1000, uses_limit: 2, times_used: 2 }), coupon: null },
        { rule: rule({ id: 4, action: 'free_shipping', amount: 0, to_date: '2026-01-01' }), coupon: null },
      ],
      at('2026-01-01'),
    );
    expect(outcome.total).toBe(0);
    expect(outcome.freeShipping).toBe(true);
    expect(outcome.ruleIds).toEqual([4]);
  });
});

describe('shipping quotes', () => {
  const setup = { carriers: DEMO_CARRIERS, tableRates: DEMO_TABLE_RATES };
  it('prices flat rate per item, unlocks free shipping at the threshold, falls back to the * table rate', () => {
    const quotes = quoteShippingMethods(setup, {
      countryId: 'JP',
      itemCount: 3,
      subtotalAfterDiscount: 7500,
      freeShipping: false,
    });
    expect(quotes.map((q) => [q.carrier_code, q.amount])).toEqual([
      ['flatrate', 1500],
      ['freeshipping', 0],
      ['tablerate', 2500],
    ]);
    expect(
      quoteShippingMethods(setup, {
        countryId: 'JP',
        itemCount: 3,
        subtotalAfterDiscount: 7499,
        freeShipping: false,
      }).map((q) => q.carrier_code),
    ).toEqual(['flatrate', 'tablerate']);
    expect(
      quoteShippingMethods(setup, { countryId: 'JP', itemCount: 0, subtotalAfterDiscount: 0, freeShipping: false }),
    ).toEqual([]);
  });
});
