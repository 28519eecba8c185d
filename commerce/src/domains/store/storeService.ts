import { addressRuleLists } from '../directory';
import { freeShippingSettings } from '../shipping';
import type { Kysely } from 'kysely';
import type { Database, StoreViewTable } from '../../db/tables';
import { availableCurrencies, defaultStoreOf, type StoreViewCache } from './storeViews';
import type { StoreScope, StoreViewSetup } from './storeViews';
import { readStoreConfig } from '../../kernel/storeConfig';
import type { PublicUrls } from '../../kernel/publicUrl';
import { decodeNumericUid } from '../../kernel/uids';
import { braintreeThreeDSecureStoreConfig, NEW_ORDER_STATUS, paymentMethodSettings } from '../payment';

/** Magento's design/search_engine_robots/default_robots default. */
const DEFAULT_ROBOTS = 'INDEX,FOLLOW';
/** Magento's recaptcha_frontend/type_recaptcha_v3 defaults. */
const DEFAULT_RECAPTCHA_SCORE = 0.5;
const RECAPTCHA_FAILURE = 'reCAPTCHA verification failed.';
const RECAPTCHA_FORMS = new Set([
  'PLACE_ORDER',
  'CONTACT',
  'CUSTOMER_LOGIN',
  'CUSTOMER_FORGOT_PASSWORD',
  'CUSTOMER_CREATE',
  'CUSTOMER_EDIT',
  'NEWSLETTER',
  'PRODUCT_REVIEW',
  'SENDFRIEND',
  'BRAINTREE',
]);

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
  const checkmo = paymentMethodSettings('checkmo', stored);
  const free = paymentMethodSettings('free', stored);
  const rootCategoryUid = stored.root_category_uid;
  const derived: Record<string, string | undefined> = {
    code: stored.store_code,
    store_sort_order: '0',
    website_id: WEBSITE_ID,
    root_category_id:
      stored.root_category_id ?? (rootCategoryUid ? String(decodeNumericUid(rootCategoryUid)) : undefined),
    front: stored.cms_home_page,
    no_route: stored.cms_no_route,
    check_money_order_enabled: String(checkmo?.enabled ?? false),
    check_money_order_title: stored['payment/checkmo/title'] ?? checkmo?.title,
    check_money_order_new_order_status: NEW_ORDER_STATUS,
    check_money_order_enable_for_specific_countries: 'false',
    check_money_order_sort_order: checkmo ? String(checkmo.sortOrder) : undefined,
    zero_subtotal_enabled: String(free?.enabled ?? false),
    zero_subtotal_title: stored['payment/free/title'] ?? free?.title,
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
    // The contact form and newsletter sign-up are always offered (neither has a switch).
    contact_enabled: 'true',
    newsletter_enabled: 'true',
    // The storefront names every category's and product's canonical address.
    category_canonical_tag: 'true',
    product_canonical_tag: 'true',
    // Gift messages are off unless the shop turns them on, as in Magento (cart/giftMessageService.ts).
    allow_order: stored.allow_order === '1' ? '1' : '0',
    allow_items: stored.allow_items === '1' ? '1' : '0',
    ...braintreeThreeDSecureStoreConfig(stored),
  };
  return Object.fromEntries(Object.entries(derived).filter((e): e is [string, string] => e[1] !== undefined));
}

/** The settings Magento answers as absolute URLs; stored as paths on the shop's address. */
const URL_SETTINGS = [
  'base_url',
  'secure_base_url',
  'base_link_url',
  'secure_base_link_url',
  'base_media_url',
  'secure_base_media_url',
  'base_static_url',
  'secure_base_static_url',
] as const;

/** Where the storefront's hashed static files are served, when a shop stored no other address. */
const STATIC_PATH = '/assets/';

function withAbsoluteUrls(settings: Record<string, string>, urls: PublicUrls): Record<string, string> {
  const result = { ...settings };
  result.base_static_url ??= STATIC_PATH;
  result.secure_base_static_url ??= result.base_static_url;
  for (const key of URL_SETTINGS) {
    const value = result[key];
    if (value !== undefined) result[key] = urls.absolute(value);
  }
  return result;
}

/** What a store view's own row says about it, in storeConfig's names. */
function identitySettings(store: StoreViewTable, isDefault: boolean): Record<string, string> {
  return {
    id: String(store.id),
    code: store.code,
    store_code: store.code,
    store_name: store.name,
    locale: store.locale,
    default_display_currency_code: store.default_display_currency_code,
    is_default_store: String(isDefault),
    store_sort_order: String(store.sort_order),
  };
}

