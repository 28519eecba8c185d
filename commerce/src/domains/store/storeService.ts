import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readStoreConfig } from '../../kernel/storeConfig';
import { decodeNumericUid } from '../../kernel/uids';
import { NEW_ORDER_STATUS, paymentMethodSettings } from '../payment/paymentService';

/** Vela runs one website with one store group; Magento numbers the first of each 1. */
const WEBSITE_ID = '1';
const STORE_GROUP_ID = '1';

/**
 * Settings Magento reports that follow from how Vela works rather than from a stored value:
 * older aliases of stored settings, the payment methods' settings, and the display settings
 * that match how prices are computed (catalog and cart prices exclude tax, the grand total
 * includes it; there are no fixed product taxes).
 */
function derivedSettings(stored: Record<string, string>): Record<string, string> {
  const checkmo = paymentMethodSettings('checkmo');
  const free = paymentMethodSettings('free');
  const rootCategoryUid = stored.root_category_uid;
  const derived: Record<string, string | undefined> = {
    code: stored.store_code,
    website_id: WEBSITE_ID,
    root_category_id:
      stored.root_category_id ?? (rootCategoryUid ? String(decodeNumericUid(rootCategoryUid)) : undefined),
    front: stored.cms_home_page,
    no_route: stored.cms_no_route,
    check_money_order_enabled: String(checkmo?.enabled ?? false),
    check_money_order_title: checkmo?.title,
    check_money_order_new_order_status: NEW_ORDER_STATUS,
    check_money_order_enable_for_specific_countries: 'false',
    check_money_order_sort_order: checkmo ? String(checkmo.sortOrder) : undefined,
    zero_subtotal_enabled: String(free?.enabled ?? false),
    zero_subtotal_title: free?.title,
    zero_subtotal_new_order_status: NEW_ORDER_STATUS,
    zero_subtotal_enable_for_specific_countries: 'false',
    zero_subtotal_sort_order: free ? String(free.sortOrder) : undefined,
    shopping_cart_display_price: '1',
    shopping_cart_display_subtotal: '1',
    shopping_cart_display_shipping: '1',
    shopping_cart_display_grand_total: 'false',
    shopping_cart_display_full_summary: 'false',
    shopping_cart_display_zero_tax: 'false',
    shopping_cart_display_tax_gift_wrapping: 'DISPLAY_EXCLUDING_TAX',
    category_fixed_product_tax_display_setting: 'FPT_DISABLED',
    product_fixed_product_tax_display_setting: 'FPT_DISABLED',
    sales_fixed_product_tax_display_setting: 'FPT_DISABLED',
    order_cancellation_enabled: 'false',
  };
  return Object.fromEntries(Object.entries(derived).filter((e): e is [string, string] => e[1] !== undefined));
}

export function createStoreService(db: Kysely<Database>) {
  /** Every setting, keyed by Magento's storeConfig field names; stored values win. */
  const config = async () => {
    const stored = await readStoreConfig(db);
    return { ...derivedSettings(stored), ...stored };
  };
  return {
    /** Every setting as strings; the resolvers type them by the schema. */
    config,
    /** The store views a storefront can switch to: Vela has one. */
    availableStores: async () => [await config()],
    /** The websites products are sold in: Vela has one. */
    websites: async () => {
      const c = await config();
      return [
        {
          id: Number(WEBSITE_ID),
          code: c.website_code ?? null,
          name: c.website_name ?? null,
          sort_order: 0,
          default_group_id: STORE_GROUP_ID,
          is_default: true,
        },
      ];
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
