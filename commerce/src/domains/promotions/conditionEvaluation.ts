import type { CartCondition, ItemCondition, NumberOperator, SetOperator } from './ruleConditions';

// Evaluates the condition trees of ruleConditions.ts against what a cart is made of. Pure: the
// facts are gathered by the pricing (cart/cartPricingService.ts) and passed in, so every rule of
// Magento's condition model we support is tested here without a database.

/** What item conditions look at, for one cart line. */
export interface ItemFacts {
  /** The line's SKUs: the variant's and the configurable's (either may match, as in Magento). */
  skus: readonly string[];
  /** Categories the product (or its configurable) is in. */
  categoryIds: readonly number[];
  /** Attribute code → option ids of the product and of the variant chosen. */
  attributes: ReadonlyMap<string, readonly number[]>;
  quantity: number;
  /** Minor units, before discounts. */
  rowTotal: number;
}

export interface CartFacts {
  subtotal: number;
  totalQuantity: number;
  /** Null until the cart has a shipping address (then a country condition is not met). */
  shippingCountry: string | null;
  items: readonly ItemFacts[];
}

export function compareNumber(operator: NumberOperator, actual: number, expected: number): boolean {
  switch (operator) {
    case 'eq':
      return actual === expected;
    case 'neq':
      return actual !== expected;
    case 'gt':
      return actual > expected;
    case 'gte':
      return actual >= expected;
    case 'lt':
      return actual < expected;
    case 'lte':
      return actual <= expected;
  }
}

function inSet<T>(operator: SetOperator, actual: readonly T[], expected: readonly T[]): boolean {
  const found = actual.some((a) => expected.includes(a));
  return operator === 'in' ? found : !found;
}

function normalizedSku(sku: string): string {
  return sku.trim().toLowerCase();
}

export function itemMatches(condition: ItemCondition, item: ItemFacts): boolean {
  switch (condition.type) {
    case 'all':
      return condition.conditions.every((c) => itemMatches(c, item));
    case 'any':
      // An empty "any" is met, as an empty "all" is: a group with nothing in it asks nothing.
      return condition.conditions.length === 0 || condition.conditions.some((c) => itemMatches(c, item));
    case 'sku':
      return inSet(condition.operator, item.skus.map(normalizedSku), condition.value.map(normalizedSku));
    case 'category':
      return inSet(condition.operator, item.categoryIds, condition.value);
    case 'attribute':
      return inSet(condition.operator, item.attributes.get(condition.code) ?? [], condition.value);
    case 'qty':
      return compareNumber(condition.operator, item.quantity, condition.value);
  }
}

export function cartMatches(condition: CartCondition, cart: CartFacts): boolean {
  switch (condition.type) {
    case 'all':
      return condition.conditions.every((c) => cartMatches(c, cart));
    case 'any':
      return condition.conditions.length === 0 || condition.conditions.some((c) => cartMatches(c, cart));
    case 'subtotal':
      return compareNumber(condition.operator, cart.subtotal, condition.value);
    case 'total_qty':
      return compareNumber(condition.operator, cart.totalQuantity, condition.value);
    case 'shipping_country':
      if (cart.shippingCountry === null) return false;
      return inSet(condition.operator, [cart.shippingCountry], condition.value);
    case 'items_found':
      return cart.items.some((item) => itemMatches(condition.condition, item));
    case 'items_not_found':
      return !cart.items.some((item) => itemMatches(condition.condition, item));
    case 'items_subselect': {
      const matching = cart.items.filter((item) => itemMatches(condition.condition, item));
      const total = matching.reduce(
        (sum, item) => sum + (condition.attribute === 'qty' ? item.quantity : item.rowTotal),
        0,
      );
      return compareNumber(condition.operator, total, condition.value);
    }
  }
}

/** Does the rule's tree say anything about items (so the pricing must gather their facts)? */
export function needsItemFacts(condition: CartCondition | ItemCondition | null): boolean {
  if (condition === null) return false;
  switch (condition.type) {
    case 'all':
    case 'any':
      return (condition.conditions as (CartCondition | ItemCondition)[]).some(needsItemFacts);
    case 'subtotal':
    case 'total_qty':
    case 'shipping_country':
    case 'qty':
      return false;
    default:
      return true;
  }
}

/**
 * Magento's buy X get Y for one line: of every X + Y units, Y are discounted; a last incomplete
 * group gives what it holds beyond X.
 */
export function buyXGetYQuantity(quantity: number, buy: number, get: number): number {
  if (buy < 1 || get < 1) return 0;
  const period = buy + get;
  const fullPeriods = Math.floor(quantity / period);
  const rest = quantity - fullPeriods * period;
  return fullPeriods * get + Math.max(0, rest - buy);
}
