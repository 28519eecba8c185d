import type { ApolloClient } from '@apollo/client';
import {
  CartApplyCouponMutation,
  CartRemoveCouponMutation,
  CartRemoveItemMutation,
  CartUpdateItemsMutation,
} from './cartChangeQueries';

// The cart changes the mini cart and cart page make, each a function of (client, cartId) for useCartMutation.

export const setItemQuantity = (itemUid: string, quantity: number) => (client: ApolloClient, cartId: string) =>
  client.mutate({
    mutation: CartUpdateItemsMutation,
    variables: { cartId, cartItems: [{ cart_item_uid: itemUid, quantity }] },
  });

export const removeItem = (itemUid: string) => (client: ApolloClient, cartId: string) =>
  client.mutate({ mutation: CartRemoveItemMutation, variables: { cartId, itemUid } });

export const applyCoupon = (code: string) => (client: ApolloClient, cartId: string) =>
  client.mutate({ mutation: CartApplyCouponMutation, variables: { cartId, code } });

export const removeCoupon = () => (client: ApolloClient, cartId: string) =>
  client.mutate({ mutation: CartRemoveCouponMutation, variables: { cartId } });
