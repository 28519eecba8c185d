import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { toMajor } from '../../kernel/money';
import { baseCurrencyCode } from '../../kernel/storeConfig';

/**
 * The free-delivery promise, read from the free-shipping carrier's row (Magento's
 * `carriers/freeshipping/active` and `carriers/freeshipping/free_shipping_subtotal`), in storeConfig's
 * names: the same threshold the carrier's rule applies, so what the shop promises is what the cart
 * quotes. The subtotal is in major units of the base currency; none when the carrier is off.
 */
export async function freeShippingSettings(db: Kysely<Database>): Promise<Record<string, string>> {
  const [carrier, currency] = await Promise.all([
    db
      .selectFrom('shipping_carrier')
      .select(['is_active', 'free_threshold'])
      .where('kind', '=', 'freeshipping')
      .orderBy('sort_order')
      .orderBy('code')
      .executeTakeFirst(),
    baseCurrencyCode(db),
  ]);
  const active = carrier?.is_active === 1;
  return {
    free_shipping_active: String(active),
    ...(active && carrier?.free_threshold != null
      ? { free_shipping_subtotal: String(toMajor(carrier.free_threshold, currency)) }
      : {}),
  };
}
