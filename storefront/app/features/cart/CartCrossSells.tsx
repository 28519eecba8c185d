import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { usePreparedQuery } from '../../data/preparedQuery';
import { CartCrossSellsQuery, crossSellsOf } from './cartCrossSells';

/**
 * The cart's cross-sells, drawn by the route (with the catalog's cards, which this feature does
 * not import). Nothing while they load: the cart itself is what the shopper came for.
 */
export function CartCrossSells({
  cartId,
  serverRendered,
  render,
}: {
  cartId: string;
  serverRendered: boolean;
  render: (products: CatalogProductCardFieldsFragment[]) => ReactNode;
}) {
  usePreparedQuery(CartCrossSellsQuery, { cartId }, !serverRendered);
  const { data } = useQuery(CartCrossSellsQuery, { variables: { cartId }, fetchPolicy: 'cache-first' });
  const products = crossSellsOf(data);
  return products.length > 0 ? render(products) : null;
}
