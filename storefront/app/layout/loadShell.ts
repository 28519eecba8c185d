import type { ApolloClient } from '@apollo/client';
import { loadCmsBlock } from '../features/cms/loadCmsBlock';
import { loadMenu } from '../features/navigation/loadMenu';
import { StoreConfigQuery } from '../features/store/storeConfigQuery';
import { DEFAULT_LOCALE } from '../i18n/locale';
import { loadStoreChoices } from '../features/store/storeChoices';
import { loadWaysToPay } from '../features/store/waysToPay';
import type { StoreView } from '../data/storeView';

/** The CMS block whose links the footer shows, when the merchant has one. */
export const FOOTER_BLOCK_IDENTIFIER = 'footer-links';

/** Everything around the page: store settings, locale, the category menu, the footer block and ways to pay. */
export async function loadShell(client: ApolloClient) {
  const { data } = await client.query({ query: StoreConfigQuery });
  const storeConfig = data?.storeConfig;
  if (!storeConfig) throw new Error('The store configuration is missing');
  const [menu, , storeChoices, waysToPay] = await Promise.all([
    loadMenu(client, storeConfig.root_category_uid, storeConfig.category_url_suffix),
    loadCmsBlock(client, FOOTER_BLOCK_IDENTIFIER),
    loadStoreChoices(client),
    loadWaysToPay(client, storeConfig.check_money_order_enabled),
  ]);
  return { locale: storeConfig.locale ?? DEFAULT_LOCALE, storeConfig, menu, storeChoices, waysToPay };
}

/** The root loader adds the store view the page is rendered in (root.tsx). */
export type ShellData = Awaited<ReturnType<typeof loadShell>> & { storeView?: StoreView; origin?: string };
