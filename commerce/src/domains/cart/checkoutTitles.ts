import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { PaymentMethod } from '../payment';
import type { ShippingQuote } from '../shipping';

// Carrier, shipping method and payment titles as a store view names them: its own values under
// Magento's configuration paths (`carriers/<code>/title`, `carriers/<code>/name`,
// `payment/<code>/title` in store_view_config), else the shop-wide titles.

export interface CheckoutTitles {
  shipping: (quote: ShippingQuote) => ShippingQuote;
  payment: (method: PaymentMethod) => PaymentMethod;
}

const SHOP_WIDE: CheckoutTitles = { shipping: (q) => q, payment: (m) => m };

export async function loadCheckoutTitles(
  db: Kysely<Database>,
  store: { id: number; isDefault: boolean },
): Promise<CheckoutTitles> {
  if (store.isDefault) return SHOP_WIDE;
  const rows = await db
    .selectFrom('store_view_config')
    .select(['key', 'value'])
    .where('store_id', '=', store.id)
    .where((eb) => eb.or([eb('key', 'like', 'carriers/%'), eb('key', 'like', 'payment/%')]))
    .execute();
  if (rows.length === 0) return SHOP_WIDE;
  const own = new Map(rows.map((r) => [r.key, r.value]));
  return {
    shipping: (q) => ({
      ...q,
      carrier_title: own.get(`carriers/${q.carrier_code}/title`) ?? q.carrier_title,
      method_title: own.get(`carriers/${q.carrier_code}/name`) ?? q.method_title,
    }),
    payment: (m) => ({ ...m, title: own.get(`payment/${m.code}/title`) ?? m.title }),
  };
}
