import type { ApolloClient } from '@apollo/client';
import { StoreSwitcherQuery } from './storeSwitcherQuery';

export interface StoreChoice {
  code: string;
  locale: string;
  /** '' for the default store, '/fr' for a store under /fr/. */
  prefix: string;
}

export interface StoreChoices {
  stores: StoreChoice[];
  currencies: string[];
  defaultCurrency: string | null;
}

/** `/fr/` or `https://shop.example/fr/` → `/fr`; the site root → ''. */
export function storePrefixOfLink(baseLinkUrl: string | null | undefined, isDefault: boolean): string {
  if (isDefault || !baseLinkUrl) return '';
  let pathname: string;
  try {
    pathname = new URL(baseLinkUrl, 'http://relative.invalid').pathname;
  } catch {
    return '';
  }
  const trimmed = pathname.replace(/\/+$/, '');
  return /^(\/[A-Za-z0-9_-]+)+$/.test(trimmed) ? trimmed : '';
}

/** What the footer's store and currency switchers offer; a failure offers nothing rather than breaking the page. */
export async function loadStoreChoices(client: ApolloClient): Promise<StoreChoices> {
  try {
    const { data } = await client.query({ query: StoreSwitcherQuery });
    const stores = (data?.availableStores ?? []).flatMap((store) => {
      if (!store?.store_code || !store.locale) return [];
      const prefix = storePrefixOfLink(store.base_link_url, store.is_default_store === true);
      // A store without an address of its own cannot be linked to.
      if (store.is_default_store !== true && prefix === '') return [];
      return [{ code: store.store_code, locale: store.locale, prefix }];
    });
    const currencies = (data?.currency?.available_currency_codes ?? []).filter((c): c is string => Boolean(c));
    return { stores, currencies, defaultCurrency: data?.currency?.default_display_currency_code ?? null };
  } catch {
    return { stores: [], currencies: [], defaultCurrency: null };
  }
}
