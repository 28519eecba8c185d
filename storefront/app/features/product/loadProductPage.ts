import type { ApolloClient } from '@apollo/client';
import { data } from 'react-router';
import type { PageMeta } from '../../shared/pageMeta';
import { productMeta } from './productMeta';
import { ProductPageQuery, pickProduct } from './productPageQuery';

export interface ProductPageData {
  meta: PageMeta;
  /** Variables of ProductPageQuery, which the page reads back from the cache. */
  urlKey: string;
}

export async function loadProductPage(
  client: ApolloClient,
  { urlKey, url }: { urlKey: string; url: URL },
): Promise<ProductPageData> {
  const { data: result } = await client.query({ query: ProductPageQuery, variables: { urlKey } });
  const product = pickProduct(result, urlKey);
  if (!product) throw data(null, { status: 404 });
  return { meta: productMeta(product, url.origin), urlKey };
}
