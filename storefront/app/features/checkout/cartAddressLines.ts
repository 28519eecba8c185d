import type { AddressLines } from './AddressSummary';

interface CartAddress {
  firstname: string;
  lastname: string;
  street: ReadonlyArray<string | null>;
  city: string;
  postcode?: string | null;
  telephone?: string | null;
  region?: { code?: string | null; label?: string | null } | null;
  country: { code: string; label: string };
}

export function cartAddressLines(address: CartAddress): AddressLines {
  return {
    ...address,
    region: address.region?.label ?? null,
    regionCode: address.region?.code ?? null,
    country: address.country.label,
    countryCode: address.country.code,
  };
}
