import { ApolloClient } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createRoutesStub } from 'react-router';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../data/cache';
import { AccountOverview } from './AccountOverview';
import { OrderHistory } from './OrderHistory';

// The customer as the AccountOverview query answers; the root loader's menu feeds "Start shopping".
const money = (value: number) => ({ __typename: 'Money', value, currency: 'USD' });
const address = (id: number, city: string, shipping: boolean, billing: boolean) => ({
  __typename: 'CustomerAddress',
  id,
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Main St'],
  city,
  postcode: '78701',
  telephone: '555-0100',
  country_code: 'US',
  region: { __typename: 'CustomerAddressRegion', region: 'Texas', region_code: 'TX', region_id: 57 },
  default_shipping: shipping,
  default_billing: billing,
});
const order = (number: string, value: number) => ({
  __typename: 'CustomerOrder',
  id: `o${number}`,
  number,
  order_date: '2026-11-20 10:00:00',
  status: 'Pending',
  state: 'new',
  total: { __typename: 'OrderTotal', grand_total: money(value) },
});

function customer(withHistory: boolean) {
  return {
    __typename: 'Customer',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
    default_shipping: withHistory ? '1' : null,
    default_billing: withHistory ? '2' : null,
    addresses: withHistory ? [address(1, 'Austin', true, false), address(2, 'Dallas', false, true)] : [],
    orders: {
      __typename: 'CustomerOrders',
      total_count: withHistory ? 7 : 0,
      items: withHistory ? [order('000000007', 95.5), order('000000006', 20)] : [],
    },
    wishlists: [
      {
        __typename: 'Wishlist',
        id: 'w1',
        items_count: withHistory ? 5 : 0,
        items_v2: {
          __typename: 'WishlistItems',
          items: withHistory
            ? [
                {
                  __typename: 'SimpleWishlistItem',
                  id: 'i1',
                  product: {
                    __typename: 'SimpleProduct',
                    uid: 'p1',
                    name: 'Luna Pullover Hoodie',
                    url_key: 'luna-pullover-hoodie',
                    url_suffix: '.html',
                    small_image: { __typename: 'ProductImage', url: '/media/luna.png', label: 'Luna' },
                  },
                },
              ]
            : [],
        },
      },
    ],
  };
}

function renderWith(ui: React.ReactNode, withHistory: boolean) {
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const data =
          operation.operationName === 'AccountOrders'
            ? { customer: { __typename: 'Customer', orders: customer(withHistory).orders } }
            : { customer: customer(withHistory) };
        observer.next({ data });
        observer.complete();
      }),
  );
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ menu: [{ uid: 'c1', name: 'Women', url: '/women.html' }] }),
      Component: () => (
        <IntlProvider locale="en-US" defaultLocale="en-US">
          <ApolloProvider client={new ApolloClient({ link, cache: createCache() })}>{ui}</ApolloProvider>
        </IntlProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

afterEach(cleanup);

describe('AccountOverview', () => {
  it('opens on the latest orders, the default addresses, the wish list and the profile, each with its way to edit', async () => {
    renderWith(<AccountOverview />, true);
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();

    const orders = screen.getByRole('region', { name: 'Recent orders' });
    expect(within(orders).getByRole('link', { name: '#000000007' }).getAttribute('href')).toBe(
      '/account/orders/000000007',
    );
    expect(within(orders).getByText('$95.50')).toBeTruthy();
    expect(within(orders).getByRole('link', { name: 'View all 7 orders' }).getAttribute('href')).toBe(
      '/account/orders',
    );

    const addresses = screen.getByRole('region', { name: 'Default addresses' });
    const shipping = within(addresses).getByRole('heading', { name: 'Default shipping address' }).parentElement!;
    expect(within(shipping).getByText(/Austin/)).toBeTruthy();
    const billing = within(addresses).getByRole('heading', { name: 'Default billing address' }).parentElement!;
    expect(within(billing).getByText(/Dallas/)).toBeTruthy();

    const wishlist = screen.getByRole('region', { name: 'Wish list' });
    expect(within(wishlist).getByText('5 products kept')).toBeTruthy();
    expect(within(wishlist).getByRole('link', { name: 'Luna Pullover Hoodie' }).getAttribute('href')).toBe(
      '/luna-pullover-hoodie.html',
    );

    const profile = screen.getByRole('region', { name: 'Account information' });
    expect(within(profile).getByText('ada@example.com')).toBeTruthy();
    expect(within(profile).getByRole('link', { name: 'Edit name, e-mail or password' }).getAttribute('href')).toBe(
      '/account/information',
    );
  });

  it('offers categories, not a search box, to a customer with no orders yet', async () => {
    renderWith(<AccountOverview />, false);
    const orders = await screen.findByRole('region', { name: 'Recent orders' });
    expect(within(orders).getByText('You have not placed an order yet.')).toBeTruthy();
    expect((await within(orders).findByRole('link', { name: 'Women' })).getAttribute('href')).toBe('/women.html');
    expect(screen.getByRole('link', { name: 'Add an address' })).toBeTruthy();
  });
});

describe('OrderHistory with no orders', () => {
  it('says so and offers categories to start shopping instead of the order search', async () => {
    renderWith(<OrderHistory params={{ number: '', pageSize: 10 }} />, false);
    expect(await screen.findByText('You have not placed an order yet.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Categories to shop' });
    expect(within(nav).getByRole('link', { name: 'Women' })).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
  });
});
