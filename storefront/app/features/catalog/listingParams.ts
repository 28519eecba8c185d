// The listing's whole state (filters, sort, page) lives in the URL query string so every state
// can be shared and reloaded. These pure functions translate between the query string, that
// state and the variables of Magento's `products` query.
//
// URL shape: `?color=49,50&price=20_50&sort=price_asc&page=2`. Attribute filters carry the
// option *values* the API returns in `aggregations` (option ids in Magento), which keeps the
// mapping independent of labels and store language.

import type { ProductAttributeFilterInput, ProductAttributeSortInput } from '../../__generated__/graphql';

export const SORT_PARAM = 'sort';
export const PAGE_PARAM = 'page';
export const SEARCH_PARAM = 'q';
export const PRICE_CODE = 'price';
export const CATEGORY_CODE = 'category_uid';

/** Query parameters that never name a filter. */
const RESERVED_PARAMS = new Set([SEARCH_PARAM, SORT_PARAM, PAGE_PARAM]);

export type Filters = Readonly<Record<string, readonly string[]>>;

export interface ListingState {
  filters: Filters;
  /** A sort key such as `price_asc`; null means the listing's default order. */
  sort: string | null;
  page: number;
}

export interface ListingBase {
  /** The category page's own category; its products are the unfiltered listing. */
  categoryUid?: string;
  /** Full-text search of a search results page. */
  search?: string;
  pageSize: number;
}

export interface ListingVariables {
  search?: string;
  filter: ProductAttributeFilterInput;
  pageSize: number;
  currentPage: number;
  sort: ProductAttributeSortInput;
  /** Filtering by an attribute (a colour): cards then show the variant that matches it. */
  withVariants?: boolean;
}

export interface FacetVariables {
  search?: string;
  filter: ProductAttributeFilterInput;
}

export interface PriceRange {
  from?: string;
  to?: string;
}

