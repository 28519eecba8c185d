import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { WishlistFieldsFragment, WishlistItemInput } from '../../__generated__/graphql';
import { useCustomerToken } from '../../data/customerSession';
import { WishlistAddMutation, WishlistQuery, WishlistRemoveMutation } from './wishlistQueries';

export type WishlistItem = NonNullable<NonNullable<WishlistFieldsFragment['items_v2']>['items'][number]>;

export function wishlistItems(wishlist: WishlistFieldsFragment | null | undefined): WishlistItem[] {
  return (wishlist?.items_v2?.items ?? []).flatMap((item) => (item ? [item] : []));
}

/** The wish list entry holding `sku` (the parent SKU for configurable products), if any. */
export function findWishlistItem(
  wishlist: WishlistFieldsFragment | null | undefined,
  sku: string,
): WishlistItem | undefined {
  return wishlistItems(wishlist).find((item) => item.product?.sku === sku);
}

/**
 * The signed-in customer's (only) wish list, shared through the cache by every heart on the
 * page: one query however many cards show a heart. Skipped for guests.
 */
export function useWishlist() {
  const client = useApolloClient();
  const token = useCustomerToken();
  const { data, loading, error } = useQuery(WishlistQuery, { skip: !token, fetchPolicy: 'cache-first' });
  const wishlist = token ? (data?.customer?.wishlists[0] ?? null) : null;
  const [pending, setPending] = useState<string | null>(null);

  async function toggle(input: WishlistItemInput): Promise<'added' | 'removed' | null> {
    if (!token || pending) return null;
    setPending(input.sku);
    try {
      // A click can come before the page's wish-list query has answered: wait for it rather
      // than drop the click.
      const current = wishlist ?? (await client.query({ query: WishlistQuery })).data?.customer?.wishlists[0] ?? null;
      if (!current?.id) return null;
      const existing = findWishlistItem(current, input.parent_sku ?? input.sku);
      if (existing) {
        await client.mutate({
          mutation: WishlistRemoveMutation,
          variables: { wishlistId: current.id, itemIds: [existing.id] },
        });
        return 'removed';
      }
      const { data: added } = await client.mutate({
        mutation: WishlistAddMutation,
        variables: { wishlistId: current.id, items: [input] },
      });
      const problem = added?.addProductsToWishlist?.user_errors[0];
      if (problem) throw new Error(problem.message);
      return 'added';
    } finally {
      setPending(null);
    }
  }

  return { signedIn: token !== null, wishlist, loading: Boolean(token) && loading && !data, error, pending, toggle };
}
