import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/tables';
import { loadBundles } from '../catalog';
import { chooseBundleOptions, chosenBundle, isBundleUid, type ChosenBundleOption } from './bundleChoices';
import { CartUserError, type CartItemRequest } from './cartProductService';

/**
 * A bundle line's choices from an add-to-cart request: null for other products (which refuse
 * bundle answers), the stored choices and the selections they name for a bundle.
 */
export async function bundleLineRequest(
  db: Kysely<Database>,
  product: ProductTable,
  request: CartItemRequest,
  selected: readonly string[],
): Promise<{ stored: string; options: ChosenBundleOption[] } | null> {
  // Magento's message: a grouped product's members are added one by one, each by its own sku.
  if (product.type === 'grouped') throw new CartUserError('UNDEFINED', 'Please specify the quantity of product(s).');
  const legacy = (request.bundle_options ?? []).filter((o) => o !== null);
  const entered = (request.entered_options ?? []).filter((e) => e !== null);
  if (product.type !== 'bundle') {
    if (legacy.length > 0 || selected.some(isBundleUid) || entered.some((e) => isBundleUid(e.uid)))
      throw new CartUserError('UNDEFINED', 'The options you selected are not available.');
    return null;
  }
  const record = (await loadBundles(db, [product.id])).get(product.id);
  if (!record || record.options.length === 0 || product.in_stock !== 1)
    throw new CartUserError('NOT_SALABLE', 'Product that you are trying to add is not available.');
  const stored = chooseBundleOptions(record, { selected, entered, legacy });
  return { stored, options: chosenBundle(product, record, stored).options };
}
