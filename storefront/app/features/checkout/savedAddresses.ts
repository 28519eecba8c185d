import type { AddressLines } from './AddressSummary';

/** A signed-in customer's address-book entry, as the route hands it to checkout. */
export interface SavedAddress {
  id: number;
  address: AddressLines;
  defaultShipping: boolean;
}

/** The choice a returning customer starts with: the default shipping address, else the first one. */
export function initialAddressChoice(saved: readonly SavedAddress[]): string {
  const preferred = saved.find((entry) => entry.defaultShipping) ?? saved[0];
  return preferred ? String(preferred.id) : 'new';
}
