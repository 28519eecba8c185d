import { sql } from 'kysely';
import type { InsertObject, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { SearchDocument, SearchIndex } from '../db/searchIndex';
import { CMS_REWRITE_ID_START, generateDemoCatalog } from './catalogGenerator';
import type { CatalogOptions, GeneratedProduct } from './catalogGenerator';
import { DEMO_CMS_BLOCKS, DEMO_CMS_PAGES, DEMO_STORE_CONFIG } from './catalogContent';
import { demoCountries } from './catalogCountries';
import { withCategoryImages } from './categoryImages';
import { seedDemoCheckout } from './checkoutSeed';
import { rebuildCatalogIndex } from '../db/catalogIndex';

const CATALOG_TABLES = [
  'store_config',
  'category',
  'product',
  'attribute',
  'attribute_option',
  'product_attribute_value',
  'category_product',
  'product_media',
  'configurable_attribute',
  'url_rewrite',
  'cms_page',
  'cms_block',
  'country',
  'region',
] as const;

// Stays under SQLite's bound-parameter limit for the widest table (product, ~21 columns).
const BATCH_ROWS = 400;

async function insertAll<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Database[T][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    // Rows are written as the table holds them; Kysely types inserts more loosely than reads.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH_ROWS) as unknown as InsertObject<Database, T>[])
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
  const { countries, regions } = demoCountries();
  let products = 0;
  let productRows = 0;
  await db.transaction().execute(async (trx) => {
    for (const table of CATALOG_TABLES) await trx.deleteFrom(table).execute();
    await insertAll(
      trx,
      'store_config',
      Object.entries(DEMO_STORE_CONFIG).map(([key, value]) => ({ key, value })),
    );
    await insertAll(trx, 'attribute', catalog.attributes);
    await insertAll(trx, 'attribute_option', catalog.attributeOptions);
    await insertAll(trx, 'category', withCategoryImages(catalog.categories));
    await insertAll(trx, 'url_rewrite', catalog.categoryUrlRewrites);
    await insertAll(trx, 'cms_page', DEMO_CMS_PAGES);
    await insertAll(trx, 'cms_block', DEMO_CMS_BLOCKS);
    await insertAll(trx, 'country', countries);
    await insertAll(trx, 'region', regions);
    await seedDemoCheckout(trx);
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
    await searchIndex.replaceAll(trx, searchDocuments);
    await rebuildCatalogIndex(trx);
  });
  // Fresh statistics let the planner start from the category's product list instead of
  // scanning all visible products (SQLite has none until ANALYZE runs; PostgreSQL's are stale).
  await sql`ANALYZE`.execute(db);
  return { products, productRows };
}
