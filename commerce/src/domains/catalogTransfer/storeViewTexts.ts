import type { Kysely } from 'kysely';
import type { TransferDatabase } from './transferTables';
import { RowError, type ParsedRow } from './rowValidation';

// A store-view row (store_view_code set) of Magento's CSV: the texts one store view shows instead
// of the product's own, stored as the French store's are (product_store, read by the catalog's
// translationService). A row for the default store view sets the product's own values, since
// this shop's default store reads the product as it is. Magento's store-view rows carry the
// store-scoped attributes; what else such a row holds is not per store here and is left out.

/** The texts a store view may have of its own (product_store's columns). */
export const STORE_VIEW_TEXT_COLUMNS = [
  'name',
  'description',
  'short_description',
  'meta_title',
  'meta_description',
  'url_key',
] as const;

export type StoreViewTexts = Partial<Record<(typeof STORE_VIEW_TEXT_COLUMNS)[number], string | null>>;

/** The texts a store-view row sets; refuses a row that would give a configurable its own variations. */
export function storeViewTexts(row: ParsedRow): StoreViewTexts {
  if (row.variations)
    throw new RowError(
      `store_view_code "${row.storeView}": a product with configurable_variations has no store-view row of its own (as in Magento)`,
    );
  const texts: StoreViewTexts = {};
  for (const column of STORE_VIEW_TEXT_COLUMNS) {
    const value = row.fields[column];
    if (value !== undefined) texts[column] = value;
  }
  return texts;
}

/** The shop's store views by code. */
export async function storeIdsByCode(db: Kysely<TransferDatabase>): Promise<Map<string, number>> {
  const stores = await db.selectFrom('store_view').select(['id', 'code']).execute();
  return new Map(stores.map((s) => [s.code.toLowerCase(), Number(s.id)]));
}

/** Writes one store view's texts of a product over what it had (a text the row leaves out stays). */
export async function writeStoreViewTexts(
  db: Kysely<TransferDatabase>,
  productId: number,
  storeId: number,
  texts: StoreViewTexts,
): Promise<void> {
  if (Object.keys(texts).length === 0) return;
  const current = await db
    .selectFrom('product_store')
    .selectAll()
    .where('product_id', '=', productId)
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  if (current) {
    await db
      .updateTable('product_store')
      .set(texts)
      .where('product_id', '=', productId)
      .where('store_id', '=', storeId)
      .execute();
    return;
  }
  await db
    .insertInto('product_store')
    .values({
      product_id: productId,
      store_id: storeId,
      name: null,
      url_key: null,
      description: null,
      short_description: null,
      meta_title: null,
      meta_description: null,
      ...texts,
    })
    .execute();
}
