import type { AddressLines } from './AddressSummary';

interface CartAddress {
  firstname: string;
  lastname: string;
  street: ReadonlyArray<string | null>;
  city: string;
  postcode?: string | null;
  telephone?: string | null;
  region?: { label?: string | null } | null;
  country: { label: string };
}

export function cartAddressLines(address: CartAddress): AddressLines {
  return { ...address, region: address.region?.label ?? null, country: address.country.label };
}
