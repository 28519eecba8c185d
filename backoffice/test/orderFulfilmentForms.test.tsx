// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderPage } from '../src/pages/OrderPage';
import { at, order, usd } from './orderFixture';
import { fakeApi, renderPage } from './renderPage';

// Partial invoices and shipments on the order page: per-line quantities that start at what is
// left, are checked before anything is sent, and reach the server as lines; and the PDFs of every
// invoice, packing slip and credit memo, for viewers too.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TWO_LINES = [
  {
    line: 1,
    sku: 'MUG',
    name: 'Mug',
    options: [],
    quantityOrdered: 2,
    quantityInvoiced: 1,
    quantityShipped: 0,
    quantityRefunded: 0,
    price: usd(10),
    rowTotal: usd(20),
  },
  {
    line: 2,
    sku: 'TEE',
    name: 'Tee',
    options: [],
    quantityOrdered: 3,
    quantityInvoiced: 0,
    quantityShipped: 1,
    quantityRefunded: 0,
    price: usd(15),
    rowTotal: usd(45),
  },
];

describe('partial invoices and shipments', () => {
  it('invoices chosen quantities, refusing more than is left before sending anything', async () => {
    const api = fakeApi({
      Order: () => ({ data: { order: order('PROCESSING', ['INVOICE', 'SHIP', 'REFUND'], { items: TWO_LINES }) } }),
      InvoiceOrder: () => ({ errors: [{ message: 'Line 2 (TEE) has 0 left to invoice; 1 were asked.' }] }),
    });
    renderPage(<OrderPage />, at);
    const form = (await screen.findByRole('heading', { name: 'Invoice' }, { timeout: 5000 })).closest(
      'form',
    ) as HTMLFormElement;
    const mug = within(form).getByRole('spinbutton', { name: /Mug \(MUG\)/ }) as HTMLInputElement;
    const tee = within(form).getByRole('spinbutton', { name: /Tee \(TEE\)/ }) as HTMLInputElement;
    // What is left: 1 of 2 mugs, 3 of 3 tees.
    expect([mug.value, tee.value]).toEqual(['1', '3']);
    expect(within(form).getByText('3 of 3 left; 0 leaves the line for later.')).toBeTruthy();
    fireEvent.change(tee, { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invoice' }));
    expect(await within(form).findByText('Tee: enter a whole number from 0 to 3.')).toBeTruthy();
    fireEvent.change(mug, { target: { value: '0' } });
    fireEvent.change(tee, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invoice' }));
    expect(await within(form).findByText('Enter a quantity of 1 or more on at least one line.')).toBeTruthy();
    expect(api.mutations()).toHaveLength(0);
    fireEvent.change(tee, { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invoice' }));
    // The server's refusal shows under the button, as an alert.
    expect(await within(form).findByText('Line 2 (TEE) has 0 left to invoice; 1 were asked.')).toBeTruthy();
    expect(api.mutations()[0]?.variables).toEqual({ number: '000000042', lines: [{ line: 2, quantity: 1 }] });
  });

  it('ships the lines of one parcel; everything left is sent as "the rest"', async () => {
    const api = fakeApi({
      Order: () => ({ data: { order: order('PROCESSING', ['INVOICE', 'SHIP', 'REFUND'], { items: TWO_LINES }) } }),
      ShipOrder: () => ({ data: { shipOrder: order('PROCESSING', ['INVOICE', 'SHIP'], { items: TWO_LINES }) } }),
    });
    renderPage(<OrderPage />, at);
    const form = (await screen.findByRole('heading', { name: 'Ship' })).closest('form') as HTMLFormElement;
    fireEvent.change(within(form).getByRole('textbox', { name: /Tracking number/ }), { target: { value: '1Z0001' } });
    fireEvent.change(within(form).getByRole('spinbutton', { name: /Tee \(TEE\)/ }), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ship order' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({
      input: {
        number: '000000042',
        carrier: 'ups',
        carrierTitle: null,
        trackingNumber: '1Z0001',
        lines: [{ line: 1, quantity: 2 }],
      },
    });
    expect(await screen.findByText('The parcel is on its way; the rest can be shipped later.')).toBeTruthy();
  });
});

describe('documents', () => {
  it('links every invoice, packing slip and credit memo to its PDF, for viewers too', async () => {
    fakeApi(
      {
        Order: () => ({
          data: {
            order: order('COMPLETE', [], {
              invoices: [
                {
                  number: '000000042',
                  createdAt: '2026-11-21T10:00:00Z',
                  grandTotal: usd(25),
                  lines: [{ line: 1, sku: 'MUG', quantity: 2 }],
                },
              ],
              shipments: [
                {
                  number: '000000042-1',
                  carrier: 'ups',
                  carrierTitle: 'UPS',
                  trackingNumber: '1Z0001',
                  createdAt: '2026-11-21T11:00:00Z',
                  lines: [{ line: 1, sku: 'MUG', quantity: 2 }],
                },
              ],
              refunds: [
                {
                  number: '000000042-R1',
                  returnedToStock: true,
                  createdAt: '2026-11-22T10:00:00Z',
                  grandTotal: usd(10),
                },
              ],
            }),
          },
        }),
      },
      'VIEWER',
    );
    renderPage(<OrderPage />, at);
    const invoice = await screen.findByRole('link', { name: 'Invoice 000000042 (PDF)' });
    expect(invoice.getAttribute('href')).toBe('/admin/documents/invoice/000000042.pdf');
    expect(invoice.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Packing slip 000000042-1 (PDF)' }).getAttribute('href')).toBe(
      '/admin/documents/packing-slip/000000042-1.pdf',
    );
    expect(screen.getByRole('link', { name: 'Credit memo 000000042-R1 (PDF)' }).getAttribute('href')).toBe(
      '/admin/documents/credit-memo/000000042-R1.pdf',
    );
    expect(screen.getByRole('region', { name: 'Shipments' }).textContent).toContain('Lines: 2 × MUG');
  });
});
