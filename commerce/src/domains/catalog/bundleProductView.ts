import type { ProductTable } from '../../db/tables';
import type { RequestContext } from '../context';
import { convertMinor, toMajor } from '../../kernel/money';
import { priceRange } from './productView';
import {
  SINGLE_CHOICE_BUNDLE_TYPES,
  bundleOptionUid,
  bundleSelectionUid,
  selectionUnitPrice,
  type BundleOptionRecord,
  type BundleRecord,
} from './bundleOptions';
import { DEFAULT_BUNDLE_SETTINGS } from './bundleOptions';

// The fields BundleProduct and GroupedProduct add to a product, in Magento's shapes. Prices are
// shown in the request's display currency.

type BundleOptionView = BundleOptionRecord & { bundle: ProductTable; record: BundleRecord };

const bundleOf = async (p: ProductTable, context: RequestContext): Promise<BundleRecord> =>
  (await context.loaders.bundles.load(p.id)) ?? { settings: { ...DEFAULT_BUNDLE_SETTINGS }, options: [] };

const money = (minor: number, p: ProductTable, context: RequestContext) => ({
  value: toMajor(convertMinor(minor, p.currency, context.store), context.store.currency),
  currency: context.store.currency,
});

export const bundleProductFields = {
  dynamic_price: async (p: ProductTable, _a: unknown, c: RequestContext) =>
    (await bundleOf(p, c)).settings.dynamic_price === 1,
  dynamic_sku: async (p: ProductTable, _a: unknown, c: RequestContext) =>
    (await bundleOf(p, c)).settings.dynamic_sku === 1,
  dynamic_weight: async (p: ProductTable, _a: unknown, c: RequestContext) =>
    (await bundleOf(p, c)).settings.dynamic_weight === 1,
  price_view: async (p: ProductTable, _a: unknown, c: RequestContext) => (await bundleOf(p, c)).settings.price_view,
  ship_bundle_items: async (p: ProductTable, _a: unknown, c: RequestContext) =>
    (await bundleOf(p, c)).settings.ship_bundle_items,
  price_details: async (p: ProductTable, _a: unknown, c: RequestContext) => {
    const { settings } = await bundleOf(p, c);
    if (settings.dynamic_price === 1) return { main_price: 0, main_final_price: 0, discount_percentage: 0 };
    const final = p.special_price !== null && p.special_price < p.price ? p.special_price : p.price;
    return {
      main_price: money(p.price, p, c).value,
      main_final_price: money(final, p, c).value,
      discount_percentage: p.price > 0 ? Math.round(((p.price - final) / p.price) * 10_000) / 100 : 0,
    };
  },
  items: async (p: ProductTable, _a: unknown, c: RequestContext): Promise<BundleOptionView[]> => {
    const record = await bundleOf(p, c);
    return record.options.map((o) => ({ ...o, bundle: p, record }));
  },
};

export const bundleItemFields = {
  uid: (o: BundleOptionView) => bundleOptionUid(o.id),
  option_id: (o: BundleOptionView) => o.id,
  title: (o: BundleOptionView) => o.title,
  required: (o: BundleOptionView) => o.required,
  type: (o: BundleOptionView) => o.type,
  position: (o: BundleOptionView) => o.position,
  sku: (o: BundleOptionView) => o.bundle.sku,
  options: (o: BundleOptionView, _a: unknown, c: RequestContext) =>
    Promise.all(
      o.selections.map(async (s) => {
        // What the selection adds at its default quantity, as the product page shows it.
        const unit = selectionUnitPrice(o.bundle, o.record.settings, s);
        return {
          uid: bundleSelectionUid(o.id, s.id, s.qty),
          id: s.id,
          label: s.product.name,
          is_default: s.isDefault,
          position: s.position,
          quantity: s.qty,
          qty: s.qty,
          can_change_quantity: s.canChangeQty,
          price:
            o.record.settings.dynamic_price === 1
              ? money(unit, o.bundle, c).value
              : s.priceType === 'percent'
                ? s.price / 100
                : money(s.price, o.bundle, c).value,
          price_type: s.priceType === 'percent' ? 'PERCENT' : 'FIXED',
          product: await c.loaders.localizedOne(s.product),
        };
      }),
    ),
  price_range: (o: BundleOptionView, _a: unknown, c: RequestContext) => {
    const prices = o.selections.map((s) => selectionUnitPrice(o.bundle, o.record.settings, s) * s.qty);
    const regular = o.selections.map(
      (s) => selectionUnitPrice({ ...o.bundle, special_price: null }, o.record.settings, s) * s.qty,
    );
    const min = prices.length > 0 ? Math.min(...prices) : 0;
    const max = prices.length === 0 ? 0 : SINGLE_CHOICE_BUNDLE_TYPES.has(o.type) ? Math.max(...prices) : sum(prices);
    const minRegular = regular.length > 0 ? Math.min(...regular) : 0;
    const maxRegular =
      regular.length === 0 ? 0 : SINGLE_CHOICE_BUNDLE_TYPES.has(o.type) ? Math.max(...regular) : sum(regular);
    return priceRange(
      { ...o.bundle, min_price: min, max_price: max, min_regular_price: minRegular, max_regular_price: maxRegular },
      c.store,
    );
  },
};

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export const groupedProductFields = {
  items: async (p: ProductTable, _a: unknown, c: RequestContext) =>
    Promise.all(
      (await c.loaders.groupedItems.load(p.id)).map(async (item) => ({
        position: item.position,
        qty: item.qty,
        product: await c.loaders.localizedOne(item.product),
      })),
    ),
};
