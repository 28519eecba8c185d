import type { ApolloClient } from '@apollo/client';
import { data, redirect } from 'react-router';
import { loadCategoryPage } from '../features/catalog/loadCategoryPage';
import { DELIVERY_NOTE_BLOCK_IDENTIFIER } from '../features/cms/DeliveryNote';
import { loadCmsBlock } from '../features/cms/loadCmsBlock';
import { loadCmsPage } from '../features/cms/loadCmsPage';
import { loadProductPage } from '../features/product/loadProductPage';
import { resolveRoute } from '../features/routing/resolveRoute';
import { pathInStore, storeBaseUrl } from '../data/storePrefix';

/** Category, product and CMS pages: what the URL is, then that page's data. Also run ahead of a click by the intent prefetch in root.tsx. */
export async function loadCatchAllPage(client: ApolloClient, request: Request) {
  const url = new URL(request.url);
  const target = await resolveRoute(client, pathInStore(request));
  if (!target) throw data(null, { status: 404 });
  // Inside the store: React Router adds the store's prefix (its basename) to the address.
  if (target.redirectTo) throw redirect(target.redirectTo + url.search, target.redirectCode);
  const base = storeBaseUrl(request);
  switch (target.type) {
    case 'CATEGORY':
      return { kind: 'category' as const, ...(await loadCategoryPage(client, { uid: target.uid, url, base })) };
    case 'PRODUCT': {
      const [page, deliveryNoteHtml] = await Promise.all([
        loadProductPage(client, { urlKey: target.urlKey, url, base }),
        loadCmsBlock(client, DELIVERY_NOTE_BLOCK_IDENTIFIER),
      ]);
      return { kind: 'product' as const, ...page, deliveryNoteHtml };
    }
    case 'CMS_PAGE':
      return { kind: 'cms' as const, ...(await loadCmsPage(client, { identifier: target.identifier, url })) };
  }
}
