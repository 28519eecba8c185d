import { beforeEach, describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_STORAGE_KEY, readRecentlyViewed, recordRecentlyViewed } from './recentlyViewedStore';

beforeEach(() => localStorage.clear());

describe('recently viewed products', () => {
  it('keeps the newest first, each product once, and the nine last', () => {
    for (let n = 1; n <= 12; n += 1) recordRecentlyViewed(`SKU-${n}`);
    recordRecentlyViewed('SKU-10');
    expect(readRecentlyViewed()).toEqual([
      'SKU-10',
      'SKU-12',
      'SKU-11',
      'SKU-9',
      'SKU-8',
      'SKU-7',
      'SKU-6',
      'SKU-5',
      'SKU-4',
    ]);
  });

  it('ignores what is not its own list', () => {
    localStorage.setItem(RECENTLY_VIEWED_STORAGE_KEY, '{"not": "a list"}');
    expect(readRecentlyViewed()).toEqual([]);
    localStorage.setItem(RECENTLY_VIEWED_STORAGE_KEY, '["A", 3, "", "B"]');
    expect(readRecentlyViewed()).toEqual(['A', 'B']);
  });
});
