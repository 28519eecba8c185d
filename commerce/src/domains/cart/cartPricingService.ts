import type { Kysely } from 'kysely';
import type { CartItemTable, CartTable, Database, ProductTable, TaxRateTable } from '../../db/tables';
import {
  applyCartRules,
  isoDate,
  loadCustomerRuleUses,
  rulesNeedItemFacts,
  type AppliedDiscount,
  type ItemFacts,
} from '../promotions';
import { quoteShippingMethods, type ShippingQuote } from '../shipping';
import { ratePercent, taxOf } from '../tax';
import { availablePaymentMethods, type PaymentMethod } from '../payment';
import { parseStoredAddress, type StoredAddress } from '../address';
import { loadCartItems, loadProductsById, loadVariantOptions } from './cartRecords';
import { customerPricing, lineUnitPrice } from './customerPricing';
import type { VariantOption } from './cartRecords';
import { convertMinor, type CurrencyConversion } from '../../kernel/money';
import {
  isVirtualCart,
  isVirtualType,
  loadBundles,
  loadCustomOptions,
  loadDownloadables,
  localizeProducts,
  storeLabels,
  type StoreRef,
} from '../catalog';
import { chosenOptions, type ChosenOption } from './customOptionChoices';
import { bundleStockUnits, chosenBundle, type ChosenBundleOption } from './bundleChoices';
import { chosenDownloadableLinks, type ChosenDownloadableLink } from './downloadableChoices';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { liveSettings, type PricingSettingsSource } from './pricingSettingsService';

export interface PricedLine {
  item: CartItemTable;
  product: ProductTable;
  /** The product whose price and stock count: the variant for configurable lines. */
  stockProduct: ProductTable;
  variant: ProductTable | null;
  options: VariantOption[];
  /** The custom options chosen, priced in the cart's currency. */
  customOptions: ChosenOption[];
  /** A bundle's chosen selections, each unit priced in the cart's currency; empty for other lines. */
  bundleOptions: ChosenBundleOption[];
  /** A downloadable line's links, each with what it adds to a unit in the cart's currency; empty for other lines. */
  downloadableLinks: ChosenDownloadableLink[];
  /** What the line takes from stock: its product, or a bundle's chosen products. */
  stockUnits: Array<{ product: ProductTable; qty: number }>;
  unitPrice: number;
  rowTotal: number;
  discounts: AppliedDiscount[];
  discount: number;
  unitPriceInclTax: number;
  rowTotalInclTax: number;
  /** Tax on the discounted row. */
  tax: number;
  /** Null when the line can be ordered as it is. */
  stockError: string | null;
}

export interface AppliedTax {
  label: string;
  amount: number;
  ratePercent: number;
}

/** A cart with every amount the server computed for it, in minor units. */
export interface PricedCart {
  cart: CartTable;
  currency: string;
  /** The shop's base currency and how many units of `currency` one unit of it buys. */
  baseCurrency: string;
  rate: number;
  lines: PricedLine[];
  totalQuantity: number;
  subtotal: number;
  subtotalInclTax: number;
  discounts: AppliedDiscount[];
  discountTotal: number;
  appliedRuleIds: number[];
  freeShipping: boolean;
  taxes: AppliedTax[];
  taxTotal: number;
  shippingAddress: StoredAddress | null;
  billingAddress: StoredAddress | null;
  shippingMethods: ShippingQuote[];
  /** Every line is a product with nothing to ship: no shipping address, method or amount. */
  isVirtual: boolean;
  selectedShipping: ShippingQuote | null;
  shippingAmount: number;
  grandTotal: number;
  paymentMethods: PaymentMethod[];
  couponApplies: boolean;
}

export interface PricingOptions {
  /** Price shipping and tax for this destination instead of the cart's shipping address. */
  destination?: { countryId: string; regionId: number | null };
  /** When the cart is priced: cart rules have dates. */
  now: Date;
  /**
   * Where the shop's settings come from: read live from `db` unless a cache is given. Inside a
   * write transaction they are always read live.
   */
  settings?: PricingSettingsSource;
}

export const STOCK_ERROR = 'The requested qty is not available';

async function localizedById(
  db: Kysely<Database>,
  store: StoreRef,
  products: Map<number, ProductTable>,
): Promise<Map<number, ProductTable>> {
  if (store.isDefault) return products;
  return new Map((await localizeProducts(db, store, [...products.values()])).map((p) => [p.id, p]));
}

