import { moneyValue, type MoneyFields, type MoneyValue } from '../../shared/money';

export interface CardPriceInput {
  minimum_price: {
    regular_price: MoneyFields;
    final_price: MoneyFields;
    discount?: { amount_off?: number | null; percent_off?: number | null } | null;
  };
  maximum_price?: { final_price: MoneyFields } | null;
}

export interface CardPrice {
  /** What the shopper pays (the lowest price of a configurable product). */
  final: MoneyValue;
  /** The struck-through price; only when the product is on sale. */
  regular: MoneyValue | null;
  /** Whole percent off for the sale badge; only when the product is on sale. */
  percentOff: number | null;
  /** Variants cost different amounts, so the price reads "From …". */
  isRange: boolean;
}

// Below half a cent the difference is rounding noise, not a sale.
const EPSILON = 0.005;

/**
 * What a product card shows for a Magento `price_range`. A sale is a final price below the
 * regular one; the percentage comes from the API's `discount` when given, else it is derived,
 * and is floored so the badge never promises more than the real reduction.
 */
export function cardPrice(range: CardPriceInput | null | undefined): CardPrice | null {
  if (!range) return null;
  const final = moneyValue(range.minimum_price.final_price);
  if (!final) return null;
  const regular = moneyValue(range.minimum_price.regular_price);
  const maximum = range.maximum_price ? moneyValue(range.maximum_price.final_price) : null;
  const isRange = maximum !== null && maximum.value - final.value > EPSILON;
  const onSale = regular !== null && regular.currency === final.currency && regular.value - final.value > EPSILON;
  if (!onSale) return { final, regular: null, percentOff: null, isRange };
  const fromApi = range.minimum_price.discount?.percent_off;
  const percent =
    typeof fromApi === 'number' && fromApi > 0 ? fromApi : ((regular.value - final.value) / regular.value) * 100;
  const percentOff = Math.floor(percent + 1e-9);
  return { final, regular, percentOff: percentOff >= 1 ? percentOff : null, isRange };
}
