import { graphql } from '../../__generated__/gql';
import type { CartCrossSellsQuery as CartCrossSellsResult } from '../../__generated__/graphql';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';

// "Complete the look": the cross-sells of the products in the cart. A query of its own rather than
// part of CartFields, which every cart mutation returns: a quantity change must not carry product
// cards. The server reads it with the cart, so the filled cart page arrives with it.
export const CartCrossSellsQuery = graphql(`
  query CartCrossSells($cartId: String!) {
    cart(cart_id: $cartId) {
      id
      itemsV2(pageSize: 100) {
        items {
          uid
          product {
            uid
            sku
            crosssell_products {
              ...CatalogProductCardFields
            }
          }
        }
      }
    }
  }
`);

/** At most two rows of cards on wide screens. */
export const MAX_CROSS_SELLS = 8;

/** The cross-sells in the cart's order, each once, leaving out what is in the cart already. */
export function crossSellsOf(data: CartCrossSellsResult | undefined): CatalogProductCardFieldsFragment[] {
  const items = data?.cart?.itemsV2?.items ?? [];
  const inCart = new Set(items.flatMap((item) => (item?.product?.sku ? [item.product.sku] : [])));
  const seen = new Set<string>();
  const found: CatalogProductCardFieldsFragment[] = [];
  for (const item of items)
    for (const product of item?.product?.crosssell_products ?? []) {
      if (!product?.sku || inCart.has(product.sku) || seen.has(product.sku)) continue;
      seen.add(product.sku);
      found.push(product);
    }
  return found.slice(0, MAX_CROSS_SELLS);
}