async function localizedOptions(
  db: Kysely<Database>,
  store: StoreRef,
  options: Map<number, VariantOption[]>,
): Promise<Map<number, VariantOption[]>> {
  if (store.isDefault || options.size === 0) return options;
  const labels = await storeLabels(db, store);
  return new Map(
    [...options].map(([variantId, list]) => [
      variantId,
      list.map((o) => ({
        ...o,
        attributeLabel: labels.attributes.get(o.attributeCode) ?? o.attributeLabel,
        valueLabel: labels.options.get(o.valueId) ?? o.valueLabel,
      })),
    ]),
  );
}

/** How the shop's base currency converts into a cart's currency (1 when they are the same). */
async function cartConversion(
  settings: PricingSettingsSource,
  currency: string,
): Promise<CurrencyConversion & { baseCurrency: string }> {
  const baseCurrency = await settings.baseCurrency();
  if (currency === baseCurrency) return { baseCurrency, currency, rate: 1 };
  const rate = await settings.exchangeRate(baseCurrency, currency);
  // A rate removed while carts still use its currency: the cart cannot be priced honestly.
  if (rate === null) throw new Error(`no exchange rate from ${baseCurrency} to ${currency}`);
  return { baseCurrency, currency, rate };
}

/** Loads a cart with its lines and computes every price, discount, shipping rate and tax on the server. */
export async function priceCart(db: Kysely<Database>, cart: CartTable, options: PricingOptions): Promise<PricedCart> {
  const items = await loadCartItems(db, cart.id);
  // Names and option labels in the cart's store view: they are what the order records.
  const store = { id: cart.store_id, isDefault: cart.store_id === DEFAULT_STORE_ID };
  const products = await localizedById(
    db,
    store,
    await loadProductsById(
      db,
      items.flatMap((i) => (i.variant_id === null ? [i.product_id] : [i.product_id, i.variant_id])),
    ),
  );
  const variantOptions = await localizedOptions(
    db,
    store,
    await loadVariantOptions(
      db,
      items.flatMap((i) => (i.variant_id === null ? [] : [{ parentId: i.product_id, variantId: i.variant_id }])),
    ),
  );
  const customOptions = items.some((i) => i.custom_options)
    ? await loadCustomOptions(
        db,
        items.filter((i) => i.custom_options).map((i) => i.product_id),
        store.isDefault ? undefined : store.id,
      )
    : new Map<number, never[]>();
  const bundles = items.some((i) => i.bundle_options)
    ? await loadBundles(
        db,
        items.filter((i) => i.bundle_options).map((i) => i.product_id),
      )
    : new Map<number, never>();
  const downloadables = items.some((i) => i.downloadable_links)
    ? await loadDownloadables(
        db,
        items.filter((i) => i.downloadable_links).map((i) => i.product_id),
      )
    : new Map<number, never>();
  const shippingAddress = parseStoredAddress(cart.shipping_address);
  const billingAddress = parseStoredAddress(cart.billing_address);
  // A cart with nothing to ship is taxed where it is billed, and has no shipping (as in Magento).
  const isVirtual = isVirtualCart(items.map((i) => ({ product: { type: products.get(i.product_id)?.type ?? '' } })));
  const taxAddress = isVirtual ? billingAddress : shippingAddress;
  const destination =
    options.destination ?? (taxAddress ? { countryId: taxAddress.country_code, regionId: taxAddress.region_id } : null);
  const settings = options.settings ?? liveSettings(db);
  const [baseCandidates, baseSetup, destinationRate, conversion, titles, activePayments, pricing] = await Promise.all([
    settings.candidateRules(cart.coupon_code),
    settings.shippingSetup(),
    destination
      ? settings.taxRate(destination.countryId, destination.regionId)
      : Promise.resolve<TaxRateTable | null>(null),
    cartConversion(settings, cart.currency),
    settings.checkoutTitles(store),
    settings.activePayments(),
    customerPricing(
      db,
      settings,
      cart.customer_id,
      items.flatMap((i) => (i.variant_id === null ? [i.product_id] : [i.variant_id, i.product_id])),
    ),
  ]);
  // A customer whose group's tax class the shop's rates do not apply to pays no tax.
  const taxRate = pricing.taxed ? destinationRate : null;
  // Every amount is converted into the cart's currency first and computed there, so lines,
  // discounts, shipping, tax and totals add up in the currency the shopper sees.
  const convert = (minor: number) => convertMinor(minor, conversion.baseCurrency, conversion);
  const candidates = baseCandidates.map((c) => ({
    ...c,
    rule: {
      ...c.rule,
      min_subtotal: convert(c.rule.min_subtotal),
      amount: c.rule.action === 'cart_fixed' || c.rule.action === 'by_fixed' ? convert(c.rule.amount) : c.rule.amount,
    },
  }));
  const setup = {
    carriers: baseSetup.carriers.map((c) => ({
      ...c,
      price: convert(c.price),
      free_threshold: c.free_threshold === null ? null : convert(c.free_threshold),
    })),
    tableRates: baseSetup.tableRates.map((r) => ({ ...r, price: convert(r.price) })),
  };

  const base = items.flatMap((item) => {
    const product = products.get(item.product_id);
    const variant = item.variant_id === null ? null : (products.get(item.variant_id) ?? null);
    if (!product || (item.variant_id !== null && !variant)) return [];
    const stockProduct = variant ?? product;
    // Options are priced in the base currency against the line's own unit price (tier and special
    // prices included, as Magento's final price for the quantity), then the unit is converted as a
    // whole; each option's share is converted for display.
    // A bundle's unit is its own part plus its chosen selections (cart/bundleChoices.ts).
    const bundleRecord = item.bundle_options ? bundles.get(item.product_id) : undefined;
    const bundle = bundleRecord ? chosenBundle(product, bundleRecord, item.bundle_options) : null;
    const baseUnit = bundle
      ? bundle.unitPrice
      : lineUnitPrice(stockProduct, item.quantity, pricing, variant ? product.id : null);
    // A downloadable line's chosen links add their prices to the unit (when bought separately).
    const linksBase = chosenDownloadableLinks(downloadables.get(item.product_id), item.downloadable_links);
    const withLinks = baseUnit + linksBase.reduce((sum, l) => sum + l.price, 0);
    const chosenBase = chosenOptions(customOptions.get(item.product_id) ?? [], item.custom_options, withLinks);
    const chosen = chosenBase.map((c) => ({
      ...c,
      price: convert(c.price),
      values: c.values.map((v) => ({ ...v, price: convert(v.price) })),
    }));
    const unitPrice = convert(withLinks + chosenBase.reduce((sum, c) => sum + c.price, 0));
    return [
      {
        item,
        product,
        variant,
        stockProduct,
        customOptions: chosen,
        bundleOptions: (bundle?.options ?? []).map((o) => ({
          ...o,
          values: o.values.map((v) => ({ ...v, unitPrice: convert(v.unitPrice) })),
        })),
        downloadableLinks: linksBase.map((l) => ({ ...l, price: convert(l.price) })),
        stockUnits: bundle
          ? bundleStockUnits(bundle.options, item.quantity)
          : [{ product: stockProduct, qty: item.quantity }],
        unitPrice,
        rowTotal: unitPrice * item.quantity,
        options: variant ? (variantOptions.get(variant.id) ?? []) : [],
      },
    ];
  });

  // Item conditions read categories and attributes, of the variant and of its configurable; a
  // customer's own uses only matter to rules limited per customer. Both are read only then.
  const [ruleFacts, customerUses] = await Promise.all([
    rulesNeedItemFacts(candidates)
      ? settings.productRuleFacts(
          items.flatMap((i) => (i.variant_id === null ? [i.product_id] : [i.product_id, i.variant_id])),
        )
      : Promise.resolve(null),
    loadCustomerRuleUses(db, cart.customer_id, candidates),
  ]);
  const itemFacts = (l: (typeof base)[number]): ItemFacts | null => {
    if (ruleFacts === null) return null;
    const own = [ruleFacts.get(l.product.id), l.variant ? ruleFacts.get(l.variant.id) : undefined];
    const attributes = new Map<string, number[]>();
    for (const facts of own)
      for (const [code, ids] of facts?.attributes ?? [])
        attributes.set(code, [...(attributes.get(code) ?? []), ...ids]);
    return {
      skus: l.variant ? [l.variant.sku, l.product.sku] : [l.product.sku],
      categoryIds: own.flatMap((f) => f?.categoryIds ?? []),
      attributes,
      quantity: l.item.quantity,
      rowTotal: l.rowTotal,
    };
  };
  const outcome = applyCartRules(
    base.map((l) => ({
      key: l.item.id,
      rowTotal: l.rowTotal,
      quantity: l.item.quantity,
      unitPrice: l.unitPrice,
      facts: itemFacts(l),
    })),
    candidates,
    {
      today: isoDate(options.now),
      groupId: pricing.groupId,
      storeId: cart.store_id,
      shippingCountry: destination?.countryId ?? null,
      customerId: cart.customer_id,
      customerUses,
    },
  );
  const ppm = taxRate?.rate_ppm ?? 0;
  const lines: PricedLine[] = base.map((l) => {
    const discounts = outcome.perLine.get(l.item.id) ?? [];
    const discount = discounts.reduce((sum, d) => sum + d.amount, 0);
    const stockError =
      l.stockUnits.length === 0 || l.stockUnits.some((u) => u.product.in_stock !== 1 || u.product.stock_qty < u.qty)
        ? STOCK_ERROR
        : null;
    return {
      ...l,
      discounts,
      discount,
      unitPriceInclTax: l.unitPrice + taxOf(l.unitPrice, ppm),
      rowTotalInclTax: l.rowTotal + taxOf(l.rowTotal, ppm),
      tax: taxOf(l.rowTotal - discount, ppm),
      stockError,
    };
  });

  const subtotal = lines.reduce((sum, l) => sum + l.rowTotal, 0);
  const totalQuantity = lines.reduce((sum, l) => sum + l.item.quantity, 0);
  const taxTotal = lines.reduce((sum, l) => sum + l.tax, 0);
  // Per-item rates count the units that are shipped: virtual lines never are, and lines a rule
  // ships free do not count either (all of them when the whole cart ships free: its methods are
  // still offered, at 0).
  const shippedUnits = (l: (typeof lines)[number]): number => (isVirtualType(l.product.type) ? 0 : l.item.quantity);
  const shippingMethods =
    destination && !isVirtual
      ? quoteShippingMethods(setup, {
          countryId: destination.countryId,
          itemCount: outcome.freeShipping
            ? lines.reduce((sum, l) => sum + shippedUnits(l), 0)
            : lines.reduce((sum, l) => sum + (outcome.freeShippingKeys.has(l.item.id) ? 0 : shippedUnits(l)), 0),
          subtotalAfterDiscount: subtotal - outcome.total,
          freeShipping: outcome.freeShipping,
        }).map(titles.shipping)
      : [];
  const selectedShipping =
    shippingMethods.find(
      (m) => m.carrier_code === cart.shipping_carrier_code && m.method_code === cart.shipping_method_code,
    ) ?? null;
  const shippingAmount = selectedShipping?.amount ?? 0;
  const grandTotal = subtotal - outcome.total + shippingAmount + taxTotal;
  const couponApplies =
    cart.coupon_code !== null && candidates.some((c) => c.coupon !== null && outcome.ruleIds.includes(c.rule.id));

  return {
    cart,
    currency: cart.currency,
    baseCurrency: conversion.baseCurrency,
    rate: conversion.rate,
    lines,
    totalQuantity,
    subtotal,
    subtotalInclTax: lines.reduce((sum, l) => sum + l.rowTotalInclTax, 0),
    discounts: outcome.applied,
    discountTotal: outcome.total,
    appliedRuleIds: outcome.ruleIds,
    freeShipping: outcome.freeShipping,
    taxes:
      taxRate && taxTotal > 0
        ? [{ label: taxRate.label, amount: taxTotal, ratePercent: ratePercent(taxRate.rate_ppm) }]
        : [],
    taxTotal,
    shippingAddress,
    billingAddress,
    shippingMethods,
    isVirtual,
    selectedShipping,
    shippingAmount,
    grandTotal,
    paymentMethods: availablePaymentMethods(
      grandTotal,
      activePayments,
      { signedIn: cart.customer_id !== null },
      { currency: cart.currency, baseCurrency: conversion.baseCurrency },
    ).map(titles.payment),
    couponApplies,
  };
}
