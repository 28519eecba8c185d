import { describe, expect, it } from 'vitest';
import { PLAIN_RULE_CONDITIONS, type SalesRuleTable } from '../src/db/tables';
import { applyCartRules, type RuleContext } from '../src/domains/promotions/promotionService';
import {
  buyXGetYQuantity,
  cartMatches,
  itemMatches,
  type ItemFacts,
} from '../src/domains/promotions/conditionEvaluation';
import { conditionFromText, parseCartCondition, parseItemCondition } from '../src/domains/promotions/ruleConditions';

// The condition model of cart price rules: the JSON schema at the boundary, the pure evaluation,
// and the actions applied to matching lines (no database).

const TEES = 7;
const tee = (quantity: number, unitPrice = 2000): ItemFacts => ({
  skus: ['TEE-RED-M', 'TEE'],
  categoryIds: [TEES, 2],
  attributes: new Map([['color', [11]]]),
  quantity,
  rowTotal: quantity * unitPrice,
});
const mug: ItemFacts = { skus: ['MUG'], categoryIds: [3], attributes: new Map(), quantity: 1, rowTotal: 1200 };

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
const context = (overrides: Partial<RuleContext> = {}): RuleContext => ({
  today: '2026-11-28',
  groupId: 1,
  storeId: 1,
  shippingCountry: 'US',
  customerId: 42,
  customerUses: new Map(),
  ...overrides,
});
const line = (key: number, facts: ItemFacts) => ({
  key,
  quantity: facts.quantity,
  rowTotal: facts.rowTotal,
  unitPrice: facts.rowTotal / facts.quantity,
  facts,
});

const TEE_CONDITION = { type: 'category', operator: 'in', value: [TEES] } as const;
const TWO_TEES = JSON.stringify({
  type: 'items_subselect',
  attribute: 'qty',
  operator: 'gte',
  value: 2,
  condition: TEE_CONDITION,
});

describe('condition schema', () => {
  it('accepts a nested tree and answers it typed', () => {
    const tree = parseCartCondition({
      type: 'all',
      conditions: [
        { type: 'subtotal', operator: 'gte', value: 5000 },
        { type: 'shipping_country', operator: 'in', value: ['FR', 'US'] },
        {
          type: 'items_found',
          condition: { type: 'any', conditions: [{ type: 'sku', operator: 'in', value: ['TEE'] }] },
        },
      ],
    });
    expect(tree.type).toBe('all');
  });

  it.each([
    [{ type: 'subtotal', operator: '>=', value: 5 }, 'Conditions: operator: choose one of eq, neq, gt, gte, lt, lte.'],
    [{ type: 'subtotal', operator: 'gte', value: -1 }, 'Conditions: value: enter a whole number, 0 or more.'],
    [{ type: 'colour', value: 1 }, 'Conditions: type: a cart condition is one of'],
    [
      { type: 'all', conditions: [{ type: 'shipping_country', operator: 'in', value: ['france'] }] },
      'conditions.0.value.0',
    ],
    [{ type: 'items_found', condition: { type: 'category', operator: 'in', value: [] } }, 'give at least one value'],
    [{ type: 'total_qty', operator: 'gte', value: 2, extra: true }, '"extra" is not a field'],
  ])('refuses %j with a message naming the place', (tree, message) => {
    expect(() => parseCartCondition(tree)).toThrow(message);
  });

  it('refuses trees nested too deep and text that is not JSON', () => {
    let tree: unknown = { type: 'sku', operator: 'in', value: ['A'] };
    for (let i = 0; i < 7; i += 1) tree = { type: 'all', conditions: [tree] };
    expect(() => parseItemCondition(tree)).toThrow('nest at most 5 levels');
    expect(() => conditionFromText('{type:', 'conditions', parseCartCondition)).toThrow('Conditions: not valid JSON.');
    expect(conditionFromText('  ', 'conditions', parseCartCondition)).toBeNull();
  });
});

describe('condition evaluation', () => {
  it('matches items by SKU of the variant or its configurable, category, attribute and quantity', () => {
    expect(itemMatches({ type: 'sku', operator: 'in', value: ['tee'] }, tee(1))).toBe(true);
    expect(itemMatches({ type: 'sku', operator: 'not_in', value: ['TEE'] }, tee(1))).toBe(false);
    expect(itemMatches(TEE_CONDITION as never, mug)).toBe(false);
    expect(itemMatches({ type: 'attribute', code: 'color', operator: 'in', value: [11, 12] }, tee(1))).toBe(true);
    expect(itemMatches({ type: 'attribute', code: 'color', operator: 'in', value: [12] }, tee(1))).toBe(false);
    expect(itemMatches({ type: 'qty', operator: 'gt', value: 2 }, tee(3))).toBe(true);
  });

  it('matches carts by totals, country, items found or not, and the quantity of matching items', () => {
    const cart = (items: ItemFacts[], country: string | null = 'US') => ({
      subtotal: items.reduce((s, i) => s + i.rowTotal, 0),
      totalQuantity: items.reduce((s, i) => s + i.quantity, 0),
      shippingCountry: country,
      items,
    });
    const twoTees = parseCartCondition(JSON.parse(TWO_TEES));
    expect(cartMatches(twoTees, cart([tee(2)]))).toBe(true);
    expect(cartMatches(twoTees, cart([tee(1), mug]))).toBe(false);
    expect(cartMatches(twoTees, cart([tee(1), tee(1)]))).toBe(true);
    const notFrance = parseCartCondition({ type: 'shipping_country', operator: 'not_in', value: ['FR'] });
    expect(cartMatches(notFrance, cart([mug], 'FR'))).toBe(false);
    expect(cartMatches(notFrance, cart([mug], null))).toBe(false);
    const noTee = parseCartCondition({ type: 'items_not_found', condition: TEE_CONDITION });
    expect(cartMatches(noTee, cart([mug]))).toBe(true);
    expect(cartMatches(parseCartCondition({ type: 'any', conditions: [noTee, twoTees] }), cart([tee(1)]))).toBe(false);
  });

  it('counts buy X get Y as Magento does', () => {
    expect(buyXGetYQuantity(2, 2, 1)).toBe(0);
    expect(buyXGetYQuantity(3, 2, 1)).toBe(1);
    expect(buyXGetYQuantity(5, 2, 1)).toBe(1);
    expect(buyXGetYQuantity(6, 2, 1)).toBe(2);
    expect(buyXGetYQuantity(4, 1, 2)).toBe(2); // 1+2, then 1 bought: none free yet
    expect(buyXGetYQuantity(5, 1, 2)).toBe(3);
  });
});

