import type { CartAddressInput } from '../../__generated__/graphql';
import type { CountryChoice } from '../../shared/countries';
import type { AddressDraft } from '../../shared/address';

interface CartAddressLike {
  firstname: string;
  lastname: string;
  street: ReadonlyArray<string | null>;
  city: string;
  postcode?: string | null;
  telephone?: string | null;
  region?: { label?: string | null; region_id?: number | null } | null;
  country: { code: string };
}

/** The form's starting point from an address the cart already holds (another tab, an earlier visit). */
export function draftFromCartAddress(address: CartAddressLike): AddressDraft {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    street1: address.street[0] ?? '',
    street2: address.street[1] ?? '',
    city: address.city,
    postcode: address.postcode ?? '',
    telephone: address.telephone ?? '',
    countryCode: address.country.code,
    regionId: address.region?.region_id != null ? String(address.region.region_id) : '',
    region: address.region?.region_id != null ? '' : (address.region?.label ?? ''),
  };
}

/** The Magento input for a validated draft: a region id where the country has a list, else its name. */
export function toCartAddressInput(draft: AddressDraft, country: CountryChoice | undefined): CartAddressInput {
  const hasRegions = (country?.regions.length ?? 0) > 0;
  const street = [draft.street1.trim(), draft.street2.trim()].filter(Boolean);
  return {
    firstname: draft.firstname.trim(),
    lastname: draft.lastname.trim(),
    street,
    city: draft.city.trim(),
    postcode: draft.postcode.trim() || null,
    telephone: draft.telephone.trim(),
    country_code: draft.countryCode,
    ...(hasRegions
      ? { region_id: draft.regionId ? Number(draft.regionId) : null }
      : { region: draft.region.trim() || null }),
    save_in_address_book: false,
  };
}
