import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { FreeDeliveryProgress } from './FreeDeliveryProgress';

// The shop's answer to FreeDelivery: a fixture, or a Magento-like error for a shop without the setting.
function renderWith(subtotal: number, answer: 'threshold' | 'unknown field') {
  const link = new ApolloLink(
    () =>
      new Observable((observer) => {
        if (answer === 'unknown field')
          observer.next({ errors: [{ message: 'Cannot query field "free_shipping_active" on type "StoreConfig".' }] });
        else
          observer.next({
            data: {
              storeConfig: {
                __typename: 'StoreConfig',
                store_code: 'default',
                free_shipping_active: true,
                free_shipping_subtotal: 75,
              },
              currency: { __typename: 'Currency', base_currency_code: 'USD', exchange_rates: [] },
            },
          });
        observer.complete();
      }),
  );
  render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <ApolloProvider client={new ApolloClient({ link, cache: createCache() })}>
        <FreeDeliveryProgress subtotal={{ value: subtotal, currency: 'USD' }} />
      </ApolloProvider>
    </IntlProvider>,
  );
}

afterEach(cleanup);

describe('FreeDeliveryProgress', () => {
  it('says what is missing, with a progress bar a screen reader can read', async () => {
    renderWith(63, 'threshold');
    expect((await screen.findByTestId('free-delivery')).textContent).toContain('$12.00 away from free delivery');
    const bar = screen.getByRole('progressbar', { name: 'Towards free delivery' });
    expect(bar.getAttribute('aria-valuenow')).toBe('84');
    expect(bar.getAttribute('aria-valuetext')).toBe('$63.00 of $75.00');
  });

  it('says free delivery is unlocked from the threshold on', async () => {
    renderWith(80, 'threshold');
    expect((await screen.findByTestId('free-delivery')).textContent).toBe('Free delivery unlocked');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows nothing for a shop that does not serve the setting', async () => {
    renderWith(10, 'unknown field');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('free-delivery')).toBeNull();
  });
});
