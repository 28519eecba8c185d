import type { ProductTable } from '../../db/tables';
import { convertMinor, money, toMajor } from '../../kernel/money';
import type { CurrencyConversion } from '../../kernel/money';
import { encodeUid } from '../../kernel/uids';
import { shopperTiers, type TierPriceRow } from './tierPrices';

// Turns stored rows (minor units, flags) into the values Magento's types carry.

export const LOW_STOCK_THRESHOLD = 5;

function productPrice(regularBase: number, finalBase: number, baseCurrency: string, display: CurrencyConversion) {
  const currency = display.currency;
  const regular = convertMinor(regularBase, baseCurrency, display);
  const final = convertMinor(finalBase, baseCurrency, display);
  const amountOff = Math.max(0, regular - final);
  return {
    regular_price: money(regular, currency),
    final_price: money(final, currency),
    discount: {
      amount_off: toMajor(amountOff, currency),
      percent_off: regular > 0 ? Math.round((amountOff / regular) * 10000) / 100 : 0,
    },
  };
}

/** Prices are stored in the base currency and shown in the request's display currency. */
export function priceRange(product: ProductTable, display: CurrencyConversion) {
  return {
    minimum_price: productPrice(product.min_regular_price, product.min_price, product.currency, display),
    maximum_price: productPrice(product.max_regular_price, product.max_price, product.currency, display),
  };
}

/**
 * Magento's `price_tiers` for a shopper of `groupId`: each tier's unit price, and what it takes off
 * the regular price (of the product itself; a configurable's tiers are its variants').
 */
export function priceTiersView(
  product: ProductTable,
  tiers: readonly TierPriceRow[],
  groupId: number,
  display: CurrencyConversion,
) {
  const currency = display.currency;
  const regular = convertMinor(product.price, product.currency, display);
  return shopperTiers(tiers, product.price, groupId).map((tier) => {
    const final = convertMinor(tier.unitPrice, product.currency, display);
    const amountOff = Math.max(0, regular - final);
    return {
      quantity: tier.quantity,
      final_price: money(final, currency),
      discount: {
        amount_off: toMajor(amountOff, currency),
        percent_off: regular > 0 ? Math.round((amountOff / regular) * 10000) / 100 : 0,
      },
    };
  });
}

export function onlyXLeft(product: ProductTable): number | null {
  return product.type === 'simple' && product.stock_qty > 0 && product.stock_qty <= LOW_STOCK_THRESHOLD
    ? product.stock_qty
    : null;
}

/**
 * Magento's deprecated `ProductInterface.price`, from the same figures as `price_range`: the
 * lowest and highest price a shopper pays, and the regular price of the lowest-priced choice.
 * Catalog prices carry no separately shown parts (tax, fixed product taxes), so no adjustments.
 */
export function legacyPrices(product: ProductTable, display: CurrencyConversion) {
  const price = (minor: number) => ({
    amount: money(convertMinor(minor, product.currency, display), display.currency),
    adjustments: [],
  });
  return {
    minimalPrice: price(product.min_price),
    maximalPrice: price(product.max_price),
    regularPrice: price(product.min_regular_price),
  };
}

const PRODUCT_MEDIA_PREFIX = '/media/catalog/product';

/** A gallery image's path as Magento's `MediaGalleryEntry.file` gives it: relative to the product media folder. */
export function mediaFile(url: string): string {
  return url.startsWith(`${PRODUCT_MEDIA_PREFIX}/`) ? url.slice(PRODUCT_MEDIA_PREFIX.length) : url;
}

/** An attribute's metadata as the PWA metapackage shows it (`AttributeMetadataInterface`). */
export interface AttributeMetadataView {
  __typename: 'ProductAttributeMetadata';
  uid: string;
  code: string;
  label: string;
  attribute_labels: Array<{ store_code: string; label: string }>;
  data_type: 'STRING';
  sort_order: number;
  is_system: false;
  entity_type: 'PRODUCT';
  ui_input: {
    __typename: 'UiAttributeTypeSelect';
    ui_input_type: 'SELECT';
    is_html_allowed: false;
    attribute_options: AttributeOptionView[];
  };
  used_in_components: string[];
}

/** An attribute's value on a product, as `ProductInterface.custom_attributes` shows it (PWA metapackage). */
export interface CustomAttributeView {
  selected_attribute_options: { attribute_option: AttributeOptionView[] };
  entered_attribute_value: null;
  attribute_metadata: AttributeMetadataView;
}

export interface AttributeOptionView {
  __typename: 'AttributeOption';
  uid: string;
  label: string;
  value: string;
  is_default: false;
}

export function attributeOptionView(option: { id: number; label: string }): AttributeOptionView {
  return {
    __typename: 'AttributeOption',
    uid: encodeUid(option.id),
    label: option.label,
    value: String(option.id),
    is_default: false,
  };
}

/**
 * What an attribute is. Every attribute here is a drop-down of options shown on the product page,
 * and a filter of listings and search results when it is filterable.
 */
export function attributeMetadataView(
  attribute: { code: string; label: string; position: number; filterable: boolean },
  options: AttributeOptionView[],
  storeCode: string,
): AttributeMetadataView {
  return {
    __typename: 'ProductAttributeMetadata',
    // Magento's uid of a product attribute: its entity type and code.
    uid: encodeUid(`catalog_product/${attribute.code}`),
    code: attribute.code,
    label: attribute.label,
    attribute_labels: [{ store_code: storeCode, label: attribute.label }],
    data_type: 'STRING',
    sort_order: attribute.position,
    is_system: false,
    entity_type: 'PRODUCT',
    ui_input: {
      __typename: 'UiAttributeTypeSelect',
      ui_input_type: 'SELECT',
      is_html_allowed: false,
      attribute_options: options,
    },
    used_in_components: attribute.filterable
      ? ['PRODUCT_DETAILS_PAGE', 'PRODUCT_FILTER', 'PRODUCT_SEARCH_RESULTS_FILTER']
      : ['PRODUCT_DETAILS_PAGE'],
  };
}

/**
 * A product's own attribute values, one per attribute, in the attributes' order. An attribute with
 * several values on one product is a configurable's choice (its variants differ in it), which
 * `configurable_options` shows instead. The metadata's options are the ones the product has.
 */
export function customAttributes(
  options: ReadonlyArray<{
    id: number;
    attribute_code: string;
    attribute_label: string;
    attribute_position: number;
    attribute_filterable: number;
    label: string;
  }>,
  storeCode: string,
): CustomAttributeView[] {
  const byCode = new Map<string, typeof options>();
  for (const option of options)
    byCode.set(option.attribute_code, [...(byCode.get(option.attribute_code) ?? []), option]);
  return [...byCode.values()]
    .filter((values) => values.length === 1)
    .map((values) => values[0]!)
    .sort((a, b) => a.attribute_position - b.attribute_position || a.attribute_code.localeCompare(b.attribute_code))
    .map((option) => {
      const chosen = attributeOptionView(option);
      return {
        selected_attribute_options: { attribute_option: [chosen] },
        entered_attribute_value: null,
        attribute_metadata: attributeMetadataView(
          {
            code: option.attribute_code,
            label: option.attribute_label,
            position: option.attribute_position,
            filterable: option.attribute_filterable === 1,
          },
          [chosen],
          storeCode,
        ),
      };
    });
}
