import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { type StoreTextsApi, StoreTextsSection } from '../../common/storeTexts/StoreTextsSection';
import { st } from '../../common/storeTexts/storeTextMessages';
import { useT } from '../../common/useT';

graphql(`
  fragment ProductTextsFields on ProductTexts {
    name
    urlKey
    description
    shortDescription
    metaTitle
    metaDescription
  }
`);

const ProductStoreTextsQuery = graphql(`
  query ProductStoreTexts($sku: String!, $storeId: ID!) {
    productStoreTexts(sku: $sku, storeId: $storeId) {
      defaults {
        ...ProductTextsFields
      }
      own {
        ...ProductTextsFields
      }
    }
  }
`);

const SaveProductStoreTexts = graphql(`
  mutation SaveProductStoreTexts($sku: String!, $storeId: ID!, $texts: ProductTextsInput!) {
    saveProductStoreTexts(sku: $sku, storeId: $storeId, texts: $texts) {
      own {
        ...ProductTextsFields
      }
    }
  }
`);

const NAMES = ['name', 'urlKey', 'shortDescription', 'description', 'metaTitle', 'metaDescription'] as const;

/** The product page's store-view switch, as Magento's admin has it, with the chosen store's texts. */
export function ProductStoreTexts({ sku }: { sku: string }) {
  const t = useT();
  const specs = NAMES.map((name) => ({
    name,
    label: t(st[name]),
    multiline: name === 'description' || name === 'shortDescription',
  }));
  const api: StoreTextsApi = {
    load: async (storeId) => (await request(ProductStoreTextsQuery, { sku, storeId })).productStoreTexts,
    save: async (storeId, texts) =>
      (await request(SaveProductStoreTexts, { sku, storeId, texts })).saveProductStoreTexts.own,
  };
  return <StoreTextsSection idPrefix="product-store-texts" specs={specs} api={api} />;
}
