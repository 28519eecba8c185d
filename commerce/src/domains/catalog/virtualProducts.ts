import type { ProductType } from '../../db/tables';

// Virtual products (Magento's `virtual` type): services, memberships, anything with nothing to
// ship. A product of such a type has no weight and no shipping; a cart whose every line is one
// needs no shipping address or method (Magento's Quote::isVirtual), and its order lines are never
// shipped, so invoicing them completes the order.

const SHIPPING_FREE_TYPES: ReadonlySet<string> = new Set<ProductType>(['virtual', 'downloadable']);

/** True for a product type that is never shipped. */
export function isVirtualType(type: string): boolean {
  return SHIPPING_FREE_TYPES.has(type);
}

/** Magento's Quote::isVirtual: a cart with lines, every one of them never shipped. */
export function isVirtualCart(lines: ReadonlyArray<{ product: { type: string } }>): boolean {
  return lines.length > 0 && lines.every((line) => isVirtualType(line.product.type));
}

// The GraphQL type each product type answers as (ProductInterface, RoutableInterface, …).
const PRODUCT_TYPENAMES: Record<ProductType, string> = {
  simple: 'SimpleProduct',
  configurable: 'ConfigurableProduct',
  bundle: 'BundleProduct',
  grouped: 'GroupedProduct',
  virtual: 'VirtualProduct',
  downloadable: 'DownloadableProduct',
};

/** The GraphQL type name of a product row. */
export function productTypename(type: ProductType): string {
  return PRODUCT_TYPENAMES[type] ?? 'SimpleProduct';
}
