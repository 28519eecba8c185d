import { describe, expect, it } from 'vitest';
import {
  facetVariables,
  listingVariables,
  parseListingState,
  parsePageParam,
  parsePriceRange,
  sortInputFor,
  withFilterRemoved,
  withFiltersCleared,
  withFilterToggled,
  withPage,
  withSort,
} from './listingParams';

const codes = new Set(['color', 'size', 'price', 'category_uid']);
const params = (search: string) => new URLSearchParams(search);

describe('parseListingState', () => {
  it('reads comma-separated filters, a price range, the sort and the page', () => {
    expect(parseListingState(params('?color=49,50&price=20_50&sort=price_asc&page=2'), codes)).toEqual({
      filters: { color: ['49', '50'], price: ['20_50'] },
      sort: 'price_asc',
      page: 2,
    });
  });

  it('ignores parameters that are not filters the listing offers, empty values and duplicates', () => {
    const state = parseListingState(params('?utm_source=mail&q=tee&color=49,,49&size=&material=3'), codes);
    expect(state.filters).toEqual({ color: ['49'] });
  });

  it('merges repeated parameters', () => {
    expect(parseListingState(params('?color=1&color=2'), codes).filters).toEqual({ color: ['1', '2'] });
  });

  it('drops malformed price ranges and unknown sorts', () => {
    const state = parseListingState(params('?price=abc&sort=colour_up'), codes);
    expect(state.filters).toEqual({});
    expect(state.sort).toBeNull();
  });
});

describe('parsePageParam', () => {
  it('accepts whole page numbers from 1 and treats a missing page as 1', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('3')).toBe(3);
  });
  it('rejects anything else', () => {
    for (const raw of ['0', '-1', '1.5', 'two', '', '01', '9999999']) expect(parsePageParam(raw)).toBeNull();
  });
});

describe('parsePriceRange', () => {
  it('maps Magento buckets to from/to with open ends', () => {
    expect(parsePriceRange('10_20')).toEqual({ from: '10', to: '20' });
    expect(parsePriceRange('100_*')).toEqual({ from: '100' });
    expect(parsePriceRange('*_10')).toEqual({ to: '10' });
    expect(parsePriceRange('_9.5')).toEqual({ to: '9.5' });
  });
  it('rejects empty, reversed and non-numeric ranges', () => {
    expect(parsePriceRange('_')).toBeNull();
    expect(parsePriceRange('50_20')).toBeNull();
    expect(parsePriceRange('a_b')).toBeNull();
  });
});

describe('sortInputFor', () => {
  it('maps sort keys to ProductAttributeSortInput', () => {
    expect(sortInputFor('position')).toEqual({ position: 'ASC' });
    expect(sortInputFor('relevance')).toEqual({ relevance: 'DESC' });
    expect(sortInputFor('name_asc')).toEqual({ name: 'ASC' });
    expect(sortInputFor('price_desc')).toEqual({ price: 'DESC' });
  });
  it('rejects fields Magento cannot sort by', () => {
    expect(sortInputFor('color_asc')).toBeNull();
    expect(sortInputFor('price')).toBeNull();
  });
});

describe('listingVariables', () => {
  const category = { categoryUid: 'MTI=', pageSize: 24 };

  it('filters a category page by its category, in position order, page 1', () => {
    expect(listingVariables(category, { filters: {}, sort: null, page: 1 })).toEqual({
      filter: { category_uid: { eq: 'MTI=' } },
      pageSize: 24,
      currentPage: 1,
      sort: { position: 'ASC' },
    });
  });

  it('adds attribute filters with Magento semantics', () => {
    const variables = listingVariables(category, {
      filters: { color: ['49', '50'], size: ['7'], price: ['20_50'] },
      sort: 'price_desc',
      page: 3,
    });
    expect(variables).toEqual({
      filter: {
        category_uid: { eq: 'MTI=' },
        color: { in: ['49', '50'] },
        size: { eq: '7' },
        price: { from: '20', to: '50' },
      },
      pageSize: 24,
      currentPage: 3,
      sort: { price: 'DESC' },
      withVariants: true,
    });
  });

  it('lets a chosen subcategory replace the page category', () => {
    const variables = listingVariables(category, { filters: { category_uid: ['MTM=', 'MTQ='] }, sort: null, page: 1 });
    expect(variables.filter).toEqual({ category_uid: { in: ['MTM=', 'MTQ='] } });
    // Categories and prices say nothing about a product's variants: the cards stay light.
    expect(variables.withVariants).toBeUndefined();
  });

  it('searches by relevance with no base filter', () => {
    expect(listingVariables({ search: 'tee', pageSize: 24 }, { filters: {}, sort: null, page: 1 })).toEqual({
      search: 'tee',
      filter: {},
      pageSize: 24,
      currentPage: 1,
      sort: { relevance: 'DESC' },
    });
  });

  it('round-trips a URL into the same variables', () => {
    const state = parseListingState(params('?color=49,50&price=20_50&sort=price_asc&page=2'), codes);
    expect(listingVariables(category, state)).toEqual({
      filter: { category_uid: { eq: 'MTI=' }, color: { in: ['49', '50'] }, price: { from: '20', to: '50' } },
      pageSize: 24,
      currentPage: 2,
      sort: { price: 'ASC' },
      withVariants: true,
    });
  });
});

describe('facetVariables', () => {
  const base = { categoryUid: 'MTI=', pageSize: 24 };
  const filters = { color: ['49'], size: ['7'] };

  it('leaves out the facet’s own filter but keeps the others', () => {
    expect(facetVariables(base, filters, 'color')).toEqual({
      filter: { category_uid: { eq: 'MTI=' }, size: { eq: '7' } },
    });
  });
  it('is the unfiltered listing without a facet', () => {
    expect(facetVariables({ search: 'tee', pageSize: 24 }, filters)).toEqual({ search: 'tee', filter: {} });
  });
});

describe('URL builders', () => {
  const current = params('?q=tee&color=49&sort=name_asc&page=3');

  it('adds a value and resets to page 1', () => {
    expect(withFilterToggled(current, 'color', '50')).toBe('?q=tee&sort=name_asc&color=49,50');
  });
  it('removes a chosen value, dropping the parameter when it empties', () => {
    expect(withFilterToggled(current, 'color', '49')).toBe('?q=tee&sort=name_asc');
  });
  it('replaces the price range instead of adding a second one', () => {
    expect(withFilterToggled(params('?price=10_20'), 'price', '20_30')).toBe('?price=20_30');
  });
  it('removes one value or a whole filter', () => {
    expect(withFilterRemoved(params('?color=1,2&size=3'), 'color', '1')).toBe('?size=3&color=2');
    expect(withFilterRemoved(params('?color=1,2&size=3'), 'color')).toBe('?size=3');
  });
  it('clears every filter but keeps the search and the order', () => {
    expect(withFiltersCleared(params('?q=tee&color=1&price=1_2&sort=price_asc&page=2'), ['color', 'price'])).toBe(
      '?q=tee&sort=price_asc',
    );
  });
  it('sets the sort and resets the page', () => {
    expect(withSort(current, 'price_desc')).toBe('?q=tee&color=49&sort=price_desc');
    expect(withSort(current, null)).toBe('?q=tee&color=49');
  });
  it('gives page 1 the plain URL', () => {
    expect(withPage(current, 1)).toBe('?q=tee&color=49&sort=name_asc');
    expect(withPage(params(''), 2)).toBe('?page=2');
    expect(withPage(params('?page=2'), 1)).toBe('');
  });
});
