import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../data/cache';
import { SavedPaymentMethods } from './SavedPaymentMethods';

// The GraphQL answers are fixtures served by a link in this test: the customer's kept cards as
// customerPaymentTokens lists them, and deletePaymentToken's answer; Stripe's saved cards as
// listStripePaymentMethods lists them, and deleteStripePaymentMethod's answer.
const VISA = 'a'.repeat(64);
const AMEX = 'b'.repeat(64);
const token = (hash: string, type: string, last4: string) => ({
  __typename: 'PaymentToken',
  public_hash: hash,
  payment_method_code: 'braintree',
  type: 'card',
  details: JSON.stringify({ type, maskedCC: last4, expirationDate: '12/2030' }),
});

function renderPage() {
  const sent: Array<{ name: string; variables: Record<string, unknown> }> = [];
  let cards = [token(VISA, 'VI', '1111'), token(AMEX, 'AE', '0005')];
  let stripeCards = [
    {
      __typename: 'StripePaymentMethod',
      id: 'pm_saved4444',
      type: 'card',
      brand: 'mastercard',
      label: 'Mastercard •••• 4444',
      exp_month: 4,
      exp_year: 2033,
    },
  ];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push({ name: operation.operationName ?? '', variables: operation.variables });
        const items = () => ({ __typename: 'CustomerPaymentTokens', items: cards });
        if (operation.operationName === 'AccountStripeSavedCards')
          observer.next({ data: { listStripePaymentMethods: stripeCards } });
        else if (operation.operationName === 'DeleteStripeSavedCard') {
          stripeCards = stripeCards.filter((c) => c.id !== operation.variables.paymentMethodId);
          observer.next({ data: { deleteStripePaymentMethod: 'deleted' } });
        } else if (operation.operationName === 'DeleteSavedPaymentMethod') {
          cards = cards.filter((c) => c.public_hash !== operation.variables.publicHash);
          observer.next({
            data: {
              deletePaymentToken: {
                __typename: 'DeletePaymentTokenOutput',
                result: true,
                customerPaymentTokens: items(),
              },
            },
          });
        } else observer.next({ data: { customerPaymentTokens: items() } });
        observer.complete();
      }),
  );
  render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <ApolloProvider client={new ApolloClient({ link, cache: createCache() })}>
        <SavedPaymentMethods />
      </ApolloProvider>
    </IntlProvider>,
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('saved payment methods', () => {
  it('lists the kept cards by brand, last digits and expiry', async () => {
    renderPage();
    expect(await screen.findByText('Visa ending in 1111')).toBeTruthy();
    expect(screen.getByText('American Express ending in 0005')).toBeTruthy();
    expect(screen.getAllByText('Expires 12/2030')).toHaveLength(2);
  });

  it('deletes nothing when the shopper does not confirm', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const sent = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa ending in 1111' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Visa ending in 1111'));
    expect(sent.map((s) => s.name)).not.toContain('DeleteSavedPaymentMethod');
    expect(screen.getByText('Visa ending in 1111')).toBeTruthy();
  });

  it('deletes a confirmed card, says so, and lists the cards left', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const sent = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa ending in 1111' }));
    expect((await screen.findByText('The card Visa ending in 1111 was deleted.')).getAttribute('role')).toBe('status');
    expect(sent.find((s) => s.name === 'DeleteSavedPaymentMethod')?.variables).toEqual({ publicHash: VISA });
    await waitFor(() => expect(screen.queryByText('Visa ending in 1111')).toBeNull());
    expect(screen.getByText('American Express ending in 0005')).toBeTruthy();
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it("lists Stripe's saved cards beside Braintree's, and deletes one at Stripe after confirmation", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const sent = renderPage();
    expect(await screen.findByText('Mastercard ending in 4444')).toBeTruthy();
    expect(screen.getByText('Expires 04/2033')).toBeTruthy();
    expect(screen.getByText('Visa ending in 1111')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Mastercard ending in 4444' }));
    expect((await screen.findByText('The card Mastercard ending in 4444 was deleted.')).getAttribute('role')).toBe(
      'status',
    );
    expect(sent.find((s) => s.name === 'DeleteStripeSavedCard')?.variables).toEqual({
      paymentMethodId: 'pm_saved4444',
    });
    expect(sent.map((s) => s.name)).not.toContain('DeleteSavedPaymentMethod');
    await waitFor(() => expect(screen.queryByText('Mastercard ending in 4444')).toBeNull());
    expect(screen.getByText('Visa ending in 1111')).toBeTruthy();
  });
});