/** `null` for anything that is not a whole page number from 1 on (the page does not exist). */
export function parsePageParam(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Reads filters from the query string. Only codes the listing actually offers (`allowedCodes`,
 * the aggregations of the unfiltered listing) become filters: anything else (tracking
 * parameters, stale links) would make Magento reject the whole query.
 */
export function parseListingState(params: URLSearchParams, allowedCodes: ReadonlySet<string>): ListingState {
  const filters: Record<string, string[]> = {};
  for (const [key, raw] of params) {
    if (RESERVED_PARAMS.has(key) || !allowedCodes.has(key)) continue;
    const values = splitValues(raw);
    if (key === PRICE_CODE) {
      const last = values.at(-1);
      if (last !== undefined && parsePriceRange(last)) filters[key] = [last];
      continue;
    }
    if (values.length > 0) filters[key] = [...new Set([...(filters[key] ?? []), ...values])];
  }
  const sortRaw = params.get(SORT_PARAM);
  return {
    filters,
    sort: sortRaw !== null && sortInputFor(sortRaw) ? sortRaw : null,
    page: parsePageParam(params.get(PAGE_PARAM)) ?? 1,
  };
}

function splitValues(raw: string): string[] {
  return raw
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * Magento price buckets are `from_to` (`10_20`); either end may be open (`*_10`, `100_*` or
 * empty). Returns null for anything that is not a range of numbers.
 */
export function parsePriceRange(value: string): PriceRange | null {
  const match = /^(\*|\d+(?:\.\d+)?)?_(\*|\d+(?:\.\d+)?)?$/.exec(value);
  if (!match) return null;
  const [, from, to] = match;
  const range: PriceRange = {};
  if (from && from !== '*') range.from = from;
  if (to && to !== '*') range.to = to;
  if (range.from === undefined && range.to === undefined) return null;
  if (range.from !== undefined && range.to !== undefined && Number(range.from) > Number(range.to)) return null;
  return range;
}

const SORT_FIELDS = ['name', 'position', 'price', 'relevance'] as const;
type SortField = (typeof SORT_FIELDS)[number];

function isSortField(value: string): value is SortField {
  return (SORT_FIELDS as readonly string[]).includes(value);
}

/**
 * `position` and `relevance` have one natural direction; other fields take `_asc` / `_desc`.
 * Only the fields of Magento's `ProductAttributeSortInput` are accepted.
 */
export function sortInputFor(key: string): ProductAttributeSortInput | null {
  if (key === 'position') return { position: 'ASC' };
  if (key === 'relevance') return { relevance: 'DESC' };
  const match = /^([a-z_]+)_(asc|desc)$/.exec(key);
  if (!match) return null;
  const [, field = '', direction] = match;
  if (!isSortField(field)) return null;
  return { [field]: direction === 'asc' ? 'ASC' : 'DESC' };
}

/** Category pages follow the merchant's order; search results the best match first. */
export function defaultSortKey(base: Pick<ListingBase, 'search'>): string {
  return base.search ? 'relevance' : 'position';
}

function baseFilter(base: ListingBase): ProductAttributeFilterInput {
  return base.categoryUid ? { category_uid: { eq: base.categoryUid } } : {};
}

/** The `filter` argument for the listing with the given filters applied on top of its base. */
export function filterInputFor(base: ListingBase, filters: Filters): ProductAttributeFilterInput {
  const filter: Record<string, unknown> = { ...baseFilter(base) };
  for (const [code, values] of Object.entries(filters)) {
    if (values.length === 0) continue;
    if (code === PRICE_CODE) {
      const range = values[0] === undefined ? null : parsePriceRange(values[0]);
      if (range) filter[code] = range;
      continue;
    }
    // A chosen subcategory narrows the page's own category, so it replaces the base condition.
    filter[code] = values.length === 1 ? { eq: values[0] } : { in: [...values] };
  }
  return filter;
}

export function listingVariables(base: ListingBase, state: ListingState): ListingVariables {
  const variables: ListingVariables = {
    filter: filterInputFor(base, state.filters),
    pageSize: base.pageSize,
    currentPage: state.page,
    sort: sortInputFor(state.sort ?? defaultSortKey(base)) ?? { position: 'ASC' },
  };
  if (base.search) variables.search = base.search;
  if (activeFilterCodes(state.filters).some((code) => code !== PRICE_CODE && code !== CATEGORY_CODE)) {
    variables.withVariants = true;
  }
  return variables;
}

/**
 * Variables of the facet query for one attribute: the listing with every filter except that
 * attribute's own. Its options then stay visible (with the counts they would add) after the
 * shopper picks one of them, so several values of one attribute can be combined.
 * Without `code`, the unfiltered listing: every facet the listing can offer.
 */
export function facetVariables(base: ListingBase, filters: Filters, code?: string): FacetVariables {
  const rest = code === undefined ? {} : Object.fromEntries(Object.entries(filters).filter(([key]) => key !== code));
  const variables: FacetVariables = { filter: filterInputFor(base, rest) };
  if (base.search) variables.search = base.search;
  return variables;
}

export function activeFilterCodes(filters: Filters): string[] {
  return Object.entries(filters)
    .filter(([, values]) => values.length > 0)
    .map(([code]) => code);
}

// ---------------------------------------------------------------------------------------------
// building URLs

/** `?a=1&b=x,y` with readable commas, or '' for no parameters. */
export function toSearch(params: URLSearchParams): string {
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}

function editable(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  // Another filter or order makes the old page number meaningless.
  next.delete(PAGE_PARAM);
  return next;
}

function currentValues(params: URLSearchParams, code: string): string[] {
  return params.getAll(code).flatMap(splitValues);
}

/** Adds or removes one value; price holds a single range, so choosing one replaces the other. */
export function withFilterToggled(params: URLSearchParams, code: string, value: string): string {
  const next = editable(params);
  const values = currentValues(params, code);
  const chosen = values.includes(value)
    ? values.filter((v) => v !== value)
    : code === PRICE_CODE
      ? [value]
      : [...values, value];
  next.delete(code);
  if (chosen.length > 0) next.set(code, chosen.join(','));
  return toSearch(next);
}

export function withFilterRemoved(params: URLSearchParams, code: string, value?: string): string {
  const next = editable(params);
  const remaining = value === undefined ? [] : currentValues(params, code).filter((v) => v !== value);
  next.delete(code);
  if (remaining.length > 0) next.set(code, remaining.join(','));
  return toSearch(next);
}

/** Keeps the search text and the order; drops every filter and the page. */
export function withFiltersCleared(params: URLSearchParams, codes: readonly string[]): string {
  const next = editable(params);
  for (const code of codes) next.delete(code);
  return toSearch(next);
}

export function withSort(params: URLSearchParams, sort: string | null): string {
  const next = editable(params);
  if (sort) next.set(SORT_PARAM, sort);
  else next.delete(SORT_PARAM);
  return toSearch(next);
}

/** Page 1 is the listing's plain URL, so there is one address per page. */
export function withPage(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, String(page));
  return toSearch(next);
}
