// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewOrderPage } from '../src/pages/NewOrderPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usd = (value: number) => ({ value, currency: 'USD' });
const order = (overrides: Record<string, unknown> = {}) => ({
  id: 'C'.repeat(32),
  customerId: '7',
  currency: 'USD',
  couponCode: null,
  couponApplies: false,
  lines: [],
  subtotal: usd(0),
  discounts: [],
  shippingAmount: usd(0),
  tax: usd(0),
  grandTotal: usd(0),
  shippingAddress: null,
  shippingMethods: [],
  selectedShippingMethod: null,
  paymentMethods: [{ code: 'checkmo', title: 'Check / Money order' }],
  selectedPaymentMethod: null,
  ...overrides,
});
const line = {
  id: 1,
  sku: 'BAG-1',
  name: 'Canvas bag',
  options: [],
  quantity: 5,
  unitPrice: usd(15),
  rowTotal: usd(75),
  discount: usd(0),
  error: null,
};
const flat = { carrierCode: 'flatrate', methodCode: 'flatrate', title: 'Flat Rate — Fixed', amount: usd(25) };

describe('the create order page', () => {
  it('takes staff from the customer to a placed order, every total from the server', async () => {
    const api = fakeApi(
      {
        StaffOrderCustomers: () => ({
          data: {
            customers: {
              items: [{ id: '7', name: 'Wanda Wholesale', email: 'wanda@example.com', groupName: 'Wholesale' }],
            },
            storeViews: { stores: [{ id: '1', name: 'Default Store View' }] },
          },
        }),
        StartStaffOrder: () => ({ data: { startStaffOrder: order() } }),
        AddStaffOrderProduct: () => ({
          data: { addStaffOrderProduct: { errors: [], order: order({ lines: [line], subtotal: usd(75) }) } },
        }),
        SetStaffOrderAddress: () => ({
          data: {
            setStaffOrderAddress: order({
              lines: [line],
              subtotal: usd(75),
              shippingAddress: 'Wanda Wholesale, 5 Depot Lane, 78701 Austin, US',
              shippingMethods: [flat],
            }),
          },
        }),
        SetStaffOrderShipping: () => ({
          data: {
            setStaffOrderShippingMethod: order({
              lines: [line],
              shippingMethods: [flat],
              selectedShippingMethod: 'flatrate_flatrate',
              shippingAmount: usd(25),
              grandTotal: usd(100),
            }),
          },
        }),
        SetStaffOrderPayment: () => ({
          data: {
            setStaffOrderPaymentMethod: order({
              lines: [line],
              shippingMethods: [flat],
              selectedShippingMethod: 'flatrate_flatrate',
              selectedPaymentMethod: 'checkmo',
              grandTotal: usd(100),
            }),
          },
        }),
        PlaceStaffOrder: () => ({ data: { placeStaffOrder: { number: '000000042' } } }),
      },
      'STAFF',
    );
    renderPage(<NewOrderPage />, { path: '/orders/new', route: '/orders/new' });
    fireEvent.change(await screen.findByRole('searchbox', { name: /Find a customer/ }), { target: { value: 'wanda' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start the order for Wanda Wholesale' }));
    expect(await screen.findByText('Order for Wanda Wholesale (wanda@example.com)')).toBeTruthy();
    const place = screen.getByRole('button', { name: 'Place the order' });
    expect((place as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: /^SKU/ }), { target: { value: 'BAG-1' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Quantity/ }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the product' }));
    const table = await screen.findByRole('table', { name: 'Products in the order' });
    expect(within(table).getByRole('rowheader', { name: /Canvas bag/ })).toBeTruthy();
    expect(within(table).getByText('$15.00')).toBeTruthy();

    const address = screen.getByRole('form', { name: 'Shipping address' });
    for (const [label, value] of [
      ['First name', 'Wanda'],
      ['Last name', 'Wholesale'],
      ['Street', '5 Depot Lane'],
      ['City', 'Austin'],
    ])
      fireEvent.change(within(address).getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });
    fireEvent.click(within(address).getByRole('button', { name: 'Ship to this address' }));
    expect(await screen.findByText('Ships to Wanda Wholesale, 5 Depot Lane, 78701 Austin, US')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Shipping method' }), {
      target: { value: 'flatrate_flatrate' },
    });
    await waitFor(() => expect(screen.getByText('$100.00')).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Payment method' }), { target: { value: 'checkmo' } });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Place the order' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(api.sent.some((s) => s.operationName === 'PlaceStaffOrder')).toBe(true));
    const sentAddress = api.sent.find((s) => s.operationName === 'SetStaffOrderAddress')!.variables.address;
    expect(sentAddress).toMatchObject({ firstname: 'Wanda', street: ['5 Depot Lane'], countryCode: 'US' });
    expect(api.sent.find((s) => s.operationName === 'AddStaffOrderProduct')!.variables).toEqual({
      input: { id: 'C'.repeat(32), sku: 'BAG-1', quantity: 5 },
    });
  });

  it('tells a viewer they cannot create orders', async () => {
    fakeApi({}, 'VIEWER');
    renderPage(<NewOrderPage />, { path: '/orders/new', route: '/orders/new' });
    expect(await screen.findByText('Your role can read orders but not create them.')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
