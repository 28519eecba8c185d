import type { Kysely } from 'kysely';
import type { Database, StoreViewTable } from '../../db/tables';
import { catalogVersionOfRequest } from '../../db/catalogIndex';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { inputError, noSuchEntityError } from '../errors';
import { DEFAULT_STORE_ID, type StoreScope } from '../../kernel/storeScope';

export { DEFAULT_STORE_ID, type StoreScope };

// Which store view and currency a request is answered in, from Magento's `Store` and
// `Content-Currency` headers. Store views and exchange rates change with the catalog (a change
// bumps the catalog version, which also drops cached answers holding converted prices), so each
// process keeps them per catalog version instead of reading them for every request.

export interface StoreViewSetup {
  stores: StoreViewTable[];
  baseCurrency: string;
  /** Rates from the base currency, by target currency (the base itself at 1). */
  rates: Map<string, number>;
}

/** The currencies a store offers that have a rate: a currency without one cannot be shown. */
export function availableCurrencies(setup: StoreViewSetup, store: StoreViewTable): string[] {
  const codes = store.allowed_currency_codes
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (!codes.includes(store.default_display_currency_code)) codes.unshift(store.default_display_currency_code);
  return codes.filter((code) => setup.rates.has(code));
}

export async function loadStoreViewSetup(db: Kysely<Database>): Promise<StoreViewSetup> {
  const [stores, baseCurrency] = await Promise.all([
    db.selectFrom('store_view').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute(),
    baseCurrencyCode(db),
  ]);
  const rateRows = await db
    .selectFrom('currency_rate')
    .select(['currency_to', 'rate'])
    .where('currency_from', '=', baseCurrency)
    .execute();
  const rates = new Map(rateRows.map((r) => [r.currency_to, Number(r.rate)]));
  rates.set(baseCurrency, 1);
  return { stores, baseCurrency, rates };
}

/** A store-less shop (no store_view row yet: a test database, or the seed still running) is one default store. */
function fallbackStore(baseCurrency: string): StoreViewTable {
  return {
    id: DEFAULT_STORE_ID,
    code: 'default',
    name: 'Default Store View',
    locale: 'en_US',
    default_display_currency_code: baseCurrency,
    allowed_currency_codes: baseCurrency,
    sort_order: 0,
    is_active: 1,
  };
}

export function defaultStoreOf(setup: StoreViewSetup): StoreViewTable {
  return setup.stores.find((s) => s.id === DEFAULT_STORE_ID) ?? setup.stores[0] ?? fallbackStore(setup.baseCurrency);
}

/**
 * The scope a request asks for. An unknown store or a currency the store does not offer is an
 * error for the whole request, as in Magento: answering in another store would be wrong data.
 */
export function scopeFor(setup: StoreViewSetup, storeCode: string | null, currencyCode: string | null): StoreScope {
  const code = storeCode?.trim() || null;
  const store = code === null ? defaultStoreOf(setup) : setup.stores.find((s) => s.code === code);
  if (!store) throw noSuchEntityError('Requested store is not found');
  const currencies = availableCurrencies(setup, store);
  const wanted = currencyCode?.trim().toUpperCase() || null;
  if (wanted !== null && !currencies.includes(wanted)) {
    throw inputError(`Currency not allowed for store ${store.code}`);
  }
  const currency = wanted ?? currencies[0] ?? setup.baseCurrency;
  return {
    id: store.id,
    code: store.code,
    locale: store.locale,
    isDefault: store.id === defaultStoreOf(setup).id,
    baseCurrency: setup.baseCurrency,
    currency,
    rate: setup.rates.get(currency) ?? 1,
  };
}

/** Per process: the store views and rates of the current catalog version. */
export function createStoreViewCache(db: Kysely<Database>) {
  let cached: { version: number; loading: Promise<StoreViewSetup> } | null = null;
  return {
    async setup(): Promise<StoreViewSetup> {
      const version = await catalogVersionOfRequest(db);
      if (cached?.version !== version) {
        const loading = loadStoreViewSetup(db);
        cached = { version, loading };
        loading.catch(() => {
          if (cached?.loading === loading) cached = null;
        });
      }
      return cached.loading;
    },
  };
}

export type StoreViewCache = ReturnType<typeof createStoreViewCache>;
