import { defineMessages, type MessageDescriptor } from 'react-intl';
import { fieldMessages } from '@vela/ui/fieldMessages';
import type { CountryChoice } from './countries';

// The one address model and its rules, for the address book and checkout alike. The rules follow
// what the server accepts; the server's own answer still has the last word.

/** An address as the shopper types it; everything is a string so the form and sessionStorage stay simple. */
export interface AddressDraft {
  firstname: string;
  lastname: string;
  street1: string;
  street2: string;
  city: string;
  postcode: string;
  telephone: string;
  countryCode: string;
  /** Numeric region id as a string, for countries with a region list. */
  regionId: string;
  /** Free-text region, for countries without a region list. */
  region: string;
}

export type AddressField = keyof AddressDraft;

export const DEFAULT_COUNTRY = 'US';

export function emptyAddress(countryCode = DEFAULT_COUNTRY): AddressDraft {
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
  };
}

export const addressMessages = defineMessages({
  postcodeInvalid: {
    id: 'checkout.address.postcodeInvalid',
    defaultMessage: 'Enter a valid postal code for this country',
  },
  telephoneInvalid: {
    id: 'checkout.address.telephoneInvalid',
    defaultMessage: 'Enter a valid phone number (6 to 15 digits)',
  },
});

// Formats for the countries most orders go to; elsewhere any plausible code passes and the
// carrier's own check has the last word.
const POSTCODE_FORMATS: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  NL: /^\d{4} ?[A-Za-z]{2}$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
};
const ANY_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

export function isPlausiblePostcode(postcode: string, countryCode: string): boolean {
  const value = postcode.trim();
  return (POSTCODE_FORMATS[countryCode] ?? ANY_POSTCODE).test(value);
}

/** 6 to 15 digits (E.164 allows 15), written with the usual separators and an optional leading +. */
export function isPlausibleTelephone(telephone: string): boolean {
  const value = telephone.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Every problem of the draft at once, so the shopper sees them all before the first request. */
export function validateAddress(
  draft: AddressDraft,
  country: CountryChoice | undefined,
): Partial<Record<AddressField, MessageDescriptor>> {
  const errors: Partial<Record<AddressField, MessageDescriptor>> = {};
  const blank = (value: string) => value.trim() === '';
  for (const field of ['firstname', 'lastname', 'street1', 'city', 'telephone'] as const) {
    if (blank(draft[field])) errors[field] = fieldMessages.required;
  }
  if (!country) errors.countryCode = fieldMessages.required;
  // Each country's own rules (countries.ts): Germany has a list of Länder but needs none of them.
  if (country?.regionRequired && !draft.regionId) errors.regionId = fieldMessages.required;
  if (blank(draft.postcode)) {
    if (country?.postcodeRequired ?? true) errors.postcode = fieldMessages.required;
  } else if (!isPlausiblePostcode(draft.postcode, draft.countryCode)) {
    errors.postcode = addressMessages.postcodeInvalid;
  }
  if (!errors.telephone && !isPlausibleTelephone(draft.telephone)) errors.telephone = addressMessages.telephoneInvalid;
  return errors;
}
