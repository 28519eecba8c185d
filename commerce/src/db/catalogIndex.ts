import { sql } from 'kysely';
import type { UntypedDb } from './untyped';
import { oncePerRequest } from '../kernel/requestScope';
import { CATALOG_VERSION_KEY, type UnitOfWork } from '../kernel/transaction';
import { rebuildProductWords } from './productWords';

/** The facet name under which category_facet_count keeps category-overlap counts. */
export const CATEGORY_FACET = 'category_uid';
/** The facet under which category_facet_count keeps a price histogram by whole dollars (-1 = free). */
export const PRICE_FACET = 'price';

/**
 * Products reached only through a subcategory come after the category's own products, in
 * catalog order: Magento's anchor categories list their descendants' products the same way.
 */
const DESCENDANT_POSITION_OFFSET = 1_000_000;

/**
 * Rebuilds the derived catalog tables from the catalog tables; the unit of work bumps the catalog
 * version on commit. Call it inside the transaction that changed the catalog (seeding, imports, admin edits) so
 * readers never see products without their index rows.
 *
 * - category_product_index: every visible product of every category, anchor style (a category
 *   holds its descendants' products too, so the store root holds the whole catalog), with the
 *   sort keys of the listing.
 * - category_facet_count: the facet counts of each category's unfiltered listing: per attribute
 *   option, per category (how many of this category's products it also holds; itself: its total),
 *   and a price histogram.
 */
export async function rebuildCatalogIndex(uow: UnitOfWork): Promise<void> {
  await rebuildCatalogIndexTables(uow.db);
  // After the search documents (the callers write them first): the vocabulary counts their bodies.
  await rebuildProductWords(uow.db);
  uow.catalogChanged();
}

/**
 * The derived tables alone. Migrations 0004 and 0005 call this: they run before later columns of
 * catalog_version exist, and before any process has answers to drop; before 0015 there is no
 * product status either (every product was enabled), so they pass `productStatus: false`.
 */
export async function rebuildCatalogIndexTables(
  db: UntypedDb,
  { productStatus = true, facetValues = true }: { productStatus?: boolean; facetValues?: boolean } = {},
): Promise<void> {
  await db.deleteFrom('category_facet_count').execute();
  await db.deleteFrom('category_product_index').execute();

  await insertListingRows(db, null, productStatus);
  // Migrations before 0031 run before product_facet_value exists.
  if (facetValues) {
    await db.deleteFrom('product_facet_value').execute();
    await insertFacetValues(db, null);
  }

  await sql`
    INSERT INTO category_facet_count (category_id, facet, value, product_count)
    SELECT i.category_id, v.attribute_code, v.option_id, COUNT(*)
    FROM category_product_index i
    JOIN product_attribute_value v ON v.product_id = i.product_id
    GROUP BY i.category_id, v.attribute_code, v.option_id
  `.execute(db);

  await sql`
    INSERT INTO category_facet_count (category_id, facet, value, product_count)
    SELECT i.category_id, ${sql.lit(CATEGORY_FACET)}, x.category_id, COUNT(*)
    FROM category_product_index i
    JOIN category_product_index x ON x.product_id = i.product_id
    GROUP BY i.category_id, x.category_id
  `.execute(db);

  // Whole dollars (-1 for free products): enough to rebuild Magento's power-of-ten price ranges.
  await sql`
    INSERT INTO category_facet_count (category_id, facet, value, product_count)
    SELECT category_id, ${sql.lit(PRICE_FACET)}, CASE WHEN price > 0 THEN CAST(price / 100 AS INTEGER) ELSE -1 END, COUNT(*)
    FROM category_product_index
    GROUP BY category_id, CASE WHEN price > 0 THEN CAST(price / 100 AS INTEGER) ELSE -1 END
  `.execute(db);
}

/** `products`: only these products' rows (null: every product's). */
function insertListingRows(db: UntypedDb, products: readonly number[] | null, productStatus = true) {
  return sql`
    INSERT INTO category_product_index (category_id, product_id, position, price, name)
    SELECT a.id, p.id,
           MIN(CASE WHEN l.category_id = a.id THEN l.position ELSE ${sql.lit(DESCENDANT_POSITION_OFFSET)} + p.position END),
           p.min_price, p.name
    FROM category a
    JOIN category d ON d.id = a.id OR d.path LIKE a.path || '/%'
    JOIN category_product l ON l.category_id = d.id
    JOIN product p ON p.id = l.product_id
    WHERE a.is_active = 1 AND d.is_active = 1 AND a.level >= 1 AND p.visibility = 4 ${productStatus ? sql`AND p.status = 1` : sql``}
      ${products ? sql`AND p.id IN (${sql.join(products)})` : sql``}
    GROUP BY a.id, p.id, p.min_price, p.name
  `.execute(db);
}

/**
 * The attribute options of listed products as the facet counts counted them: when a product
 * changes, what it added to the counts is subtracted from these rows, whatever its attributes
 * are now (issue 33).
 */
