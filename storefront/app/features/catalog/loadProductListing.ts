import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { data } from 'react-router';
import { CatalogFacetsQuery, CatalogGridConfigQuery, CatalogListingQuery } from './listingQueries';
import {
  type FacetVariables,
  type ListingBase,
  type ListingState,
  type ListingVariables,
  activeFilterCodes,
  facetVariables,
  listingVariables,
  parseListingState,
  parsePageParam,
} from './listingParams';

const FALLBACK_PAGE_SIZE = 24;

/** Everything ProductListing needs to read its queries from the cache: plain, serialisable data. */
export interface ProductListingData {
  base: ListingBase;
  state: ListingState;
  variables: ListingVariables;
  /** The unfiltered listing's facets: which filters exist and in which order. */
  baseFacets: FacetVariables;
  /** One facet query per attribute the shopper filters by (that attribute's filter left out). */
  facets: { code: string; variables: FacetVariables }[];
  totalCount: number;
}

export async function loadGridConfig(client: ApolloClient) {
  const { data: result } = await client.query({ query: CatalogGridConfigQuery });
  return result?.storeConfig ?? null;
}

function notFound(): never {
  throw data(null, { status: 404 });
}

function isPageOutOfRange(error: unknown): boolean {
  // Magento answers a page past the end with "currentPage value N specified is greater than …".
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => /currentPage/i.test(e.message));
}

/**
 * Runs every query of a product listing (category page or search results) so the cache is full
 * before render. A page number past the last page is a 404 rather than a redirect: such links
 * are stale, and answering 404 keeps them out of search indexes instead of piling up soft
 * duplicates of the last page.
 */
export async function loadProductListing(
  client: ApolloClient,
  { url, categoryUid, search }: { url: URL; categoryUid?: string; search?: string },
): Promise<ProductListingData> {
  const page = parsePageParam(url.searchParams.get('page'));
  if (page === null) notFound();

  const partialBase: Omit<ListingBase, 'pageSize'> = {};
  if (categoryUid) partialBase.categoryUid = categoryUid;
  if (search) partialBase.search = search;
  const baseFacets = facetVariables({ ...partialBase, pageSize: 0 }, {});
  const [config, unfiltered] = await Promise.all([
    loadGridConfig(client),
    client.query({ query: CatalogFacetsQuery, variables: baseFacets }),
  ]);
  const base: ListingBase = { ...partialBase, pageSize: config?.grid_per_page || FALLBACK_PAGE_SIZE };

  const offered = new Set(
    (unfiltered.data?.products?.aggregations ?? []).flatMap((a) => (a ? [a.attribute_code] : [])),
  );
  const state = parseListingState(url.searchParams, offered);
  const variables = listingVariables(base, state);
  const codes = activeFilterCodes(state.filters);
  const facets = codes.map((code) => ({ code, variables: facetVariables(base, state.filters, code) }));

  let listing;
  try {
    [listing] = await Promise.all([
      client.query({ query: CatalogListingQuery, variables }),
      ...facets.map((facet) => client.query({ query: CatalogFacetsQuery, variables: facet.variables })),
    ]);
  } catch (error) {
    if (page > 1 && isPageOutOfRange(error)) notFound();
    throw error;
  }
  const products = listing.data?.products;
  const totalPages = products?.page_info?.total_pages ?? 0;
  if (page > 1 && page > totalPages) notFound();

  return { base, state, variables, baseFacets, facets, totalCount: products?.total_count ?? 0 };
}
