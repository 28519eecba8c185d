// Configurable-product option logic, kept free of React so every rule can be unit tested.
// The shapes are the GraphQL ones (nullable everywhere, as Magento declares them), so query
// data goes in unchanged.

export type StockStatus = 'IN_STOCK' | 'OUT_OF_STOCK';

export interface OptionValueLike {
  uid: string | null;
  label: string | null;
}

export interface ConfigurableOptionLike {
  attribute_code: string | null;
  values: ReadonlyArray<OptionValueLike | null> | null;
}

export interface VariantProductLike {
  stock_status: StockStatus | null;
}

export interface VariantLike<P extends VariantProductLike = VariantProductLike> {
  attributes: ReadonlyArray<{ uid: string; code: string | null } | null> | null;
  product: P | null;
}

/** Chosen value uid per attribute code; an option without a key is not chosen yet. */
export type Selection = Readonly<Record<string, string>>;

export interface NormalisedOption {
  code: string;
  values: { uid: string; label: string }[];
}

/** Drops the nulls the schema allows, so the rest of the logic never has to think about them. */
export function normaliseOptions(
  options: ReadonlyArray<ConfigurableOptionLike | null> | null | undefined,
): NormalisedOption[] {
  const result: NormalisedOption[] = [];
  for (const option of options ?? []) {
    if (!option?.attribute_code) continue;
    const values = (option.values ?? []).flatMap((value) =>
      value?.uid ? [{ uid: value.uid, label: value.label ?? '' }] : [],
    );
    result.push({ code: option.attribute_code, values });
  }
  return result;
}

function variantValue(variant: VariantLike, code: string): string | undefined {
  return variant.attributes?.find((attribute) => attribute?.code === code)?.uid;
}

function matches(variant: VariantLike, selection: Selection, ignoreCode?: string): boolean {
  return Object.entries(selection).every(([code, uid]) => code === ignoreCode || variantValue(variant, code) === uid);
}

function isInStock(variant: VariantLike): boolean {
  return variant.product != null && variant.product.stock_status !== 'OUT_OF_STOCK';
}

/** The variant for the selection, once every option has a value; null before that or when no variant exists. */
export function findVariant<P extends VariantProductLike>(
  options: readonly NormalisedOption[],
  variants: ReadonlyArray<VariantLike<P> | null> | null | undefined,
  selection: Selection,
): VariantLike<P> | null {
  if (options.length === 0 || options.some((option) => !selection[option.code])) return null;
  return (
    variants?.find(
      (variant): variant is VariantLike<P> => variant != null && variant.product != null && matches(variant, selection),
    ) ?? null
  );
}

export type ValueState = 'available' | 'out_of_stock' | 'unavailable';

/**
 * Whether choosing `uid` for option `code` can still lead to a purchasable variant, given the
 * other options chosen so far. The option's own choice is ignored, so the shopper can always
 * switch to another value of the same option.
 */
export function valueState(
  variants: ReadonlyArray<VariantLike | null> | null | undefined,
  selection: Selection,
  code: string,
  uid: string,
): ValueState {
  const candidates = (variants ?? []).filter(
    (variant): variant is VariantLike =>
      variant != null &&
      variant.product != null &&
      variantValue(variant, code) === uid &&
      matches(variant, selection, code),
  );
  if (candidates.length === 0) return 'unavailable';
  return candidates.some(isInStock) ? 'available' : 'out_of_stock';
}

/** valueState for every value of every option, keyed by attribute code then value uid. */
export function valueStates(
  options: readonly NormalisedOption[],
  variants: ReadonlyArray<VariantLike | null> | null | undefined,
  selection: Selection,
): Record<string, Record<string, ValueState>> {
  return Object.fromEntries(
    options.map((option) => [
      option.code,
      Object.fromEntries(
        option.values.map((value) => [value.uid, valueState(variants, selection, option.code, value.uid)]),
      ),
    ]),
  );
}

/**
 * The selection after the shopper picks `uid` for `code`. Picking the chosen value again clears
 * it. Earlier choices that no variant combines with the new value are dropped, so a shopper who
 * chose size M can still pick a colour that has no M instead of being stuck.
 */
