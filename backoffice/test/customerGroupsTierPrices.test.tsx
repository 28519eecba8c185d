// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerGroupsPage } from '../src/pages/CustomerGroupsPage';
import { NewCustomerPage } from '../src/pages/NewCustomerPage';
import { TierPricesSection } from '../src/pages/products/TierPricesSection';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const group = (id: string, code: string, builtIn: boolean, customerCount = 0) => ({
  id,
  code,
  taxClassId: '3',
  taxClassName: 'Retail Customer',
  builtIn,
  customerCount,
});
const GROUPS = [
  group('0', 'NOT LOGGED IN', true),
  group('1', 'General', true, 4),
  group('2', 'Wholesale', true),
  group('5', 'VIP', false),
];
const groupsAnswer = () => ({
  data: {
    customerGroups: GROUPS,
    customerTaxClasses: [
      { id: '3', name: 'Retail Customer', taxed: true },
      { id: '4', name: 'Reseller', taxed: false },
    ],
  },
});

describe('the customer groups page', () => {
  it('lets the owner add a group with a tax class and delete a group of their own, not a built-in one', async () => {
    const api = fakeApi({
      CustomerGroups: groupsAnswer,
      CreateCustomerGroup: (v) => ({
        data: { createCustomerGroup: group('6', (v.input as { code: string }).code, false) },
      }),
      DeleteCustomerGroup: () => ({ data: { deleteCustomerGroup: true } }),
    });
    renderPage(<CustomerGroupsPage />);
    const table = await screen.findByRole('table', { name: 'Customer groups' });
    expect(within(table).queryByRole('button', { name: 'Delete Wholesale' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Delete VIP' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({ id: '5' });

    const add = screen.getByRole('region', { name: 'Add a customer group' });
    fireEvent.change(within(add).getByRole('textbox', { name: /Group name/ }), { target: { value: 'Trade' } });
    fireEvent.change(within(add).getByRole('combobox', { name: 'Tax class' }), { target: { value: '4' } });
    expect(within(add).getByRole('option', { name: 'Reseller (no tax)' })).toBeTruthy();
    fireEvent.click(within(add).getByRole('button', { name: 'Add the group' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(2));
    expect(api.mutations()[1]?.variables).toEqual({ input: { code: 'Trade', taxClassId: '4' } });
  });

  it('shows staff the groups without the buttons that change them', async () => {
    fakeApi({ CustomerGroups: groupsAnswer }, 'STAFF');
    renderPage(<CustomerGroupsPage />);
    expect(await screen.findByText('Wholesale')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Change|Delete/ })).toBeNull();
    expect(screen.getByText("Only the shop's owner can add, change or delete customer groups.")).toBeTruthy();
  });
});

describe('the new customer page', () => {
  it('creates an account in the chosen group and store view, without a password field', async () => {
    const api = fakeApi(
      {
        CustomerGroupChoices: () => ({ data: { customerGroups: GROUPS.map(({ id, code }) => ({ id, code })) } }),
        NewCustomerStores: () => ({
          data: {
            storeViews: {
              stores: [
                { id: '1', name: 'Default' },
                { id: '2', name: 'Français' },
              ],
            },
          },
        }),
        CreateCustomer: () => ({ data: { createCustomer: { id: '9', email: 'w@example.com' } } }),
      },
      'STAFF',
    );
    renderPage(<NewCustomerPage />);
    const group = await screen.findByRole('combobox', { name: 'Customer group' });
    await screen.findByRole('option', { name: 'Wholesale' });
    // Guests' group is not offered for an account.
    expect(within(group).queryByRole('option', { name: 'NOT LOGGED IN' })).toBeNull();
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.mutations()).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Wanda' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Wholesale' } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'w@example.com' } });
    fireEvent.change(group, { target: { value: '2' } });
    fireEvent.change(await screen.findByRole('combobox', { name: /Store view/ }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({
      input: { firstname: 'Wanda', lastname: 'Wholesale', email: 'w@example.com', groupId: '2', storeViewId: '2' },
    });
  });
});

describe('the tier prices section', () => {
  const tiers = () => ({
    data: {
      productTierPrices: [{ customerGroupId: '2', quantity: 5, fixedPrice: 15, percentOff: null, currency: 'USD' }],
      customerGroups: GROUPS.map(({ id, code }) => ({ id, code })),
    },
  });

  it('adds a percent-off tier for all groups and saves the whole list', async () => {
    const api = fakeApi(
      {
        AdminTierPrices: tiers,
        SetProductTierPrices: (v) => ({
          data: {
            setProductTierPrices: (v.tiers as Array<Record<string, unknown>>).map((t) => ({ ...t, currency: 'USD' })),
          },
        }),
      },
      'STAFF',
    );
    renderPage(<TierPricesSection sku="TEE" readOnly={false} />);
    const first = await screen.findByRole('group', { name: 'Tier 1' });
    expect((within(first).getByRole('textbox', { name: 'Price USD' }) as HTMLInputElement).value).toBe('15');
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    const second = screen.getByRole('group', { name: 'Tier 2' });
    fireEvent.change(within(second).getByRole('textbox', { name: 'From quantity' }), { target: { value: '10' } });
    fireEvent.change(within(second).getByRole('combobox', { name: 'Price type' }), { target: { value: 'percent' } });
    fireEvent.change(within(second).getByRole('textbox', { name: 'Percent' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the tier prices' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({
      sku: 'TEE',
      tiers: [
        { customerGroupId: '2', quantity: 5, fixedPrice: 15, percentOff: null },
        { customerGroupId: null, quantity: 10, fixedPrice: null, percentOff: 10 },
      ],
    });
  });

  it('shows a viewer the tiers without the buttons that change them', async () => {
    fakeApi({ AdminTierPrices: tiers }, 'VIEWER');
    renderPage(<TierPricesSection sku="TEE" readOnly />);
    await screen.findByRole('group', { name: 'Tier 1' });
    expect(screen.queryByRole('button', { name: /Save|Add|Remove/ })).toBeNull();
  });
});