/** `storeViews`: the per-process copy of the store views and rates (kept per catalog version). */
export function createStoreService(db: Kysely<Database>, storeViews: StoreViewCache, urls: PublicUrls) {
  /**
   * Every setting of a store view, keyed by Magento's storeConfig field names: the shop-wide
   * stored values, then the store view's own, then its identity (code, name, locale, currency).
   */
  const configOf = async (
    store: StoreViewTable | null,
    isDefault: boolean,
    stored?: Record<string, string>,
  ): Promise<Record<string, string>> => {
    const shopWide = stored ?? (await readStoreConfig(db));
    const own = store
      ? await db.selectFrom('store_view_config').select(['key', 'value']).where('store_id', '=', store.id).execute()
      : [];
    const merged = { ...shopWide, ...Object.fromEntries(own.map((r) => [r.key, r.value])) };
    // The address rules live with the countries (directory), not in settings.
    // The free-delivery threshold is the free-shipping carrier's own (shipping).
    const [addressRules, freeShipping] = await Promise.all([addressRuleLists(db), freeShippingSettings(db)]);
    return withAbsoluteUrls(
      {
        ...derivedSettings(merged),
        ...addressRules,
        ...freeShipping,
        ...merged,
        ...(store ? identitySettings(store, isDefault) : {}),
      },
      urls,
    );
  };
  const storeRow = (setup: StoreViewSetup, id: number) => setup.stores.find((s) => s.id === id) ?? null;
  /** The settings of the request's store view. */
  const config = async (scope?: StoreScope) => {
    if (!scope) return configOf(null, true);
    const setup = await storeViews.setup();
    return configOf(storeRow(setup, scope.id), scope.isDefault);
  };
  return {
    /** Every setting as strings; the resolvers type them by the schema. */
    config,
    /** The settings of a store view by id (e-mails about an order speak its store's language). */
    settingsOf: async (storeId: number) => {
      const setup = await storeViews.setup();
      const store = storeRow(setup, storeId);
      return configOf(store, store === null || store.id === defaultStoreOf(setup).id);
    },
    /** The store views a storefront can switch to, in their order: every active one (Vela has one group). */
    availableStores: async () => {
      const [setup, stored] = await Promise.all([storeViews.setup(), readStoreConfig(db)]);
      const defaultId = defaultStoreOf(setup).id;
      if (setup.stores.length === 0) return [await configOf(null, true, stored)];
      return Promise.all(setup.stores.map((s) => configOf(s, s.id === defaultId, stored)));
    },
    /** Magento's `currency`: the store's currencies and their rates from the base currency. */
    currency: async (scope: StoreScope) => {
      const setup = await storeViews.setup();
      const store = storeRow(setup, scope.id) ?? defaultStoreOf(setup);
      const codes = availableCurrencies(setup, store);
      return {
        base: setup.baseCurrency,
        display: store.default_display_currency_code,
        available: codes,
        rates: codes.map((code) => ({ currency_to: code, rate: setup.rates.get(code) ?? 1 })),
      };
    },
    /** Magento's design/search_engine_robots settings: what search engines are told. */
    robots: async (scope: StoreScope) => {
      const c = await config(scope);
      return {
        defaultRobots: c.default_robots ?? DEFAULT_ROBOTS,
        customInstructions: c.robots_custom_instructions ?? '',
      };
    },
    /**
     * Google reCAPTCHA v3 as a storefront needs it. It guards no form until the shop stores a site
     * key and the forms to guard (`recaptcha_v3_website_key`, `recaptcha_v3_forms`, comma-separated).
     */
    recaptchaV3: async (scope: StoreScope) => {
      const c = await config(scope);
      const websiteKey = c.recaptcha_v3_website_key ?? '';
      const score = Number(c.recaptcha_v3_minimum_score);
      return {
        website_key: websiteKey,
        minimum_score: Number.isFinite(score) && score > 0 ? score : DEFAULT_RECAPTCHA_SCORE,
        badge_position: c.recaptcha_v3_badge_position ?? 'inline',
        language_code: c.recaptcha_v3_language_code ?? null,
        failure_message: c.recaptcha_v3_failure_message ?? RECAPTCHA_FAILURE,
        forms:
          websiteKey === ''
            ? []
            : (c.recaptcha_v3_forms ?? '')
                .split(',')
                .map((f) => f.trim().toUpperCase())
                .filter((f) => RECAPTCHA_FORMS.has(f)),
      };
    },
    /** A search term of the store view: its popularity and redirect; all null for a term never stored. */
    searchTerm: async (scope: StoreScope, text: string | null | undefined) => {
      const query = (text ?? '').trim();
      const row =
        query === ''
          ? undefined
          : await db
              .selectFrom('search_term')
              .selectAll()
              .where('store_id', '=', scope.id)
              .where('query_text', '=', query)
              .executeTakeFirst();
      return {
        query_text: row?.query_text ?? null,
        redirect: row?.redirect ?? null,
        popularity: row?.popularity ?? null,
      };
    },
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
