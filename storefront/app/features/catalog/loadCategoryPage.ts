import type { ApolloClient } from '@apollo/client';
import { data } from 'react-router';
import type { PageMeta } from '../../shared/pageMeta';
import { CatalogCategoryQuery } from './categoryQuery';
import { categoryPath } from './catalogUrls';
import { type ProductListingData, loadGridConfig, loadProductListing } from './loadProductListing';

export interface CategoryPageData {
  meta: PageMeta;
  uid: string;
  /** Null when the category shows only its CMS block (display mode `PAGE`). */
  listing: ProductListingData | null;
}

/** Page 1 is canonical without parameters; later pages keep `?page` so each is indexable on its own. */
export function categoryCanonical(origin: string, path: string, page: number): string {
  return `${origin}${path}${page > 1 ? `?page=${page}` : ''}`;
}

export async function loadCategoryPage(
  client: ApolloClient,
  { uid, url }: { uid: string; url: URL },
): Promise<CategoryPageData> {
  const [{ data: result }, config] = await Promise.all([
    client.query({ query: CatalogCategoryQuery, variables: { uid } }),
    loadGridConfig(client),
  ]);
  const category = result?.categories?.items?.[0];
  if (!category) throw data(null, { status: 404 });

  const listing = category.display_mode === 'PAGE' ? null : await loadProductListing(client, { url, categoryUid: uid });
  const path = categoryPath(category, config?.category_url_suffix);
  return {
    meta: {
      title: category.meta_title || category.name || '',
      description: category.meta_description,
      canonical: categoryCanonical(url.origin, path, listing?.state.page ?? 1),
    },
    uid,
    listing,
  };
}
