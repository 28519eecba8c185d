import type { GraphQLTransport } from './storefrontHandler';

// The store views the storefront serves, as the GraphQL backend (embedded or Magento) reports
// them: each store's code, URL prefix (the path of its base_link_url, Magento's "store code in
// URL"), locale and the currencies a shopper may choose. Read once a minute, not per page.

export interface StoreEntry {
  code: string;
  /** '' for the default store; '/fr' for a store whose links start with /fr/. */
  prefix: string;
  isDefault: boolean;
  locale: string;
  defaultCurrency: string;
  currencies: string[];
}

const STORES_QUERY = `query VelaStoreDirectory { availableStores { store_code locale base_link_url is_default_store default_display_currency_code } }`;
const CURRENCY_QUERY = `query VelaStoreCurrencies { currency { available_currency_codes } }`;
const REFRESH_MS = 60_000;

interface StoreRow {
  store_code?: string | null;
  locale?: string | null;
  base_link_url?: string | null;
  is_default_store?: boolean | null;
  default_display_currency_code?: string | null;
}

/** `/fr/` or `https://shop.example/fr/` → `/fr`; the site root → ''. */
export function prefixOf(baseLinkUrl: string | null | undefined): string {
  if (!baseLinkUrl) return '';
  let pathname = baseLinkUrl;
  try {
    pathname = new URL(baseLinkUrl, 'http://relative.invalid').pathname;
  } catch {
    return '';
  }
  const trimmed = pathname.replace(/\/+$/, '');
  return /^(\/[A-Za-z0-9_-]+)+$/.test(trimmed) ? trimmed : '';
}

async function post(transport: GraphQLTransport, query: string, store?: string): Promise<unknown> {
  const response = await transport.fetch(transport.uri, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(store ? { Store: store } : {}) },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (!response.ok || body.errors || !body.data)
    throw new Error(`store directory: ${JSON.stringify(body.errors ?? response.status)}`);
  return body.data;
}

export async function readStoreDirectory(transport: GraphQLTransport): Promise<StoreEntry[]> {
  const data = (await post(transport, STORES_QUERY)) as { availableStores?: Array<StoreRow | null> | null };
  const rows = (data.availableStores ?? []).filter((r): r is StoreRow => Boolean(r?.store_code));
  const entries = await Promise.all(
    rows.map(async (row): Promise<StoreEntry> => {
      const isDefault = row.is_default_store === true;
      const currency = (await post(transport, CURRENCY_QUERY, isDefault ? undefined : row.store_code!)) as {
        currency?: { available_currency_codes?: Array<string | null> | null } | null;
      };
      const defaultCurrency = row.default_display_currency_code ?? 'USD';
      const currencies = (currency.currency?.available_currency_codes ?? []).filter((c): c is string => Boolean(c));
      return {
        code: row.store_code!,
        prefix: isDefault ? '' : prefixOf(row.base_link_url),
        isDefault,
        locale: row.locale ?? 'en_US',
        defaultCurrency,
        currencies: currencies.length > 0 ? currencies : [defaultCurrency],
      };
    }),
  );
  // A store without a prefix of its own cannot be reached by URL: only the default store may have none.
  return entries.filter((e) => e.isDefault || e.prefix !== '');
}

/**
 * The directory, refreshed in the background once it is a minute old. When the backend cannot
 * answer, pages are served as the default store (the render itself then reports the outage).
 */
export function createStoreDirectory(transportFor: (request: Request) => GraphQLTransport) {
  let current: { entries: StoreEntry[]; readAt: number } | null = null;
  let loading: Promise<StoreEntry[]> | null = null;
  const load = (request: Request) => {
    loading ??= readStoreDirectory(transportFor(request))
      .then((entries) => {
        current = { entries, readAt: Date.now() };
        return entries;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return {
    async stores(request: Request): Promise<StoreEntry[]> {
      if (current && Date.now() - current.readAt < REFRESH_MS) return current.entries;
      if (current) {
        void load(request).catch(() => undefined);
        return current.entries;
      }
      return load(request).catch(() => []);
    },
  };
}

/** The store a path belongs to: the one whose prefix starts it, else the default store. */
export function storeForPath(entries: readonly StoreEntry[], pathname: string): StoreEntry | null {
  const prefixed = entries.find(
    (e) => e.prefix !== '' && (pathname === e.prefix || pathname.startsWith(`${e.prefix}/`)),
  );
  return prefixed ?? entries.find((e) => e.isDefault) ?? null;
}

/** The display currency a shopper asked for (cookie), when the store offers it; null for the store's default. */
export function chosenCurrency(store: StoreEntry, cookieHeader: string | null, cookieName: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${cookieName}=([A-Z]{3})(?:;|$)`).exec(cookieHeader ?? '');
  const code = match?.[1] ?? null;
  return code && code !== store.defaultCurrency && store.currencies.includes(code) ? code : null;
}
