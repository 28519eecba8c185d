import type { OrderDetailsFieldsFragment } from '../__generated__/graphql';

type OrderLine = NonNullable<NonNullable<OrderDetailsFieldsFragment['items']>[number]>;

/**
 * The picture of what was ordered: the ordered variant's own (it shows the chosen colour), else
 * the product's. Null once the product is gone from the catalog.
 */
export function orderItemPicture(item: OrderLine): { url: string; label: string } | null {
  const product = item.product;
  if (!product) return null;
  const variants = 'variants' in product ? (product.variants ?? []) : [];
  const variant = variants.find((v) => v?.product?.sku === item.product_sku)?.product;
  const picture = variant?.thumbnail?.url ? variant.thumbnail : product.thumbnail;
  return picture?.url ? { url: picture.url, label: picture.label ?? '' } : null;
}
