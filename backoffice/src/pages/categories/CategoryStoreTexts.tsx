import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { type StoreTextsApi, StoreTextsSection } from '../../common/storeTexts/StoreTextsSection';
import { st } from '../../common/storeTexts/storeTextMessages';
import { useT } from '../../common/useT';

graphql(`
  fragment CategoryTextsFields on CategoryTexts {
    name
    description
    metaTitle
    metaDescription
  }
`);

const CategoryStoreTextsQuery = graphql(`
  query CategoryStoreTexts($id: ID!, $storeId: ID!) {
    categoryStoreTexts(id: $id, storeId: $storeId) {
      defaults {
        ...CategoryTextsFields
      }
      own {
        ...CategoryTextsFields
      }
    }
  }
`);

const SaveCategoryStoreTexts = graphql(`
  mutation SaveCategoryStoreTexts($id: ID!, $storeId: ID!, $texts: CategoryTextsInput!) {
    saveCategoryStoreTexts(id: $id, storeId: $storeId, texts: $texts) {
      own {
        ...CategoryTextsFields
      }
    }
  }
`);

const NAMES = ['name', 'description', 'metaTitle', 'metaDescription'] as const;

/** The category page's store-view switch with the chosen store view's texts. */
export function CategoryStoreTexts({ id }: { id: string }) {
  const t = useT();
  const specs = NAMES.map((name) => ({ name, label: t(st[name]), multiline: name === 'description' }));
  const api: StoreTextsApi = {
    load: async (storeId) => (await request(CategoryStoreTextsQuery, { id, storeId })).categoryStoreTexts,
    save: async (storeId, texts) =>
      (await request(SaveCategoryStoreTexts, { id, storeId, texts })).saveCategoryStoreTexts.own,
  };
  return <StoreTextsSection idPrefix="category-store-texts" specs={specs} api={api} />;
}
