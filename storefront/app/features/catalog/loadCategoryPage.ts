import type { ApolloClient } from '@apollo/client';
import { data } from 'react-router';
import type { PageMeta } from '../../shared/pageMeta';
import { breadcrumbList, type JsonLd } from '../../shared/structuredData';
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

function categoryStructuredData(
  category: {
    name?: string | null;
    breadcrumbs?:
      | readonly ({
          category_name?: string | null;
          category_url_path?: string | null;
          category_level?: number | null;
        } | null)[]
      | null;
  },
  origin: string,
  suffix: string | null | undefined,
  path: string,
): JsonLd[] {
  const ancestors = [...(category.breadcrumbs ?? [])]
    .filter((crumb) => crumb?.category_name && crumb.category_url_path)
    .sort((a, b) => (a?.category_level ?? 0) - (b?.category_level ?? 0))
    .map((crumb) => ({
      name: crumb!.category_name!,
      url: `${origin}${categoryPath({ url_path: crumb!.category_url_path, url_suffix: suffix })}`,
    }));
  const trail = breadcrumbList([...ancestors, { name: category.name ?? '', url: `${origin}${path}` }]);
  return trail ? [trail] : [];
}

export async function loadCategoryPage(
  client: ApolloClient,
  { uid, url, base }: { uid: string; url: URL; /** The store's page base (data/storePrefix.ts). */ base: string },
): Promise<CategoryPageData> {
  const [{ data: result }, config] = await Promise.all([
    client.query({ query: CatalogCategoryQuery, variables: { uid } }),
    loadGridConfig(client),
  ]);
  const category = result?.categories?.items?.[0];
  if (!category) throw data(null, { status: 404 });

  const listing = category.display_mode === 'PAGE' ? null : await loadProductListing(client, { url, categoryUid: uid });
  const suffix = category.url_suffix ?? config?.category_url_suffix;
  const path = categoryPath(category, suffix);
  return {
    meta: {
      title: category.meta_title || category.name || '',
      description: category.meta_description,
      canonical: categoryCanonical(base, path, listing?.state.page ?? 1),
      share: { type: 'website' },
      // Server renders only, as on product pages (loadProductPage).
      structuredData: import.meta.env.SSR ? categoryStructuredData(category, base, suffix, path) : undefined,
    },
    uid,
    listing,
  };
}
