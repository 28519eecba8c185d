import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

// What cart price rules' item conditions read of the products in a cart: the categories each
// product is in and its attribute options. Read only when some rule has an item condition, and
// cached per catalog version (pricingSettingsService.ts): both change only with the catalog.

export interface ProductRuleFacts {
  categoryIds: number[];
  /** Attribute code → option ids. */
  attributes: Map<string, number[]>;
}

export async function loadProductRuleFacts(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, ProductRuleFacts>> {
  const ids = [...new Set(productIds)];
  const facts = new Map<number, ProductRuleFacts>(ids.map((id) => [id, { categoryIds: [], attributes: new Map() }]));
  if (ids.length === 0) return facts;
  const [categories, attributes] = await Promise.all([
    db.selectFrom('category_product').select(['product_id', 'category_id']).where('product_id', 'in', ids).execute(),
    db
      .selectFrom('product_attribute_value')
      .select(['product_id', 'attribute_code', 'option_id'])
      .where('product_id', 'in', ids)
      .execute(),
  ]);
  for (const row of categories) facts.get(Number(row.product_id))?.categoryIds.push(Number(row.category_id));
  for (const row of attributes) {
    const own = facts.get(Number(row.product_id))?.attributes;
    if (!own) continue;
    own.set(row.attribute_code, [...(own.get(row.attribute_code) ?? []), Number(row.option_id)]);
  }
  return facts;
}
