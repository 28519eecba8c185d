import { describe, expect, it } from 'vitest';
import type { CountryChoice } from '../../shared/countries';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { toCartAddressInput } from './addressDraft';
import {
  addressMessages,
  type AddressDraft,
  emptyAddress,
  isPlausiblePostcode,
  isPlausibleTelephone,
  validateAddress,
} from '../../shared/address';
import { validateEmail } from './addressValidation';
import { checkoutMessages } from './checkoutMessages';
import { addressFieldOfServerError } from './serverFieldErrors';

const US: CountryChoice = {
  id: 'US',
  name: 'United States',
  regions: [{ id: 12, code: 'CA', name: 'California' }],
  regionRequired: true,
  postcodeRequired: true,
};
const GB: CountryChoice = {
  id: 'GB',
  name: 'United Kingdom',
  regions: [],
  regionRequired: false,
  postcodeRequired: true,
};
const IE: CountryChoice = { id: 'IE', name: 'Ireland', regions: [], regionRequired: false, postcodeRequired: false };
// Germany has a list of Länder, none of which an address needs (Magento's directory).
const DE: CountryChoice = {
  id: 'DE',
  name: 'Germany',
  regions: [{ id: 82, code: 'BER', name: 'Berlin' }],
  regionRequired: false,
  postcodeRequired: true,
};

const valid: AddressDraft = {
  ...emptyAddress('US'),
  firstname: 'Ada',
  lastname: 'Lovelace',
  street1: '1 Infinite Loop',
  city: 'Cupertino',
  postcode: '95014',
  telephone: '+1 (408) 555-0100',
  regionId: '12',
};

describe('validateEmail', () => {
  it('requires an address with the shared message, then checks its format', () => {
    expect(validateEmail('  ')).toBe(fieldMessages.required);
    expect(validateEmail('ada@')).toBe(checkoutMessages.emailInvalid);
    expect(validateEmail('ada @example.com')).toBe(checkoutMessages.emailInvalid);
    expect(validateEmail('ada@example')).toBe(checkoutMessages.emailInvalid);
    expect(validateEmail(' ada@example.com ')).toBeUndefined();
  });
});

describe('validateAddress', () => {
  it('passes a complete address', () => {
    expect(validateAddress(valid, US)).toEqual({});
  });

  it('marks every empty required field with the shared message', () => {
    const errors = validateAddress(emptyAddress('US'), US);
    expect(Object.keys(errors).sort()).toEqual([
      'city',
      'firstname',
      'lastname',
      'postcode',
      'regionId',
      'street1',
      'telephone',
    ]);
    expect(new Set(Object.values(errors))).toEqual(new Set([fieldMessages.required]));
  });

  it('asks for a region only where the country lists regions', () => {
    const inGb = { ...valid, countryCode: 'GB', regionId: '', region: '', postcode: 'SW1A 1AA' };
    expect(validateAddress(inGb, GB)).toEqual({});
  });

  it("asks for a region only where the country's rules require one, even when it lists regions", () => {
    const inBerlin = { ...valid, countryCode: 'DE', regionId: '', postcode: '10117' };
    expect(validateAddress(inBerlin, DE)).toEqual({});
    expect(validateAddress({ ...valid, regionId: '' }, US)).toEqual({ regionId: fieldMessages.required });
  });

  it('checks postcodes per country and lets countries without them leave it empty', () => {
    expect(validateAddress({ ...valid, postcode: '9501' }, US)).toEqual({ postcode: addressMessages.postcodeInvalid });
    expect(validateAddress({ ...valid, countryCode: 'IE', regionId: '', postcode: '' }, IE)).toEqual({});
    expect(isPlausiblePostcode('95014-1234', 'US')).toBe(true);
    expect(isPlausiblePostcode('K1A 0B1', 'CA')).toBe(true);
    expect(isPlausiblePostcode('1234', 'DE')).toBe(false);
    expect(isPlausiblePostcode('75-001', 'PL')).toBe(true);
    expect(isPlausiblePostcode('!!', 'PL')).toBe(false);
  });

  it('checks that a phone number is made of 6 to 15 digits', () => {
    expect(isPlausibleTelephone('030 1234567')).toBe(true);
    expect(isPlausibleTelephone('+49 (30) 123-45')).toBe(true);
    expect(isPlausibleTelephone('12345')).toBe(false);
    expect(isPlausibleTelephone('call me maybe')).toBe(false);
    expect(isPlausibleTelephone('1234567890123456')).toBe(false);
    expect(validateAddress({ ...valid, telephone: 'abc' }, US)).toEqual({
      telephone: addressMessages.telephoneInvalid,
    });
  });

  it('requires a country the directory knows', () => {
    expect(validateAddress({ ...valid, countryCode: '' }, undefined)).toMatchObject({
      countryCode: fieldMessages.required,
    });
  });
});

describe('toCartAddressInput', () => {
  it('sends the region id for countries with a list and the typed region elsewhere', () => {
    expect(toCartAddressInput(valid, US)).toMatchObject({
      country_code: 'US',
      region_id: 12,
      street: ['1 Infinite Loop'],
      postcode: '95014',
    });
    expect(toCartAddressInput(valid, US)).not.toHaveProperty('region');
    const gb = toCartAddressInput(
      { ...valid, countryCode: 'GB', regionId: '', region: ' Kent ', street2: 'Flat 2' },
      GB,
    );
    expect(gb).toMatchObject({ region: 'Kent', street: ['1 Infinite Loop', 'Flat 2'] });
    expect(gb).not.toHaveProperty('region_id');
  });
});

describe('addressFieldOfServerError', () => {
  it('points Magento messages at the field they name', () => {
    expect(addressFieldOfServerError('"postcode" is required. Enter and try again.', true)).toBe('postcode');
    expect(addressFieldOfServerError('"street" is required. Enter and try again.', true)).toBe('street1');
    expect(addressFieldOfServerError('Invalid value of "XX" provided for the countryId field.', true)).toBe(
      'countryCode',
    );
    expect(addressFieldOfServerError('Invalid value of "999" provided for the regionId field.', true)).toBe('regionId');
    expect(addressFieldOfServerError('Invalid value of "Atlantis" provided for the regionId field.', false)).toBe(
      'region',
    );
    expect(addressFieldOfServerError("The cart isn't active.", true)).toBeNull();
  });
});