export function chooseValue(
  options: readonly NormalisedOption[],
  variants: ReadonlyArray<VariantLike | null> | null | undefined,
  selection: Selection,
  code: string,
  uid: string,
): Selection {
  if (selection[code] === uid) {
    const rest: Record<string, string> = { ...selection };
    delete rest[code];
    return rest;
  }
  const next: Record<string, string> = { [code]: uid };
  const existing = (variants ?? []).filter((variant): variant is VariantLike => variant?.product != null);
  for (const option of options) {
    const chosen = selection[option.code];
    if (option.code === code || !chosen) continue;
    const candidate = { ...next, [option.code]: chosen };
    if (existing.some((variant) => matches(variant, candidate))) next[option.code] = chosen;
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// what the page shows for a selection

export interface MoneyLike {
  value: number | null;
  currency: string | null;
}

export interface ProductPriceLike {
  regular_price: MoneyLike;
  final_price: MoneyLike;
  discount?: { amount_off?: number | null; percent_off?: number | null } | null;
}

export interface GalleryEntryLike {
  url: string | null;
  label: string | null;
  position?: number | null;
  disabled?: boolean | null;
}

export interface DisplayProductLike {
  sku: string | null;
  stock_status: StockStatus | null;
  only_x_left_in_stock: number | null;
  media_gallery: ReadonlyArray<GalleryEntryLike | null> | null;
  price_range: { minimum_price: ProductPriceLike; maximum_price?: ProductPriceLike | null };
}

export interface DisplayVariantProductLike extends VariantProductLike {
  sku: string | null;
  only_x_left_in_stock: number | null;
  media_gallery: ReadonlyArray<GalleryEntryLike | null> | null;
  price_range: { minimum_price: ProductPriceLike };
}

export interface GalleryImage {
  url: string;
  label: string;
}

export interface ProductDisplay {
  price: ProductPriceLike;
  /** True when the price shown is the lowest of several (no variant chosen and prices differ). */
  priceIsFrom: boolean;
  images: GalleryImage[];
  stockStatus: StockStatus;
  onlyLeft: number | null;
  /** SKU of the chosen variant, or of the product itself when it has no options. */
  sku: string | null;
  /** Whether the selection identifies something that can be added to the cart. */
  complete: boolean;
}

/** Enabled images in gallery order. */
export function galleryImages(entries: ReadonlyArray<GalleryEntryLike | null> | null | undefined): GalleryImage[] {
  return (entries ?? [])
    .filter((entry): entry is GalleryEntryLike & { url: string } => entry != null && !!entry.url && !entry.disabled)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.position ?? a.index) - (b.entry.position ?? b.index) || a.index - b.index)
    .map(({ entry }) => ({ url: entry.url, label: entry.label ?? '' }));
}

function sameImages(a: readonly GalleryImage[], b: readonly GalleryImage[]): boolean {
  return a.length === b.length && a.every((image, index) => image.url === b[index]?.url);
}

/**
 * Images for a partial selection: when every variant still possible shows the same images
 * (typically: a colour is chosen, the size not yet), those; otherwise none, so the caller
 * falls back to the product's own gallery.
 */
function sharedCandidateImages(
  variants: ReadonlyArray<VariantLike<DisplayVariantProductLike> | null>,
  selection: Selection,
): GalleryImage[] {
  if (Object.keys(selection).length === 0) return [];
  const galleries = variants
    .filter(
      (variant): variant is VariantLike<DisplayVariantProductLike> =>
        variant?.product != null && matches(variant, selection),
    )
    .map((variant) => galleryImages(variant.product?.media_gallery));
  const first = galleries[0];
  if (!first || first.length === 0) return [];
  return galleries.every((gallery) => sameImages(gallery, first)) ? first : [];
}

/** Price, images, stock and SKU to show for the product with the given selection. */
export function productDisplay(
  product: DisplayProductLike,
  options: readonly NormalisedOption[],
  variants: ReadonlyArray<VariantLike<DisplayVariantProductLike> | null> | null | undefined,
  selection: Selection,
): ProductDisplay {
  const ownImages = galleryImages(product.media_gallery);
  if (options.length === 0) {
    return {
      price: product.price_range.minimum_price,
      priceIsFrom: false,
      images: ownImages,
      stockStatus: product.stock_status ?? 'IN_STOCK',
      onlyLeft: product.only_x_left_in_stock,
      sku: product.sku,
      complete: product.stock_status !== 'OUT_OF_STOCK',
    };
  }

  const variant = findVariant(options, variants, selection)?.product;
  if (variant) {
    const images = galleryImages(variant.media_gallery);
    return {
      price: variant.price_range.minimum_price,
      priceIsFrom: false,
      images: images.length > 0 ? images : ownImages,
      stockStatus: variant.stock_status ?? 'IN_STOCK',
      onlyLeft: variant.only_x_left_in_stock,
      sku: variant.sku,
      complete: variant.stock_status !== 'OUT_OF_STOCK',
    };
  }

  const { minimum_price: min, maximum_price: max } = product.price_range;
  const candidateImages = sharedCandidateImages(variants ?? [], selection);
  return {
    price: min,
    priceIsFrom: max != null && max.final_price.value !== min.final_price.value,
    images: candidateImages.length > 0 ? candidateImages : ownImages,
    stockStatus: product.stock_status ?? 'IN_STOCK',
    onlyLeft: null,
    sku: null,
    complete: false,
  };
}

/** Whole percent off the regular price, from the API's discount or computed; null when not discounted. */
export function percentOff(price: ProductPriceLike): number | null {
  const regular = price.regular_price.value;
  const final = price.final_price.value;
  if (regular == null || final == null || final >= regular || regular <= 0) return null;
  const percent = price.discount?.percent_off ?? ((regular - final) / regular) * 100;
  const rounded = Math.round(percent);
  return rounded > 0 ? rounded : null;
}

export const DEFAULT_MAX_QUANTITY = 99;

/** Upper bound of the quantity stepper: what is known to be left, else a sane cap. */
export function maxQuantity(onlyLeft: number | null): number {
  if (onlyLeft == null || onlyLeft <= 0) return DEFAULT_MAX_QUANTITY;
  return Math.max(1, Math.min(DEFAULT_MAX_QUANTITY, Math.floor(onlyLeft)));
}

export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.floor(value)));
}
