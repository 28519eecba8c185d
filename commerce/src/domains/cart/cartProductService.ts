import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/tables';
import { parseConfigurableOptionValueUid } from '../../kernel/uids';

export type CartUserErrorCode = 'PRODUCT_NOT_FOUND' | 'NOT_SALABLE' | 'INSUFFICIENT_STOCK' | 'UNDEFINED';

export class CartUserError extends Error {
  constructor(
    readonly code: CartUserErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface CartItemRequest {
  sku: string;
  parent_sku?: string | null;
  quantity: number;
  /** A configurable's value uids and custom-option value uids, in any order. */
  selected_options?: ReadonlyArray<string | null> | null;
  /** Text and dates entered for custom options. */
  entered_options?: ReadonlyArray<{ uid: string; value: string } | null> | null;
  /** Values of custom options (Magento's older add mutations). */
  customizable_options?: ReadonlyArray<{ id?: number | null; uid?: string | null; value_string: string } | null> | null;
  /** A bundle's answers (addBundleProductsToCart): option id, selection ids, quantity. */
  bundle_options?: ReadonlyArray<{ id: number; quantity: number; value: ReadonlyArray<string | null> } | null> | null;
  /** A downloadable product's links by id (addDownloadableProductsToCart). */
  downloadable_product_links?: ReadonlyArray<{ link_id: number } | null> | null;
}

/** What a cart line holds: the product shown and, for configurable products, the chosen variant. */
export interface ResolvedCartProduct {
  product: ProductTable;
  variant: ProductTable | null;
}

const notFound = (sku: string) => new CartUserError('PRODUCT_NOT_FOUND', `Could not find a product with SKU "${sku}"`);
const chooseOptions = () => new CartUserError('UNDEFINED', 'You need to choose options for your item.');

async function findBySku(db: Kysely<Database>, sku: string): Promise<ProductTable | undefined> {
  return db.selectFrom('product').selectAll().where('sku', '=', sku).executeTakeFirst();
}

/** The variant of a configurable product whose configurable attributes carry exactly the chosen values. */
async function variantForOptions(
  db: Kysely<Database>,
  parent: ProductTable,
  uids: readonly string[],
): Promise<ProductTable> {
  const chosen = uids.map((uid) => parseConfigurableOptionValueUid(uid));
  if (chosen.length === 0 || chosen.some((c) => c === null)) throw chooseOptions();
  const codes = (
    await db.selectFrom('configurable_attribute').select('attribute_code').where('product_id', '=', parent.id).execute()
  ).map((r) => r.attribute_code);
  const wanted = new Map<string, number>();
  for (const c of chosen) if (c) wanted.set(c.attributeCode, c.optionId);
  if (codes.some((code) => !wanted.has(code)) || wanted.size !== codes.length) throw chooseOptions();
  const variants = await db.selectFrom('product').selectAll().where('parent_id', '=', parent.id).execute();
  if (variants.length === 0) throw chooseOptions();
  const values = await db
    .selectFrom('product_attribute_value')
    .selectAll()
    .where(
      'product_id',
      'in',
      variants.map((v) => v.id),
    )
    .execute();
  const match = variants.find((variant) =>
    codes.every((code) =>
      values.some((v) => v.product_id === variant.id && v.attribute_code === code && v.option_id === wanted.get(code)),
    ),
  );
  if (!match) throw new CartUserError('UNDEFINED', 'Could not find specified product.');
  return match;
}

/**
 * Finds what a CartItemInput asks for: a simple product, a variant by its SKU plus `parent_sku`,
 * a configurable product plus `selected_options`, or a variant SKU alone (its parent is implied).
 */
export async function resolveCartProduct(db: Kysely<Database>, request: CartItemRequest): Promise<ResolvedCartProduct> {
  const sku = request.sku.trim();
  const selected = (request.selected_options ?? []).filter((o): o is string => typeof o === 'string' && o !== '');
  if (request.parent_sku) {
    const parent = await findBySku(db, request.parent_sku.trim());
    if (!parent || parent.type !== 'configurable') throw notFound(request.parent_sku);
    if (sku === parent.sku) return { product: parent, variant: await variantForOptions(db, parent, selected) };
    const variant = await findBySku(db, sku);
    if (!variant || variant.parent_id !== parent.id) throw notFound(sku);
    return { product: parent, variant };
  }
  const product = await findBySku(db, sku);
  if (!product) throw notFound(sku);
  if (product.type === 'configurable') {
    if (selected.length === 0) throw chooseOptions();
    return { product, variant: await variantForOptions(db, product, selected) };
  }
  if (product.parent_id !== null) {
    const parent = await db.selectFrom('product').selectAll().where('id', '=', product.parent_id).executeTakeFirst();
    if (!parent) throw notFound(sku);
    return { product: parent, variant: product };
  }
  return { product, variant: null };
}