describe('rules with conditions and actions', () => {
  const buyTwoTees = rule({
    id: 1,
    label: '10 % off two tees',
    action: 'by_percent',
    amount: 1000,
    conditions: TWO_TEES,
    action_conditions: JSON.stringify(TEE_CONDITION),
    store_labels: JSON.stringify({ '2': '10 % sur deux t-shirts' }),
  });

  it('takes 10 % off the tees only when two are in the cart, labelled per store view', () => {
    const two = applyCartRules([line(1, tee(2)), line(2, mug)], [{ rule: buyTwoTees, coupon: null }], context());
    expect(two.perLine.get(1)).toEqual([{ label: '10 % off two tees', amount: 400, coupon: null }]);
    expect(two.perLine.get(2)).toEqual([]);
    expect(two.total).toBe(400);
    const one = applyCartRules([line(1, tee(1)), line(2, mug)], [{ rule: buyTwoTees, coupon: null }], context());
    expect(one.total).toBe(0);
    expect(one.ruleIds).toEqual([]);
    const french = applyCartRules([line(1, tee(2))], [{ rule: buyTwoTees, coupon: null }], context({ storeId: 2 }));
    expect(french.applied[0]!.label).toBe('10 % sur deux t-shirts');
  });

  it('keeps a rule to its customer groups and to its uses per customer', () => {
    const wholesale = rule({
      id: 2,
      action: 'by_percent',
      amount: 500,
      customer_group_ids: '[2]',
      uses_per_customer: 1,
    });
    const lines = [line(1, tee(1))];
    expect(applyCartRules(lines, [{ rule: wholesale, coupon: null }], context()).total).toBe(0);
    expect(applyCartRules(lines, [{ rule: wholesale, coupon: null }], context({ groupId: 2 })).total).toBe(100);
    const usedOnce = context({ groupId: 2, customerUses: new Map([[2, 1]]) });
    expect(applyCartRules(lines, [{ rule: wholesale, coupon: null }], usedOnce).total).toBe(0);
  });

  it('applies fixed per unit, buy X get Y with a maximum quantity, and stops further rules', () => {
    const perUnit = rule({ id: 3, action: 'by_fixed', amount: 300, sort_order: 1 });
    const bogo = rule({ id: 4, action: 'buy_x_get_y', amount: 1, discount_step: 2, discount_qty: 3, sort_order: 2 });
    const after = rule({ id: 5, action: 'cart_fixed', amount: 100, sort_order: 3 });
    const outcome = applyCartRules(
      [line(1, tee(6))],
      [
        { rule: perUnit, coupon: null },
        { rule: { ...bogo, stop_rules_processing: 1 }, coupon: null },
        { rule: after, coupon: null },
      ],
      context(),
    );
    // 6 × 3.00 off, then of the first 3 units one is free (20.00), and rule 5 never runs.
    expect(outcome.applied.map((d) => d.amount)).toEqual([1800, 2000]);
    expect(outcome.ruleIds).toEqual([3, 4]);
  });

  it('ships matching items free, and the whole cart once every line does', () => {
    const freeTees = rule({
      id: 6,
      action: 'by_percent',
      amount: 100,
      free_shipping: 1,
      action_conditions: JSON.stringify(TEE_CONDITION),
    });
    const mixed = applyCartRules([line(1, tee(1)), line(2, mug)], [{ rule: freeTees, coupon: null }], context());
    expect([...mixed.freeShippingKeys]).toEqual([1]);
    expect(mixed.freeShipping).toBe(false);
    const teesOnly = applyCartRules([line(1, tee(1))], [{ rule: freeTees, coupon: null }], context());
    expect(teesOnly.freeShipping).toBe(true);
  });

  it('a stored tree that does not parse applies to nothing', () => {
    const broken = rule({ id: 7, action: 'by_percent', amount: 1000, conditions: '{"type":"colour"}' });
    expect(applyCartRules([line(1, tee(2))], [{ rule: broken, coupon: null }], context()).total).toBe(0);
  });
});
