import type { ApolloClient } from '@apollo/client';
import { data } from 'react-router';
import type { PageMeta } from '../../shared/pageMeta';
import { absoluteUrl } from '../../shared/structuredData';
import { productMeta } from './productMeta';
import { ProductPageQuery, pickProduct } from './productPageQuery';
import { productStructuredData } from './productStructuredData';

export interface ProductPageData {
  meta: PageMeta;
  /** Variables of ProductPageQuery, which the page reads back from the cache. */
  urlKey: string;
}

export async function loadProductPage(
  client: ApolloClient,
  { urlKey, url, base }: { urlKey: string; url: URL; /** The store's page base (data/storePrefix.ts). */ base: string },
): Promise<ProductPageData> {
  const { data: result } = await client.query({ query: ProductPageQuery, variables: { urlKey } });
  const product = pickProduct(result, urlKey);
  if (!product) throw data(null, { status: 404 });
  const image = product.image?.url ?? product.media_gallery?.find((entry) => entry?.url)?.url;
  return {
    meta: {
      ...productMeta(product, base),
      share: { type: 'product', image: image ? absoluteUrl(image, url.origin) : null },
      // Only crawlers' first requests read it, and those are server renders: keeping it out of
      // client navigations keeps its code out of the browser bundle.
      structuredData: import.meta.env.SSR ? productStructuredData(product, base, url.origin) : undefined,
    },
    urlKey,
  };
}
