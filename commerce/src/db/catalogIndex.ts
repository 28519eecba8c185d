import { sql } from 'kysely';
import type { UntypedDb } from './untyped';
import { oncePerRequest } from '../kernel/requestScope';
import { CATALOG_VERSION_KEY, type UnitOfWork } from '../kernel/transaction';

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
  uow.catalogChanged();
}

/**
 * The derived tables alone. Migrations 0004 and 0005 call this: they run before later columns of
 * catalog_version exist, and before any process has answers to drop; before 0015 there is no
 * product status either (every product was enabled), so they pass `productStatus: false`.
 */
export async function rebuildCatalogIndexTables(
  db: UntypedDb,
  { productStatus = true }: { productStatus?: boolean } = {},
): Promise<void> {
  await db.deleteFrom('category_facet_count').execute();
  await db.deleteFrom('category_product_index').execute();

  await sql`
    INSERT INTO category_product_index (category_id, product_id, position, price, name)
    SELECT a.id, p.id,
           MIN(CASE WHEN l.category_id = a.id THEN l.position ELSE ${sql.lit(DESCENDANT_POSITION_OFFSET)} + p.position END),
           p.min_price, p.name
    FROM category a
    JOIN category d ON d.id = a.id OR d.path LIKE a.path || '/%'
    JOIN category_product l ON l.category_id = d.id
    JOIN product p ON p.id = l.product_id
    WHERE a.is_active = 1 AND d.is_active = 1 AND a.level >= 1 AND p.visibility = 4 ${productStatus ? sql`AND p.status = 1` : sql``}
    GROUP BY a.id, p.id, p.min_price, p.name
  `.execute(db);

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
