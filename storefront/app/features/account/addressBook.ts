import type { MessageDescriptor } from 'react-intl';
import type { AccountAddressFieldsFragment, CountryCodeEnum, CustomerAddressInput } from '../../__generated__/graphql';
import type { CountryChoice } from '../../shared/countries';
import { fieldMessages } from '../../ui/fieldMessages';

export interface AddressValues {
  firstname: string;
  lastname: string;
  street1: string;
  street2: string;
  city: string;
  postcode: string;
  telephone: string;
  countryCode: string;
  /** Numeric region id as text, for countries with a region list. */
  regionId: string;
  /** Free text, for countries without one. */
  region: string;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

export type AddressTextField = Exclude<keyof AddressValues, 'defaultShipping' | 'defaultBilling'>;

export function emptyAddressValues(countryCode = 'US'): AddressValues {
  return {
    firstname: '',
    lastname: '',
    street1: '',
    street2: '',
    city: '',
    postcode: '',
    telephone: '',
    countryCode,
    regionId: '',
    region: '',
    defaultShipping: false,
    defaultBilling: false,
  };
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

export function validateAddressValues(
  values: AddressValues,
  country: CountryChoice | undefined,
): Partial<Record<AddressTextField, MessageDescriptor>> {
  const errors: Partial<Record<AddressTextField, MessageDescriptor>> = {};
  for (const field of ['firstname', 'lastname', 'street1', 'city', 'postcode', 'telephone'] as const) {
    if (values[field].trim() === '') errors[field] = fieldMessages.required;
  }
  if (!country) errors.countryCode = fieldMessages.required;
  else if (country.regions.length > 0 && !values.regionId) errors.regionId = fieldMessages.required;
  return errors;
}
