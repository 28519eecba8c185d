import type { ProductPageProduct } from './productPageQuery';

// A bundle's options (Magento's BundleProduct.items) as the product page's form needs them, and
// what the shopper's choices mean: the selection uids addProductsToCart takes (Magento's
// `bundle/{option}/{selection}/{quantity}`, base64) and the price they make. The server prices
// the cart; the page only shows what it will charge.

export type BundleOptionKind = 'select' | 'radio' | 'checkbox' | 'multi';

export interface BundleSelectionView {
  id: number;
  label: string;
  /** Default quantity, and the quantity sent when the shopper may not change it. */
  quantity: number;
  canChangeQuantity: boolean;
  isDefault: boolean;
  inStock: boolean;
  /** What one unit adds in a dynamic bundle: the product's price; in a fixed one, an amount or a percentage. */
  price: number;
  percent: boolean;
}

export interface BundleOptionView {
  id: number;
  uid: string;
  title: string;
  required: boolean;
  kind: BundleOptionKind;
  selections: BundleSelectionView[];
}

/** Option id → selection id → quantity of the chosen selections. */
export type BundleChoices = Record<number, Record<number, number>>;

const KINDS: readonly BundleOptionKind[] = ['select', 'radio', 'checkbox', 'multi'];

export function bundleOptionViews(product: ProductPageProduct): BundleOptionView[] {
  if (product.__typename !== 'BundleProduct') return [];
  const dynamic = product.dynamic_price !== false;
  return [...(product.items ?? [])]
    .filter((item) => item?.option_id != null)
    .sort((a, b) => (a?.position ?? 0) - (b?.position ?? 0))
    .map((item) => ({
      id: item?.option_id ?? 0,
      uid: item?.uid ?? '',
      title: item?.title ?? '',
      required: item?.required === true,
      kind: KINDS.find((kind) => kind === item?.type) ?? 'select',
      selections: (item?.options ?? []).flatMap((o) =>
        o?.id == null
          ? []
          : [
              {
                id: o.id,
                label: o.label ?? '',
                quantity: o.quantity ?? 1,
                canChangeQuantity: o.can_change_quantity === true,
                isDefault: o.is_default === true,
                inStock: o.product?.stock_status !== 'OUT_OF_STOCK',
                price: dynamic ? (o.product?.price_range.minimum_price.final_price.value ?? 0) : (o.price ?? 0),
                percent: !dynamic && o.price_type === 'PERCENT',
              },
            ],
      ),
    }));
}

/** The merchant's defaults (in stock), as the page starts. */
export function defaultChoices(options: readonly BundleOptionView[]): BundleChoices {
  const choices: BundleChoices = {};
  for (const option of options) {
    const defaults = option.selections.filter((s) => s.isDefault && s.inStock);
    const kept = option.kind === 'select' || option.kind === 'radio' ? defaults.slice(0, 1) : defaults;
    if (kept.length > 0) choices[option.id] = Object.fromEntries(kept.map((s) => [s.id, s.quantity]));
  }
  return choices;
}

/** Picks (or, for checkboxes and multi-selects, toggles) a selection; null clears a single-choice option. */
export function choose(
  options: readonly BundleOptionView[],
  choices: BundleChoices,
  optionId: number,
  selectionIds: readonly number[],
): BundleChoices {
  const option = options.find((o) => o.id === optionId);
  if (!option) return choices;
  const current = choices[optionId] ?? {};
  const next: Record<number, number> = {};
  for (const id of selectionIds) {
    const selection = option.selections.find((s) => s.id === id);
    if (selection) next[id] = current[id] ?? selection.quantity;
  }
  const result = { ...choices };
  if (Object.keys(next).length === 0) delete result[optionId];
  else result[optionId] = next;
  return result;
}

export function setQuantity(choices: BundleChoices, optionId: number, selectionId: number, qty: number): BundleChoices {
  const current = choices[optionId];
  if (!current || current[selectionId] === undefined || !Number.isInteger(qty) || qty < 1) return choices;
  return { ...choices, [optionId]: { ...current, [selectionId]: qty } };
}

const encode = (text: string) =>
  typeof btoa === 'function' ? btoa(text) : Buffer.from(text, 'utf8').toString('base64');

/** The `selected_options` uids of the choices, as Magento's BundleGraphQl reads them. */
export function selectedUids(options: readonly BundleOptionView[], choices: BundleChoices): string[] {
  return options.flatMap((option) =>
    Object.entries(choices[option.id] ?? {}).map(([selectionId, qty]) => {
      const selection = option.selections.find((s) => s.id === Number(selectionId));
      const quantity = selection && !selection.canChangeQuantity ? selection.quantity : qty;
      return encode(`bundle/${option.id}/${selectionId}/${quantity}`);
    }),
  );
}

export function unansweredOptions(options: readonly BundleOptionView[], choices: BundleChoices): BundleOptionView[] {
  return options.filter((o) => o.required && Object.keys(choices[o.id] ?? {}).length === 0);
}

/** One bundle's price for the choices: the bundle's own price (fixed bundles) plus each chosen unit. */
export function bundlePrice(options: readonly BundleOptionView[], choices: BundleChoices, basePrice: number): number {
  let total = basePrice;
  for (const option of options)
    for (const [selectionId, qty] of Object.entries(choices[option.id] ?? {})) {
      const s = option.selections.find((x) => x.id === Number(selectionId));
      if (!s) continue;
      const unit = s.percent ? Math.round(basePrice * s.price) / 100 : s.price;
      total += unit * qty;
    }
  return Math.round(total * 100) / 100;
}
