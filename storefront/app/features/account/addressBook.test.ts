import { describe, expect, it } from 'vitest';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { emptyAddressValues, toCustomerAddressInput, validateAddressValues, valuesFromAddress } from './addressBook';

const US = {
  id: 'US',
  name: 'United States',
  regions: [{ id: 12, code: 'CA', name: 'California' }],
  regionRequired: true,
  postcodeRequired: true,
};
const DE = { id: 'DE', name: 'Germany', regions: [], regionRequired: false, postcodeRequired: true };

describe('address book forms', () => {
  it('sends a listed region by id, code and name', () => {
    const values = {
      ...emptyAddressValues('US'),
      firstname: ' Ada ',
      lastname: 'L',
      street1: '1 Main St',
      city: 'LA',
      postcode: '90001',
      telephone: '555 0100',
      regionId: '12',
      defaultShipping: true,
    };
    expect(toCustomerAddressInput(values, US)).toEqual({
      firstname: 'Ada',
      lastname: 'L',
      street: ['1 Main St'],
      city: 'LA',
      postcode: '90001',
      telephone: '555 0100',
      country_code: 'US',
      region: { region_id: 12, region_code: 'CA', region: 'California' },
      default_shipping: true,
      default_billing: false,
    });
  });

  it('sends a typed region where the country has no list', () => {
    const values = { ...emptyAddressValues('DE'), region: 'Bayern', street1: 'a', street2: 'b' };
    expect(toCustomerAddressInput(values, DE)).toMatchObject({ region: { region: 'Bayern' }, street: ['a', 'b'] });
  });

  it('round-trips a saved address into the form', () => {
    const values = valuesFromAddress({
      id: 3,
      firstname: 'Ada',
      lastname: 'L',
      street: ['1 Main St', 'Apt 2'],
      city: 'LA',
      postcode: '90001',
      telephone: '555',
      country_code: 'US',
      region: { region: 'California', region_code: 'CA', region_id: 12 },
      default_shipping: true,
      default_billing: null,
    });
    expect(values).toMatchObject({
      street1: '1 Main St',
      street2: 'Apt 2',
      regionId: '12',
      region: '',
      defaultShipping: true,
      defaultBilling: false,
    });
  });

  it('requires the fields Magento requires, and a region from the list', () => {
    const errors = validateAddressValues(emptyAddressValues('US'), US);
    expect(Object.keys(errors).sort()).toEqual([
      'city',
      'firstname',
      'lastname',
      'postcode',
      'regionId',
      'street1',
      'telephone',
    ]);
    expect(errors.city).toBe(fieldMessages.required);
    expect(validateAddressValues(emptyAddressValues('XX'), undefined).countryCode).toBe(fieldMessages.required);
  });
});

describe('the address book and checkout agree on what an address is', () => {
  it('refuses the postcode and phone number checkout refuses (they disagreed before: the book took any text)', () => {
    const us = {
      id: 'US',
      name: 'United States',
      regions: [{ id: 12, code: 'CA', name: 'California' }],
      regionRequired: true,
      postcodeRequired: true,
    };
    const values = {
      ...emptyAddressValues('US'),
      firstname: 'Ann',
      lastname: 'Lee',
      street1: '1 Main St',
      city: 'Austin',
      regionId: '12',
      postcode: 'ABC',
      telephone: '12',
    };
    const errors = validateAddressValues(values, us);
    expect(Object.keys(errors).sort()).toEqual(['postcode', 'telephone']);
    expect(validateAddressValues({ ...values, postcode: '78701', telephone: '+1 512 555 0100' }, us)).toEqual({});
  });
});
