// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderPage } from '../src/pages/OrderPage';
import { at, order, usd } from './orderFixture';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order page', () => {
  it('invoices a pending order and shows what the server answered', async () => {
    const api = fakeApi({
      Order: () => ({ data: { order: order('PENDING', ['INVOICE', 'CANCEL']) } }),
      InvoiceOrder: () => ({
        data: {
          invoiceOrder: order('PROCESSING', ['SHIP', 'REFUND'], {
            invoices: [{ number: 'INV-1', createdAt: '2026-11-21T10:00:00Z', grandTotal: usd(25), lines: [] }],
          }),
        },
      }),
    });
    renderPage(<OrderPage />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Invoice' }));
    expect(await screen.findByText(/Invoice INV-1/)).toBeTruthy();
    expect(await screen.findByText('Order 000000042 is invoiced.')).toBeTruthy();
    const [invoice] = api.mutations();
    expect(invoice?.operationName).toBe('InvoiceOrder');
    expect(invoice?.variables).toEqual({ number: '000000042' });
    expect(invoice?.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(screen.getByRole('heading', { name: 'Ship' })).toBeTruthy();
  });

  it('asks for a tracking number before shipping, then sends the carrier and the number', async () => {
    const api = fakeApi({
      Order: () => ({ data: { order: order('PROCESSING', ['SHIP', 'REFUND']) } }),
      ShipOrder: () => ({ data: { shipOrder: order('SHIPPED', ['REFUND']) } }),
    });
    renderPage(<OrderPage />, at);
    const ship = await screen.findByRole('button', { name: 'Ship order' });
    fireEvent.click(ship);
    expect(await screen.findByText('Enter the tracking number.')).toBeTruthy();
    expect(api.mutations()).toHaveLength(0);
    fireEvent.change(screen.getByRole('combobox', { name: 'Carrier' }), { target: { value: 'custom' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Carrier name/ }), { target: { value: 'Bike courier' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Tracking number/ }), { target: { value: ' ZX-1 ' } });
    fireEvent.click(ship);
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({
      input: { number: '000000042', carrier: 'custom', carrierTitle: 'Bike courier', trackingNumber: 'ZX-1' },
    });
  });

  it('refunds chosen quantities, refuses more than is left, and shows the server’s refusal', async () => {
    const api = fakeApi({
      Order: () => ({ data: { order: order('PROCESSING', ['SHIP', 'REFUND']) } }),
      RefundOrder: () => ({ errors: [{ message: 'The refund is more than was paid.' }] }),
    });
    renderPage(<OrderPage />, at);
    const form = (await screen.findByRole('heading', { name: 'Refund' })).closest('form') as HTMLFormElement;
    fireEvent.click(within(form).getByRole('radio', { name: 'Some lines' }));
    const quantity = within(form).getByRole('spinbutton', { name: /Mug \(MUG\)/ });
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Mug: enter a whole number from 0 to 2.')).toBeTruthy();
    expect(api.mutations()).toHaveLength(0);
    fireEvent.change(quantity, { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Also refund the shipping charge' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Return the refunded items to stock' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('The refund is more than was paid.')).toBeTruthy();
    expect(api.mutations()[0]?.variables).toEqual({
      input: { number: '000000042', lines: [{ line: 1, quantity: 1 }], includeShipping: true, returnToStock: false },
    });
  });

  it('shows viewers the order without any action', async () => {
    fakeApi({ Order: () => ({ data: { order: order('PENDING', ['INVOICE', 'CANCEL']) } }) }, 'VIEWER');
    renderPage(<OrderPage />, at);
    expect(await screen.findByText('Your role can read orders but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invoice' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Add a comment' })).toBeNull();
  });

  it('speaks French with Magento’s words: Commande, Facturer, Expédition, Avoir', async () => {
    fakeApi({
      Order: () => ({
        data: {
          order: order('PROCESSING', ['SHIP', 'REFUND'], {
            invoices: [{ number: 'INV-1', createdAt: '2026-11-21T10:00:00Z', grandTotal: usd(25), lines: [] }],
          }),
        },
      }),
    });
    renderPage(<OrderPage />, { ...at, french: true });
    expect(await screen.findByRole('heading', { level: 1, name: /Commande 000000042/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Expédier la commande' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Créer un avoir' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Factures' }).textContent).toContain('Facture INV-1');
    expect(screen.getByRole('region', { name: 'Expéditions' }).textContent).toContain('Pas encore expédiée.');
    expect(screen.queryByText(/Ship|Refund|Invoice/)).toBeNull();
  });
});

describe('an order with nothing to ship', () => {
  it('shows no shipping address or charge, and invoicing leaves no Ship step', async () => {
    fakeApi({
      Order: () => ({
        data: { order: order('PENDING', ['INVOICE', 'CANCEL'], { shippingAddress: [], shippingMethod: '' }) },
      }),
      InvoiceOrder: () => ({
        data: { invoiceOrder: order('COMPLETE', ['REFUND'], { shippingAddress: [], shippingMethod: '' }) },
      }),
    });
    renderPage(<OrderPage />, at);
    expect(await screen.findByText('Nothing to ship: every item of this order is virtual.')).toBeTruthy();
    expect(screen.queryByText(/^Shipping \(/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Invoice' }));
    expect(await screen.findByText('Order 000000042 is invoiced.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ship' })).toBeNull();
  });
});
