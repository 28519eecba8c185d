import type { ApolloClient } from '@apollo/client';
import { graphql } from '../__generated__/gql';
import { getCartId, setCartId } from '../data/cartId';

// The hand-over of the cart when a shopper signs in: the account feature calls it, and it is a
// cart concern, so it lives below both.

export const CustomerCartIdQuery = graphql(`
  query CustomerCartId {
    customerCart {
      id
    }
  }
`);

export const MergeGuestCartMutation = graphql(`
  mutation MergeGuestCart($source: String!, $destination: String!) {
    mergeCarts(source_cart_id: $source, destination_cart_id: $destination) {
      id
      total_quantity
    }
  }
`);

/**
 * The customer's cart becomes this browser's cart. Items of a guest cart started before signing
 * in move into it (Magento's mergeCarts); a guest cart that is gone or empty is simply dropped.
 */
export async function adoptCustomerCart(client: ApolloClient): Promise<void> {
  const { data } = await client.query({ query: CustomerCartIdQuery, fetchPolicy: 'network-only' });
  const customerCartId = data?.customerCart.id;
  if (!customerCartId) return;
  const guestCartId = getCartId();
  if (guestCartId && guestCartId !== customerCartId) {
    try {
      await client.mutate({
        mutation: MergeGuestCartMutation,
        variables: { source: guestCartId, destination: customerCartId },
      });
    } catch {
      // The guest cart expired or was already ordered: nothing to carry over.
    }
    client.cache.evict({ id: client.cache.identify({ __typename: 'Cart', id: guestCartId }) });
  }
  setCartId(customerCartId);
}
