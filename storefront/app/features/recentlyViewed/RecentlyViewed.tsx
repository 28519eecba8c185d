import { useQuery } from '@apollo/client/react';
import { useMemo, type ReactNode } from 'react';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { useBrowserValue } from '../../data/browserValue';
import { RECENTLY_VIEWED_SHOWN, readRecentlyViewed, subscribeRecentlyViewed } from './recentlyViewedStore';
import { RecentlyViewedQuery } from './recentlyViewedQuery';

const NONE: string[] = [];

interface RecentlyViewedProps {
  /** The product of the page, left out of its own list. */
  currentSku?: string;
  /** The catalog's strip of product cards (composed by the route). */
  render: (products: CatalogProductCardFieldsFragment[]) => ReactNode;
}

/**
 * The products the shopper opened last, newest first, at most 8. The list is this browser's, so
 * the server renders nothing here and the strip comes after hydration. It sits at the end of the
 * page's content, and it renders only once its products are there, in one step.
 */
export function RecentlyViewed({ currentSku, render }: RecentlyViewedProps) {
  const stored = useBrowserValue(subscribeRecentlyViewed, readRecentlyViewed, NONE);
  const skus = useMemo(
    () => stored.filter((sku) => sku !== currentSku).slice(0, RECENTLY_VIEWED_SHOWN),
    [stored, currentSku],
  );
  // Sorted, so the same products make the same request (and cache entry) whatever page asks.
  const variables = useMemo(() => ({ skus: [...skus].sort(), pageSize: RECENTLY_VIEWED_SHOWN }), [skus]);
  const { data } = useQuery(RecentlyViewedQuery, { variables, skip: skus.length === 0, fetchPolicy: 'cache-first' });
  if (skus.length === 0 || !data) return null;
  const bySku = new Map((data.products?.items ?? []).flatMap((item) => (item?.sku ? [[item.sku, item] as const] : [])));
  const products = skus.flatMap((sku) => {
    const product = bySku.get(sku);
    return product ? [product] : [];
  });
  return products.length > 0 ? render(products) : null;
}

/** For React.lazy: the strip loads after the page's first scripts, since it only ever shows after hydration. */
export default RecentlyViewed;
