import { describe, expect, it } from 'vitest';
import { customOptionPairs } from './cartItemCustomOptions';

describe('customOptionPairs', () => {
  it('shows picked values by label and entered texts as typed, one pair per option', () => {
    expect(
      customOptionPairs({
        customizable_options: [
          { customizable_option_uid: 'a', label: 'Engraving', values: [{ label: '', value: 'ADA' }] },
          {
            customizable_option_uid: 'b',
            label: 'Extras',
            values: [
              { label: 'Ribbon', value: '7' },
              { label: 'Card', value: '8' },
            ],
          },
          null,
        ],
      }),
    ).toEqual([
      { uid: 'a', label: 'Engraving', value: 'ADA' },
      { uid: 'b', label: 'Extras', value: 'Ribbon, Card' },
    ]);
    expect(customOptionPairs({})).toEqual([]);
  });
});
