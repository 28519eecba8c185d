// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewPromotionPage, PromotionPage } from '../src/pages/PromotionPage';
import {
  actionJson,
  conditionsJson,
  draftOfConditions,
  emptyMatch,
  newRow,
} from '../src/pages/promotions/conditionRows';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GROUPS = {
  data: {
    customerGroups: [
      { id: '0', code: 'NOT LOGGED IN' },
      { id: '1', code: 'General' },
      { id: '2', code: 'Wholesale' },
    ],
  },
};

const TWO_TEES = {
  type: 'all',
  conditions: [
    {
      type: 'items_subselect',
      attribute: 'qty',
      operator: 'gte',
      value: 2,
      condition: { type: 'category', operator: 'in', value: [12] },
    },
    { type: 'subtotal', operator: 'gte', value: 2550 },
  ],
};

const promotion = (overrides: Record<string, unknown> = {}) => ({
  id: '4',
  name: 'Two tees',
  label: '10 % off two tees',
  action: 'BY_PERCENT',
  percent: 10,
  fixedAmount: null,
  minSubtotal: { value: 0, currency: 'USD' },
  fromDate: null,
  toDate: null,
  usesLimit: null,
  timesUsed: 0,
  sortOrder: 0,
  active: true,
  couponCount: 0,
  couponUses: 0,
  freeQuantity: null,
  discountStep: 0,
  discountQty: null,
  conditions: JSON.stringify(TWO_TEES),
  actionConditions: JSON.stringify({ type: 'category', operator: 'in', value: [12] }),
  customerGroupIds: [1],
  usesPerCustomer: 2,
  stopRulesProcessing: false,
  freeShipping: 'NONE',
  storeLabels: [{ storeId: 2, label: '10 % sur deux t-shirts' }],
  coupons: { items: [], totalCount: 0, totalPages: 1 },
  ...overrides,
});

describe('condition rows', () => {
  it('turn a stored tree into rows and back into the same tree', () => {
    const draft = draftOfConditions(JSON.stringify(TWO_TEES), 100)!;
    expect(draft.rows.map((r) => [r.kind, r.operator, r.value])).toEqual([
      ['matching_qty', 'gte', '2'],
      ['subtotal', 'gte', '25.5'],
    ]);
    expect(JSON.parse(conditionsJson(draft, 100))).toEqual(TWO_TEES);
    expect(conditionsJson({ aggregator: 'all', rows: [] }, 100)).toBe('');
    expect(actionJson(null)).toBe('');
    expect(JSON.parse(actionJson({ ...emptyMatch(), by: 'attribute', code: 'color', values: '5, 6' }))).toEqual({
      type: 'attribute',
      code: 'color',
      operator: 'in',
      value: [5, 6],
    });
  });

  it('leave a tree the rows cannot show to be shown as JSON', () => {
    const nested = { type: 'all', conditions: [{ type: 'any', conditions: [] }] };
    expect(draftOfConditions(JSON.stringify(nested), 100)).toBeNull();
    expect(draftOfConditions('', 100)).toEqual({ aggregator: 'all', rows: [] });
    expect(newRow('shipping_country').kind).toBe('shipping_country');
  });
});

describe('the promotion form with conditions', () => {
  it('lets staff build "buy 2 tees, get 10 % off" with rows and sends the tree', async () => {
    const api = fakeApi(
      {
        RuleCustomerGroups: () => GROUPS,
        CreatePromotion: () => ({ data: { createPromotion: promotion() } }),
      },
      'STAFF',
    );
    renderPage(<NewPromotionPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Two tees' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Label/ }), { target: { value: '10 % off two tees' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), { target: { value: '10' } });
    const conditions = screen.getByRole('group', { name: 'Conditions on the cart' });
    expect(within(conditions).getByText('No conditions: every cart qualifies.')).toBeTruthy();
    fireEvent.click(within(conditions).getByRole('button', { name: 'Add a condition' }));
    fireEvent.change(within(conditions).getByRole('combobox', { name: 'Condition 1' }), {
      target: { value: 'matching_qty' },
    });
    fireEvent.change(within(conditions).getByRole('textbox', { name: 'Value' }), { target: { value: '2' } });
    fireEvent.change(within(conditions).getByRole('combobox', { name: 'Products chosen by' }), {
      target: { value: 'category' },
    });
    fireEvent.change(within(conditions).getByRole('textbox', { name: /^Values/ }), { target: { value: '12' } });
    const applyTo = screen.getByRole('group', { name: 'Apply the discount to' });
    fireEvent.change(within(applyTo).getByRole('combobox', { name: 'Apply the discount to' }), {
      target: { value: 'matching' },
    });
    fireEvent.change(within(applyTo).getByRole('combobox', { name: 'Products chosen by' }), {
      target: { value: 'category' },
    });
    fireEvent.change(within(applyTo).getByRole('textbox', { name: /^Values/ }), { target: { value: '12' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'General' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    const input = api.mutations()[0]!.variables.input as Record<string, unknown>;
    expect(JSON.parse(input.conditions as string)).toEqual({
      type: 'all',
      conditions: [
        {
          type: 'items_subselect',
          attribute: 'qty',
          operator: 'gte',
          value: 2,
          condition: { type: 'category', operator: 'in', value: [12] },
        },
      ],
    });
    expect(JSON.parse(input.actionConditions as string)).toEqual({ type: 'category', operator: 'in', value: [12] });
    expect(input).toMatchObject({ customerGroupIds: [1], freeShipping: 'NONE', stopRulesProcessing: false });
  });

  it('shows a viewer the conditions without the buttons that change them', async () => {
    fakeApi(
      { RuleCustomerGroups: () => GROUPS, AdminPromotion: () => ({ data: { promotion: promotion() } }) },
      'VIEWER',
    );
    renderPage(<PromotionPage />, { path: '/promotions/4', route: '/promotions/:id' });
    const conditions = await screen.findByRole('group', { name: 'Conditions on the cart' });
    expect(within(conditions).getAllByRole('combobox', { name: /Condition \d/ })).toHaveLength(2);
    expect(within(conditions).queryByRole('button', { name: /Add a condition|Remove/ })).toBeNull();
    for (const value of within(conditions).getAllByRole('textbox', { name: 'Value' }))
      expect((value as HTMLInputElement).readOnly).toBe(true);
  });

  it('reads in French', async () => {
    fakeApi(
      { RuleCustomerGroups: () => GROUPS, AdminPromotion: () => ({ data: { promotion: promotion() } }) },
      'STAFF',
    );
    renderPage(<PromotionPage />, { path: '/promotions/4', route: '/promotions/:id', french: true });
    expect(await screen.findByRole('group', { name: 'Conditions sur le panier' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter une condition' })).toBeTruthy();
  });
});
