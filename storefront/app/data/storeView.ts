// The store view and display currency a page is rendered in. The server picks them from the URL
// prefix (`/fr/…`) and the shopper's currency cookie and passes them in the load context; the
// page carries them on <html data-store data-currency>, so the browser's GraphQL client asks the
// API in the same store and currency, and keeps its persisted cache apart per store and currency.

export interface StoreView {
  /** Magento's store code, sent as the `Store` header (except for the default store). */
  code: string;
  isDefault: boolean;
  /** The URL prefix of the store (`/fr`), '' for the default store. */
  prefix: string;
  /** The display currency the shopper chose; null for the store's own default. */
  currency: string | null;
}

export const DEFAULT_STORE_VIEW: StoreView = { code: 'default', isDefault: true, prefix: '', currency: null };

/** The name of the cookie that holds the shopper's display currency (read by the server render). */
export const CURRENCY_COOKIE = 'vela_currency';

/** Magento's request headers for the store view and currency; none for the default store and currency. */
export function storeHeaders(view: StoreView): Record<string, string> {
  return {
    ...(view.isDefault ? {} : { Store: view.code }),
    ...(view.currency ? { 'Content-Currency': view.currency } : {}),
  };
}

/**
 * The GraphQL endpoint with the store and currency in its query string as well (`?store=fr&
 * currency=EUR`), so a cached GET names them in its URL: a CDN that keys on the URL alone (and
 * ignores Vary) cannot give one store's prices to another. The headers still choose, as in
 * Magento, which ignores the extra parameters; Vela's API lets shared caches keep an answer only
 * when the two agree (commerce/src/graphqlRuntime/cacheControlPlugin.ts).
 */
export function storeGraphqlUri(uri: string, view: StoreView): string {
  const params = new URLSearchParams();
  if (!view.isDefault) params.set('store', view.code);
  if (view.currency) params.set('currency', view.currency);
  const query = params.toString();
  if (query === '') return uri;
  return `${uri}${uri.includes('?') ? '&' : '?'}${query}`;
}

/** A stored cache holds one store's texts in one currency: each pair gets its own key. */
export function persistKeySuffix(view: StoreView): string {
  if (view.isDefault && !view.currency) return '';
  return `:${view.code}${view.currency ? `:${view.currency}` : ''}`;
}

/** The attributes <html> carries for the browser (see browserStoreView). */
export function storeViewAttributes(view: StoreView): Record<string, string> {
  return {
    'data-store': view.code,
    'data-store-prefix': view.prefix,
    ...(view.isDefault ? { 'data-default-store': '' } : {}),
    ...(view.currency ? { 'data-currency': view.currency } : {}),
  };
}

/** The page's store view, as the server rendered it. */
export function browserStoreView(root: HTMLElement = document.documentElement): StoreView {
  const code = root.dataset.store;
  if (!code) return DEFAULT_STORE_VIEW;
  return {
    code,
    isDefault: root.dataset.defaultStore !== undefined,
    prefix: root.dataset.storePrefix ?? '',
    currency: root.dataset.currency ?? null,
  };
}
