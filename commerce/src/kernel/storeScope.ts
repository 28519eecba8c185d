// The store view and currency a request is answered in. Every domain reads it (texts, prices,
// carts, addresses), so it lives in the kernel; domains/store/storeViews.ts makes it from the
// request's Store and Content-Currency headers.

/** The store view a request without a `Store` header is answered in. */
export const DEFAULT_STORE_ID = 1;

export interface StoreScope {
  id: number;
  code: string;
  locale: string;
  isDefault: boolean;
  baseCurrency: string;
  /** The currency amounts are shown in. */
  currency: string;
  /** Units of `currency` per unit of the base currency. */
  rate: number;
}
