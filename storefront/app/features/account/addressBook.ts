import type { MessageDescriptor } from 'react-intl';
import type { AccountAddressFieldsFragment, CountryCodeEnum, CustomerAddressInput } from '../../__generated__/graphql';
import type { CountryChoice } from '../../shared/countries';
import {
  DEFAULT_COUNTRY,
  emptyAddress,
  validateAddress,
  type AddressDraft,
  type AddressField,
} from '../../shared/address';

/** The shared address with the address book's two flags. */
export interface AddressValues extends AddressDraft {
  defaultShipping: boolean;
  defaultBilling: boolean;
}

export type AddressTextField = AddressField;

export function emptyAddressValues(countryCode = DEFAULT_COUNTRY): AddressValues {
  return { ...emptyAddress(countryCode), defaultShipping: false, defaultBilling: false };
}

export function valuesFromAddress(address: AccountAddressFieldsFragment): AddressValues {
  const regionId = address.region?.region_id;
  return {
    firstname: address.firstname ?? '',
    lastname: address.lastname ?? '',
    street1: address.street?.[0] ?? '',
    street2: address.street?.[1] ?? '',
    city: address.city ?? '',
    postcode: address.postcode ?? '',
    telephone: address.telephone ?? '',
    countryCode: address.country_code ?? '',
    regionId: regionId ? String(regionId) : '',
    region: regionId ? '' : (address.region?.region ?? ''),
    defaultShipping: Boolean(address.default_shipping),
    defaultBilling: Boolean(address.default_billing),
  };
}

/** Magento's input: a region id (with its code and name) where the country has a list, else the typed name. */
export function toCustomerAddressInput(
  values: AddressValues,
  country: CountryChoice | undefined,
): CustomerAddressInput {
  const listed = country?.regions.find((region) => String(region.id) === values.regionId);
  const hasRegions = (country?.regions.length ?? 0) > 0;
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    street: [values.street1.trim(), values.street2.trim()].filter(Boolean),
    city: values.city.trim(),
    postcode: values.postcode.trim() || null,
    telephone: values.telephone.trim(),
    country_code: values.countryCode as CountryCodeEnum,
    region:
      hasRegions && listed
        ? { region_id: listed.id, region_code: listed.code, region: listed.name }
        : { region: values.region.trim() || null },
    default_shipping: values.defaultShipping,
    default_billing: values.defaultBilling,
  };
}

/** The same rules as checkout (shared/address), so an address saved here is one checkout accepts. */
export function validateAddressValues(
  values: AddressValues,
  country: CountryChoice | undefined,
): Partial<Record<AddressTextField, MessageDescriptor>> {
  return validateAddress(values, country);
}
