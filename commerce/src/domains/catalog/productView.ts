import type { ProductTable } from '../../db/tables';
import { money, toMajor } from '../../kernel/money';

// Turns stored rows (minor units, flags) into the values Magento's types carry.

export const LOW_STOCK_THRESHOLD = 5;

function productPrice(regular: number, final: number, currency: string) {
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

export function priceRange(product: ProductTable) {
  return {
    minimum_price: productPrice(product.min_regular_price, product.min_price, product.currency),
    maximum_price: productPrice(product.max_regular_price, product.max_price, product.currency),
  };
}

export function onlyXLeft(product: ProductTable): number | null {
  return product.type === 'simple' && product.stock_qty > 0 && product.stock_qty <= LOW_STOCK_THRESHOLD
    ? product.stock_qty
    : null;
}
