import { describe, expect, it } from 'vitest';
import { selectionFromParams, selectionToParams } from './selectionUrl';
import { NAVY, SIZE_M, teeOptions } from '../../../test/fixtures/testCatalog';
import { normaliseOptions } from './variantSelection';

const options = normaliseOptions(teeOptions);

describe('selection in the URL', () => {
  it('reads labels case-insensitively and ignores unknown values and codes', () => {
    const params = new URLSearchParams('color=navy&size=XXL&fit=slim');
    expect(selectionFromParams(options, params)).toEqual({ color: NAVY });
  });

  it('writes labels, removes cleared options and keeps other parameters', () => {
    const params = selectionToParams(
      options,
      { color: NAVY, size: SIZE_M },
      new URLSearchParams('utm_source=mail&size=S'),
    );
    expect(params.toString()).toBe('utm_source=mail&size=M&color=Navy');
    const cleared = selectionToParams(options, { size: SIZE_M }, params);
    expect(cleared.get('color')).toBeNull();
    expect(cleared.get('utm_source')).toBe('mail');
  });

  it('round-trips a selection', () => {
    const selection = { color: NAVY, size: SIZE_M };
    expect(selectionFromParams(options, selectionToParams(options, selection, new URLSearchParams()))).toEqual(
      selection,
    );
  });
});
