import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { type PlaceOrderAnswer, readPlaceOrderAnswer } from './cardPayment';
import { PlaceCheckoutOrderMutation } from './checkoutMutations';
import { CheckoutCartQuery } from './checkoutQueries';
import { isCartClosedMessage } from './placeOrderRecovery';
import type { PlacedOrder } from './placedOrder';

/** placeOrder for a card payment, its answer read in the gateway modules' dialect (declines, 3-D Secure). */
export async function placeCardOrder(client: ApolloClient, cartId: string): Promise<PlaceOrderAnswer<PlacedOrder>> {
  try {
    const result = (await client.mutate({ mutation: PlaceCheckoutOrderMutation, variables: { cartId } })).data
      ?.placeOrder;
    const messages = (result?.errors ?? []).flatMap((e) => (e ? [e.message] : []));
    return readPlaceOrderAnswer<PlacedOrder>(result?.orderV2, messages);
  } catch (error) {
    // 3-D Secure and declines may arrive as GraphQL errors in the module's dialect.
    if (CombinedGraphQLErrors.is(error))
      return readPlaceOrderAnswer<PlacedOrder>(
        null,
        error.errors.map((e) => e.message),
      );
    throw error;
  }
}

/**
 * Sets the card on the cart. A Place order whose answer was lost already made the order, so the
 * cart is closed: placeOrder then answers that order, and this step is skipped.
 */
export async function saveCardOnCart(save: () => Promise<unknown>): Promise<void> {
  try {
    await save();
  } catch (error) {
    if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => isCartClosedMessage(e.message))) return;
    throw error;
  }
}

/** After a decline the server gave the cart back: show it as it is now (fresh totals, stock). */
export async function refreshCheckoutCart(client: ApolloClient, cartId: string): Promise<void> {
  await client
    .query({ query: CheckoutCartQuery, variables: { cartId }, fetchPolicy: 'network-only' })
    .catch(() => undefined);
}
