import type { AddressField } from '../../shared/address';

// Magento names the offending input in its messages (`"postcode" is required…`,
// `Invalid value of "XX" provided for the countryId field.`); these point to our fields.
const MAGENTO_FIELDS: Record<string, AddressField> = {
  firstname: 'firstname',
  lastname: 'lastname',
  street: 'street1',
  city: 'city',
  postcode: 'postcode',
  telephone: 'telephone',
  countryId: 'countryCode',
  country_code: 'countryCode',
  regionId: 'regionId',
  region_id: 'regionId',
  region: 'region',
};

/**
 * Which address field a server message is about, or null when it concerns the step as a whole.
 * A region message goes to whichever region control the country shows.
 */
export function addressFieldOfServerError(message: string, hasRegionList: boolean): AddressField | null {
  const named = message.match(/^"(\w+)" is required/) ?? message.match(/provided for the (\w+) field/);
  const field = named?.[1] ? MAGENTO_FIELDS[named[1]] : undefined;
  if (!field) return null;
  if (field === 'regionId' || field === 'region') return hasRegionList ? 'regionId' : 'region';
  return field;
}
