import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SearchDocument, SearchIndex } from '../db/searchIndex';
import { CMS_REWRITE_ID_START, generateDemoCatalog } from './catalogGenerator';
import type { CatalogOptions, GeneratedProduct } from './catalogGenerator';
import {
  DEMO_CMS_BLOCKS,
  DEMO_CMS_BLOCKS_FR,
  DEMO_CMS_PAGES,
  DEMO_CMS_PAGES_FR,
  DEMO_CURRENCY_RATES,
  DEMO_STORE_CONFIG,
  DEMO_STORE_VIEW_CONFIG,
  DEMO_STORE_VIEWS,
} from './catalogContent';
import { DEFAULT_STORE_ID } from '../domains/store';
import { magentoDirectory } from '../domains/directory';
import { withCategoryImages } from './categoryImages';
import { seedDemoCheckout } from './checkoutSeed';
import { seedDemoSynonyms } from './searchSynonymSeed';
import { seedDemoProductLinks } from './productLinkSeed';
import { rebuildCatalogIndex } from '../db/catalogIndex';
import { inWriteTransaction } from '../kernel/transaction';

const CATALOG_TABLES = [
  'store_config',
  'store_view',
  'store_view_config',
  'currency_rate',
  'product_store',
  'category_store',
  'cms_page_store',
  'cms_block_store',
  'attribute_store',
  'attribute_option_store',
  'category',
  'product',
  'attribute',
  'attribute_option',
  'product_attribute_value',
  'category_product',
  'product_media',
  'configurable_attribute',
  'product_link',
  'url_rewrite',
  'cms_page',
  'cms_block',
  'country',
  'region',
] as const;

// Stays under SQLite's bound-parameter limit for the widest table (product, ~21 columns).
const BATCH_ROWS = 400;

async function insertAll<T extends keyof Database>(
  trx: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    // Rows are written as the table holds them; Kysely types inserts more loosely than reads.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH_ROWS))
      .execute();
  }
}

export async function isCatalogEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('category').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export interface SeedResult {
  products: number;
  productRows: number;
}

/** Replaces the whole catalog (store config, categories, products, CMS, directory) with the demo data. */
export async function seedDemoCatalog(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  options: CatalogOptions & { log?: (line: string) => void } = {},
): Promise<SeedResult> {
  const catalog = generateDemoCatalog(options);
  const { countries, regions } = magentoDirectory();
  let products = 0;
  let productRows = 0;
  await inWriteTransaction(db, async (uow) => {
    const trx = uow.db;
    for (const table of CATALOG_TABLES) await trx.deleteFrom(table).execute();
    await insertAll(
      trx,
      'store_config',
      Object.entries(DEMO_STORE_CONFIG).map(([key, value]) => ({ key, value })),
    );
    await insertAll(trx, 'store_view', DEMO_STORE_VIEWS);
    await insertAll(trx, 'store_view_config', DEMO_STORE_VIEW_CONFIG);
    await insertAll(trx, 'currency_rate', DEMO_CURRENCY_RATES);
    await insertAll(trx, 'attribute', catalog.attributes);
    await insertAll(trx, 'attribute_option', catalog.attributeOptions);
    await insertAll(trx, 'attribute_store', catalog.attributeTranslations);
    await insertAll(trx, 'attribute_option_store', catalog.optionTranslations);
    await insertAll(trx, 'category', withCategoryImages(catalog.categories));
    await insertAll(trx, 'category_store', catalog.categoryTranslations);
    await insertAll(trx, 'url_rewrite', catalog.categoryUrlRewrites);
    await insertAll(trx, 'url_rewrite', catalog.categoryTranslationRewrites);
    await insertAll(trx, 'cms_page', DEMO_CMS_PAGES);
    await insertAll(trx, 'cms_block', DEMO_CMS_BLOCKS);
    await insertAll(trx, 'cms_page_store', DEMO_CMS_PAGES_FR);
    await insertAll(trx, 'cms_block_store', DEMO_CMS_BLOCKS_FR);
    await insertAll(trx, 'country', countries);
    await insertAll(trx, 'region', regions);
    await seedDemoCheckout(trx);
    await seedDemoSynonyms(trx);
    await insertAll(
      trx,
      'url_rewrite',
      DEMO_CMS_PAGES.filter((p) => p.identifier !== 'home').map((page, i) => ({
        id: CMS_REWRITE_ID_START + i,
        request_path: page.identifier,
        target_path: `cms/page/view/page_id/${page.id}`,
        entity_type: 'CMS_PAGE' as const,
        entity_id: page.id,
        redirect_type: 0,
        store_id: DEFAULT_STORE_ID,
      })),
    );

    let pending: GeneratedProduct[] = [];
    const searchDocuments: SearchDocument[] = [];
    const flush = async () => {
      await insertAll(
        trx,
        'product',
        pending.flatMap((p) => p.products),
      );
      await insertAll(
        trx,
        'product_media',
        pending.flatMap((p) => p.media),
      );
      await insertAll(
        trx,
        'product_attribute_value',
        pending.flatMap((p) => p.attributeValues),
      );
      await insertAll(
        trx,
        'configurable_attribute',
        pending.flatMap((p) => p.configurableAttributes),
      );
      await insertAll(
        trx,
        'category_product',
        pending.flatMap((p) => p.categoryLinks),
      );
      await insertAll(
        trx,
        'url_rewrite',
        pending.flatMap((p) => p.urlRewrites),
      );
      await insertAll(
        trx,
        'product_store',
        pending.flatMap((p) => p.translations),
      );
      pending = [];
    };
    for (const product of catalog.products()) {
      pending.push(product);
      searchDocuments.push(product.search);
      products++;
      productRows += product.products.length;
      if (pending.length >= 200) {
        await flush();
        if (products % 5000 === 0) options.log?.(`seeded ${products} products`);
      }
    }
    await flush();
    await seedDemoProductLinks(trx);
    await searchIndex.replaceAll(trx, searchDocuments);
    await rebuildCatalogIndex(uow);
  });
  // Fresh statistics let the planner start from the category's product list instead of
  // scanning all visible products (SQLite has none until ANALYZE runs; PostgreSQL's are stale).
  await sql`ANALYZE`.execute(db);
  return { products, productRows };
}
