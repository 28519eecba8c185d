import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { type StoreTextsApi, StoreTextsSection } from '../../common/storeTexts/StoreTextsSection';
import { st } from '../../common/storeTexts/storeTextMessages';
import { useT } from '../../common/useT';

graphql(`
  fragment CmsPageTextsFields on CmsPageTexts {
    title
    contentHeading
    content
    metaTitle
    metaDescription
    metaKeywords
  }
`);

const CmsPageStoreTextsQuery = graphql(`
  query CmsPageStoreTexts($id: ID!, $storeId: ID!) {
    cmsPageStoreTexts(id: $id, storeId: $storeId) {
      defaults {
        ...CmsPageTextsFields
      }
      own {
        ...CmsPageTextsFields
      }
    }
  }
`);

const SaveCmsPageStoreTexts = graphql(`
  mutation SaveCmsPageStoreTexts($id: ID!, $storeId: ID!, $texts: CmsPageTextsInput!) {
    saveCmsPageStoreTexts(id: $id, storeId: $storeId, texts: $texts) {
      own {
        ...CmsPageTextsFields
      }
    }
  }
`);

const NAMES = ['title', 'contentHeading', 'content', 'metaTitle', 'metaDescription', 'metaKeywords'] as const;

/** The CMS page's store-view switch with the chosen store view's texts. */
export function CmsPageStoreTexts({ id }: { id: string }) {
  const t = useT();
  const specs = NAMES.map((name) => ({ name, label: t(st[name]), multiline: name === 'content' }));
  const api: StoreTextsApi = {
    load: async (storeId) => (await request(CmsPageStoreTextsQuery, { id, storeId })).cmsPageStoreTexts,
    save: async (storeId, texts) =>
      (await request(SaveCmsPageStoreTexts, { id, storeId, texts })).saveCmsPageStoreTexts.own,
  };
  return <StoreTextsSection idPrefix="cms-store-texts" specs={specs} api={api} />;
}
