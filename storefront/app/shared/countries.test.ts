import { describe, expect, it } from 'vitest';
import { toCountryChoices } from './countries';

describe('toCountryChoices', () => {
  it('keeps countries with an id, names them (falling back to the code) and sorts by name in the locale', () => {
    const choices = toCountryChoices(
      [
        { id: 'DE', full_name_locale: 'Germany', available_regions: [] },
        null,
        { id: null, full_name_locale: 'Nowhere' },
        { id: 'AX', full_name_locale: 'Åland Islands', available_regions: null },
        { id: 'ZZ', full_name_locale: '' },
        {
          id: 'US',
          full_name_locale: 'United States',
          available_regions: [
            { id: 12, code: 'CA', name: 'California' },
            null,
            { id: 13, code: 'XX', name: null },
            { id: 14, code: null, name: 'Guam' },
          ],
        },
      ],
      'en-US',
    );
    expect(choices.map((c) => c.id)).toEqual(['AX', 'DE', 'US', 'ZZ']);
    expect(choices.find((c) => c.id === 'ZZ')?.name).toBe('ZZ');
    expect(choices.find((c) => c.id === 'US')?.regions).toEqual([
      { id: 12, code: 'CA', name: 'California' },
      { id: 14, code: '', name: 'Guam' },
    ]);
    expect(toCountryChoices(undefined, 'en-US')).toEqual([]);
  });

  it("follows the store's rules for regions and postcodes, else the server's own", () => {
    const directory = [
      { id: 'DE', full_name_locale: 'Germany', available_regions: [{ id: 82, code: 'BER', name: 'Berlin' }] },
      { id: 'US', full_name_locale: 'United States', available_regions: [{ id: 12, code: 'CA', name: 'California' }] },
      { id: 'IE', full_name_locale: 'Ireland', available_regions: [] },
    ];
    const rules = (choices: ReturnType<typeof toCountryChoices>) =>
      Object.fromEntries(choices.map((c) => [c.id, [c.regionRequired, c.postcodeRequired]]));
    expect(rules(toCountryChoices(directory, 'en-US'))).toEqual({
      DE: [false, true],
      US: [true, true],
      IE: [false, false],
    });
    const stated = { countries_with_required_region: 'DE, us', optional_zip_countries: '' };
    expect(rules(toCountryChoices(directory, 'en-US', stated))).toEqual({
      DE: [true, true],
      US: [true, true],
      IE: [false, true],
    });
  });
});
