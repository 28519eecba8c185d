import type { Kysely } from 'kysely';
import type { Database, TaxRateTable } from '../../db/tables';
import { loadCandidateRules, loadRulesWithoutCoupon, type CandidateRule } from '../promotions';
import { loadShippingSetup, type ShippingRateSetup } from '../shipping';
import { findTaxRate } from '../tax';
import { loadActivePaymentCodes } from '../payment';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { createVersionedCache } from '../../kernel/versionedCache';
import { loadCheckoutTitles, type CheckoutTitles } from './checkoutTitles';
import { loadTierPrices, type TierPriceRow } from '../catalog';
import { loadProductRuleFacts, type ProductRuleFacts } from './ruleFacts';

// Pricing a cart reads the shop's settings as well as the cart: cart rules, carriers and table
// rates, tax rates, the base currency and exchange rates, checkout titles, payment switches.
// They change only in the back office, and every such change bumps the catalog version, so a
// cart read or an add to cart takes them from a cache kept per catalog version: seven statements
// fewer per request (issue 14). Two reads stay live:
// - the cart's coupon: its use count changes with every order that uses it;
// - the rules, whenever one of them has a use limit: orders count their uses.
// A write transaction (placing an order, checking totals under lock) reads everything live, as
// before: PricingSettings is only handed to the pricing of a cart outside one.

export interface PricingSettingsSource {
  candidateRules(couponCode: string | null): Promise<CandidateRule[]>;
  shippingSetup(): Promise<ShippingRateSetup>;
  taxRate(countryId: string, regionId: number | null): Promise<TaxRateTable | null>;
  baseCurrency(): Promise<string>;
  exchangeRate(from: string, to: string): Promise<number | null>;
  checkoutTitles(store: { id: number; isDefault: boolean }): Promise<CheckoutTitles>;
  activePayments(): Promise<Set<string>>;
  /** Whether the shop's tax rates apply to a customer group (its customer tax class). */
  groupTaxed(groupId: number): Promise<boolean>;
  /** The tier prices of the products, by product id. */
  tierPrices(productIds: readonly number[]): Promise<Map<number, TierPriceRow[]>>;
  /** Categories and attribute options of the products, for cart rules' item conditions. */
  productRuleFacts(productIds: readonly number[]): Promise<Map<number, ProductRuleFacts>>;
}

async function readGroupTaxed(db: Kysely<Database>, groupId: number): Promise<boolean> {
  const row = await db
    .selectFrom('customer_group')
    .innerJoin('tax_class', 'tax_class.class_id', 'customer_group.tax_class_id')
    .select('tax_class.taxed')
    .where('customer_group.customer_group_id', '=', groupId)
    .executeTakeFirst();
  return row ? Number(row.taxed) === 1 : true;
}

async function readExchangeRate(db: Kysely<Database>, from: string, to: string): Promise<number | null> {
  const row = await db
    .selectFrom('currency_rate')
    .select('rate')
    .where('currency_from', '=', from)
    .where('currency_to', '=', to)
    .executeTakeFirst();
  return row ? Number(row.rate) : null;
}

/** Every setting read from `db` when asked: inside a transaction, what it has written so far. */
export function liveSettings(db: Kysely<Database>): PricingSettingsSource {
  return {
    candidateRules: (couponCode) => loadCandidateRules(db, couponCode),
    shippingSetup: () => loadShippingSetup(db),
    taxRate: (countryId, regionId) => findTaxRate(db, countryId, regionId),
    baseCurrency: () => baseCurrencyCode(db),
    exchangeRate: (from, to) => readExchangeRate(db, from, to),
    checkoutTitles: (store) => loadCheckoutTitles(db, store),
    activePayments: () => loadActivePaymentCodes(db),
    groupTaxed: (groupId) => readGroupTaxed(db, groupId),
    tierPrices: (productIds) => loadTierPrices(db, productIds),
    productRuleFacts: (productIds) => loadProductRuleFacts(db, productIds),
  };
}

/** The settings kept until the catalog version changes; shared by every request of the process. */
export function cachedSettings(db: Kysely<Database>): PricingSettingsSource {
  const live = liveSettings(db);
  // About a dozen entries in a shop: one per currency, store view and tax destination in use.
  const cache = createVersionedCache<unknown>(db, 512);
  const cached = <T>(key: string, load: () => Promise<T>) => cache(key, load) as Promise<T>;
  return {
    async candidateRules(couponCode) {
      const automatic = await cached('rules', () => loadRulesWithoutCoupon(db));
      if (automatic.limited) return live.candidateRules(couponCode);
      return couponCode === null ? automatic.candidates : live.candidateRules(couponCode);
    },
    shippingSetup: () => cached('shipping', () => live.shippingSetup()),
    taxRate: (countryId, regionId) =>
      cached(`tax:${countryId}:${regionId ?? ''}`, () => live.taxRate(countryId, regionId)),
    baseCurrency: () => cached('base-currency', () => live.baseCurrency()),
    exchangeRate: (from, to) => cached(`rate:${from}:${to}`, () => live.exchangeRate(from, to)),
    checkoutTitles: (store) => cached(`titles:${store.id}`, () => live.checkoutTitles(store)),
    activePayments: () => cached('payments', () => live.activePayments()),
    // Groups, their tax classes and tier prices are written only in the back office, and those
    // writes move the catalog version. A cart asks for the same products read after read.
    groupTaxed: (groupId) => cached(`group:${groupId}`, () => live.groupTaxed(groupId)),
    tierPrices: (productIds) => {
      const ids = [...new Set(productIds)].sort((a, b) => a - b);
      return cached(`tiers:${ids.join(',')}`, () => live.tierPrices(ids));
    },
    productRuleFacts: (productIds) => {
      const ids = [...new Set(productIds)].sort((a, b) => a - b);
      return cached(`rule-facts:${ids.join(',')}`, () => live.productRuleFacts(ids));
    },
  };
}
