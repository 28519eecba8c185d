import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCartId, setCartId } from '../../data/cartId';
import { clearCustomerToken, setCustomerToken } from '../../data/customerSession';
import { DEFAULT_STORE_VIEW, type StoreView } from '../../data/storeView';
import frFR from '../../i18n/fr_FR.json';
import { StoreAlternates, StoreSwitcher } from './StoreSwitcher';
import type { StoreChoices } from './storeChoices';

// The footer's store and currency switchers, as a French page and an English page render them:
// links and a plain form, so they work before (and without) JavaScript.

const TWO_STORES: StoreChoices = {
  stores: [
    { code: 'default', locale: 'en_US', prefix: '' },
    { code: 'fr', locale: 'fr_FR', prefix: '/fr' },
  ],
  currencies: ['EUR', 'USD'],
  defaultCurrency: 'EUR',
};
const FRENCH: StoreView = { code: 'fr', isDefault: false, prefix: '/fr', currency: null };

/** A page of `view` at `url` (the full address, prefix included), under the store's basename as the server renders it. */
function renderPage(view: StoreView, url: string, choices: StoreChoices = TWO_STORES) {
  const french = view.code === 'fr';
  return render(
    <IntlProvider locale={french ? 'fr-FR' : 'en-US'} defaultLocale="en-US" messages={french ? frFR : undefined}>
      <MemoryRouter basename={view.prefix || undefined} initialEntries={[url]}>
        <StoreSwitcher choices={choices} current={view} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  clearCartId();
  clearCustomerToken();
});

describe('StoreSwitcher on a French page', () => {
  it('links English to the same page at the root, and marks Français as the current store', () => {
    renderPage(FRENCH, '/fr/femme.html?page=2');
    const nav = screen.getByRole('navigation', { name: 'Langue et boutique' });
    const english = within(nav).getByRole('link', { name: 'English' });
    expect(english.getAttribute('href')).toBe('/femme.html?page=2');
    expect(english.getAttribute('hreflang')).toBe('en-US');
    expect(english.getAttribute('lang')).toBe('en-US');

    const current = within(nav).getByText('Français');
    expect(current.tagName).not.toBe('A');
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(current.getAttribute('lang')).toBe('fr-FR');
    // Exactly one link: the current store is not one.
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
  });

  it("posts the currency to /currency with the page's full address (store prefix included) to come back to", () => {
    const { container } = renderPage(FRENCH, '/fr/femme.html?page=2');
    const form = container.querySelector('form');
    expect(form).not.toBeNull();
    expect(form!.getAttribute('method')).toBe('post');
    expect(form!.getAttribute('action')).toBe('/currency');
    const data = new FormData(form!);
    expect(data.get('return')).toBe('/fr/femme.html?page=2');
    // The store's own currency is selected when the shopper chose none.
    expect(data.get('currency')).toBe('EUR');
    const select = screen.getByRole('combobox', { name: 'Devise' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['EUR', 'USD']);
    expect(screen.getByRole('button', { name: 'Changer de devise' })).toBeTruthy();
  });

  it("selects the shopper's chosen currency", () => {
    const { container } = renderPage({ ...FRENCH, currency: 'USD' }, '/fr/');
    const data = new FormData(container.querySelector('form')!);
    expect(data.get('currency')).toBe('USD');
    expect(data.get('return')).toBe('/fr/');
  });
});

describe('StoreSwitcher on an English page', () => {
  it('links Français under /fr and marks English as current; the form comes back to the unprefixed page', () => {
    const { container } = renderPage(DEFAULT_STORE_VIEW, '/women.html', { ...TWO_STORES, defaultCurrency: 'USD' });
    const french = screen.getByRole('link', { name: 'Français' });
    expect(french.getAttribute('href')).toBe('/fr/women.html');
    expect(french.getAttribute('hreflang')).toBe('fr-FR');
    expect(screen.getByText('English').getAttribute('aria-current')).toBe('true');
    const data = new FormData(container.querySelector('form')!);
    expect(data.get('return')).toBe('/women.html');
    expect(data.get('currency')).toBe('USD');
  });
});

describe('the cart hint', () => {
  const hint = /Votre panier reste dans cette boutique/;

  it('tells a guest with a cart that another store starts a new cart', () => {
    setCartId('guest-cart');
    renderPage(FRENCH, '/fr/');
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it('is not shown without a cart', () => {
    renderPage(FRENCH, '/fr/');
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('is not shown to a signed-in customer', () => {
    setCartId('customer-cart');
    setCustomerToken('token', null);
    renderPage(FRENCH, '/fr/');
    expect(screen.queryByText(hint)).toBeNull();
  });
});

describe('what a store offers nothing to switch to', () => {
  it('shows no store links with one store, and no form with one currency', () => {
    const { container } = renderPage(DEFAULT_STORE_VIEW, '/', {
      stores: [{ code: 'default', locale: 'en_US', prefix: '' }],
      currencies: ['USD'],
      defaultCurrency: 'USD',
    });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(container.querySelector('form')).toBeNull();
  });

  it('shows no form when the currency is unknown (the API did not answer)', () => {
    const { container } = renderPage(FRENCH, '/fr/', { ...TWO_STORES, defaultCurrency: null });
    expect(container.querySelector('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'English' })).toBeTruthy();
  });
});

describe('StoreAlternates', () => {
  it('names the page in every store, and the default store as x-default', () => {
    render(
      <MemoryRouter basename="/fr" initialEntries={['/fr/femme.html']}>
        <StoreAlternates choices={TWO_STORES} origin="https://shop.example" />
      </MemoryRouter>,
    );
    const alternates = [...document.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(alternates).toEqual([
      ['en-US', 'https://shop.example/femme.html'],
      ['fr-FR', 'https://shop.example/fr/femme.html'],
      ['x-default', 'https://shop.example/femme.html'],
    ]);
  });
});
