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
});
