import type { ApolloClient } from '@apollo/client';
import type { PageMeta } from '../../shared/pageMeta';
import { queryCmsPage } from './queryCmsPage';

export interface HomeContentData {
  meta: PageMeta;
  /** Null when the store has no home CMS page (or it is missing); the home page still renders. */
  identifier: string | null;
}

/**
 * The merchant's home CMS page. Unlike other CMS pages a missing home page is no 404: the
 * home route still has categories and products to show.
 */
export async function loadHomeContent(
  client: ApolloClient,
  {
    identifier,
    base,
  }: { identifier: string | null | undefined; /** The store's page base (data/storePrefix.ts). */ base: string },
): Promise<HomeContentData> {
  const canonical = `${base}/`;
  const page = identifier ? await queryCmsPage(client, identifier) : null;
  if (!identifier || !page) return { identifier: null, meta: { title: '', canonical } };
  return {
    identifier,
    meta: { title: page.meta_title || page.title || '', description: page.meta_description, canonical },
  };
}
