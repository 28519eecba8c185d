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

const authorization = {
  kind: 'AUTHORIZATION',
  status: 'succeeded',
  amount: usd(25),
  gatewayId: 'pi_123',
  failure: null,
  createdAt: '2026-11-20T10:00:00Z',
};
const capture = { ...authorization, kind: 'CAPTURE', createdAt: '2026-11-21T10:00:00Z' };
const card = { paymentMethod: 'Pay by Card' };

/** Authorised at placement, nothing captured yet (STRIPE_CAPTURE=later). */
const held = () => order('PROCESSING', ['SHIP'], { ...card, totalPaid: usd(0), paymentTransactions: [authorization] });
/** Captured in full, $5 refunded already: $20 is left to refund. */
const captured = () =>
  order('PROCESSING', ['SHIP', 'REFUND'], {
    ...card,
    totalRefunded: usd(5),
    paymentTransactions: [
      authorization,
      capture,
      { ...authorization, kind: 'REFUND', amount: usd(5), gatewayId: 're_1', createdAt: '2026-11-22T10:00:00Z' },
    ],
  });

const paymentSection = async () => (await screen.findByRole('heading', { name: 'Payment' })).closest('section')!;

describe('the order page’s payment section', () => {
  it('lists the gateway’s transactions and offers capture and void while the money is held', async () => {
    fakeApi({ Order: () => ({ data: { order: held() } }) });
    renderPage(<OrderPage />, at);
    const section = await paymentSection();
    const rows = within(section).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain('Authorization');
    expect(rows[1]?.textContent).toContain('$25.00');
    expect(rows[1]?.textContent).toContain('pi_123');
    expect(rows[1]?.textContent).toContain('Succeeded');
    expect(within(section).getByRole('button', { name: 'Capture' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Void' })).toBeTruthy();
    expect(within(section).queryByRole('heading', { name: 'Refund to the card' })).toBeNull();
  });

  it('shows nothing for an offline payment', async () => {
    fakeApi({ Order: () => ({ data: { order: order('PENDING', ['INVOICE']) } }) });
    renderPage(<OrderPage />, at);
    await screen.findByRole('button', { name: 'Invoice' });
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });

  it('captures after a confirmation and shows the order the server answers', async () => {
    const api = fakeApi({
      Order: () => ({ data: { order: held() } }),
      CapturePayment: () => ({ data: { capturePayment: order('PROCESSING', ['SHIP', 'REFUND'], captured()) } }),
    });
    renderPage(<OrderPage />, at);
    fireEvent.click(within(await paymentSection()).getByRole('button', { name: 'Capture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Capture $25.00 for order 000000042?' });
    expect(api.mutations()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, capture' }));
    expect(await screen.findByText('The payment for order 000000042 is captured.')).toBeTruthy();
    expect(api.mutations()[0]?.operationName).toBe('CapturePayment');
    expect(api.mutations()[0]?.variables).toEqual({ number: '000000042' });
    const section = await paymentSection();
    expect(within(section).getAllByRole('row')).toHaveLength(4);
    expect(within(section).queryByRole('button', { name: 'Capture' })).toBeNull();
    expect(within(section).getByRole('heading', { name: 'Refund to the card' })).toBeTruthy();
  });

  it('refuses a partial refund over what is left without asking the server, then shows its refusal', async () => {
    const api = fakeApi({
      Order: () => ({ data: { order: captured() } }),
      RefundPayment: () => ({ errors: [{ message: 'The payment gateway refused: charge already refunded' }] }),
    });
    renderPage(<OrderPage />, at);
    const section = await paymentSection();
    expect(within(section).getByRole('radio', { name: 'All that is left ($20.00)' })).toBeTruthy();
    fireEvent.click(within(section).getByRole('radio', { name: 'Part of it' }));
    const amount = within(section).getByRole('textbox', { name: /Amount to refund \(USD\)/ });
    fireEvent.change(amount, { target: { value: '20.01' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Refund' }));
    expect(await within(section).findByText('Enter an amount greater than 0 and no more than $20.00.')).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.mutations()).toHaveLength(0);
    fireEvent.change(amount, { target: { value: '7.5' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $7.50 to the card?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(section).findByText('The payment gateway refused: charge already refunded')).toBeTruthy();
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({ number: '000000042', amount: 7.5 });
  });

  it('names the new statuses and the section in Magento’s French', async () => {
    fakeApi({ Order: () => ({ data: { order: { ...held(), status: 'PAYMENT_REVIEW' } } }) });
    renderPage(<OrderPage />, { ...at, french: true });
    expect(await screen.findByText('Vérification du paiement')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paiement' })).toBeTruthy();
    expect(screen.getByText('Autorisation')).toBeTruthy();
  });
});
