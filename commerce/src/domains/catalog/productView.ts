import type { ProductTable } from '../../db/tables';
import { convertMinor, money, toMajor } from '../../kernel/money';
import type { CurrencyConversion } from '../../kernel/money';

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
