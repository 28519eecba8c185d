import type { ApolloClient } from '@apollo/client';
import { data } from 'react-router';
import type { PageMeta } from '../../shared/pageMeta';
import { queryCmsPage } from './queryCmsPage';

export interface CmsPageData {
  meta: PageMeta;
  identifier: string;
}

/** Loads a CMS page into the cache; a page that does not exist is a 404. */
export async function loadCmsPage(
  client: ApolloClient,
  { identifier, url }: { identifier: string; url: URL },
): Promise<CmsPageData> {
  const page = await queryCmsPage(client, identifier);
  if (!page) throw data(null, { status: 404 });
  return {
    identifier,
    meta: {
      title: page.meta_title || page.title || '',
      description: page.meta_description,
      canonical: `${url.origin}${url.pathname}`,
      share: { type: 'article' },
    },
  };
}