function insertFacetValues(db: UntypedDb, products: readonly number[] | null) {
  return sql`
    INSERT INTO product_facet_value (product_id, attribute_code, option_id)
    SELECT v.product_id, v.attribute_code, v.option_id
    FROM product_attribute_value v
    WHERE v.product_id IN (
      SELECT DISTINCT product_id FROM category_product_index
      ${products ? sql`WHERE product_id IN (${sql.join(products)})` : sql``}
    )
  `.execute(db);
}

/**
 * Adds (sign 1) or takes away (sign -1) what the listed rows of `products` count in
 * category_facet_count: every count is a sum over products, so one product's share can move alone.
 */
async function countProducts(db: UntypedDb, products: readonly number[], sign: 1 | -1): Promise<void> {
  const ids = sql.join(products);
  const upsert = sql`ON CONFLICT (category_id, facet, value) DO UPDATE SET product_count = category_facet_count.product_count + excluded.product_count`;
  await sql`
    INSERT INTO category_facet_count (category_id, facet, value, product_count)
    SELECT i.category_id, v.attribute_code, v.option_id, ${sql.lit(sign)} * COUNT(*)
    FROM category_product_index i
    JOIN product_facet_value v ON v.product_id = i.product_id
    WHERE i.product_id IN (${ids})
    GROUP BY i.category_id, v.attribute_code, v.option_id
    ${upsert}
  `.execute(db);
  await sql`
    INSERT INTO category_facet_count (category_id, facet, value, product_count)
    SELECT i.category_id, ${sql.lit(CATEGORY_FACET)}, x.category_id, ${sql.lit(sign)} * COUNT(*)
    FROM category_product_index i
    JOIN category_product_index x ON x.product_id = i.product_id
    WHERE i.product_id IN (${ids})
    GROUP BY i.category_id, x.category_id
    ${upsert}
  `.execute(db);
  await sql`
    INSERT INTO category_facet_count (category_id, facet, value, product_count)
    SELECT category_id, ${sql.lit(PRICE_FACET)}, CASE WHEN price > 0 THEN CAST(price / 100 AS INTEGER) ELSE -1 END, ${sql.lit(sign)} * COUNT(*)
    FROM category_product_index
    WHERE product_id IN (${ids})
    GROUP BY category_id, CASE WHEN price > 0 THEN CAST(price / 100 AS INTEGER) ELSE -1 END
    ${upsert}
  `.execute(db);
}

async function listingCategoriesOf(db: UntypedDb, products: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('category_product_index')
    .select('category_id')
    .distinct()
    .where('product_id', 'in', products)
    .execute();
  return rows.map((row) => Number(row.category_id));
}

/** Products per statement: each id is a bound parameter (SQLite allows 32,766 a statement). */
const REINDEX_CHUNK = 500;

/**
 * The derived catalog rows of `productIds` alone, made again from the catalog tables (issue 33):
 * their listing rows (category paths, price, name), their facet values, and their share of the
 * facet counts. Other products' rows are not written, so a product save costs the same on any
 * catalog size. Ids that no longer exist or are no longer listed lose their rows. Inside the
 * caller's transaction; the caller signals the catalog change.
 */
export async function reindexCatalogProducts(db: UntypedDb, productIds: Iterable<number>): Promise<void> {
  const all = [...new Set(productIds)].sort((a, b) => a - b);
  for (let at = 0; at < all.length; at += REINDEX_CHUNK) {
    const products = all.slice(at, at + REINDEX_CHUNK);
    const before = await listingCategoriesOf(db, products);
    if (before.length > 0) await countProducts(db, products, -1);
    await db.deleteFrom('category_product_index').where('product_id', 'in', products).execute();
    await db.deleteFrom('product_facet_value').where('product_id', 'in', products).execute();
    await insertListingRows(db, products);
    await insertFacetValues(db, products);
    const after = await listingCategoriesOf(db, products);
    if (after.length > 0) await countProducts(db, products, 1);
    const categories = [...new Set([...before, ...after])];
    // A value no product holds any more has no row, as after a full rebuild.
    for (let c = 0; c < categories.length; c += REINDEX_CHUNK)
      await db
        .deleteFrom('category_facet_count')
        .where('category_id', 'in', categories.slice(c, c + REINDEX_CHUNK))
        .where('product_count', '=', 0)
        .execute();
  }
}

export async function readCatalogVersion(db: UntypedDb): Promise<number> {
  const row = await db.selectFrom('catalog_version').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * The catalog version, read once per request: every cache a request consults (rows, facet
 * counts, labels) answers for the same version, and the request reads it once instead of once
 * per cache. Only for reads outside a transaction (`db` is the shop's own handle).
 */
export function catalogVersionOfRequest(db: UntypedDb): Promise<number> {
  return oncePerRequest(CATALOG_VERSION_KEY, () => readCatalogVersion(db));
}
