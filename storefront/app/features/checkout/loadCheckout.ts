import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describeError } from '../../data/errors';
import { CheckoutCartQuery } from './checkoutQueries';
import { CountriesQuery } from '../../shared/countries';

export type CheckoutLoad =
  { status: 'ready'; cartId: string } | { status: 'noCart' } | { status: 'error'; message: string };

/**
 * Browser only (the cart is private): fetches the cart fresh — prices and stock may have moved
 * since it was cached — and the country list. Offline, a cached cart still lets the shopper
 * fill in the form.
 */
export async function loadCheckout(client: ApolloClient, cartId: string | null): Promise<CheckoutLoad> {
  if (!cartId) return { status: 'noCart' };
  const countries = client.query({ query: CountriesQuery }).catch(() => null);
  try {
    const { data } = await client.query({
      query: CheckoutCartQuery,
      variables: { cartId },
      fetchPolicy: 'network-only',
    });
    await countries;
    return data?.cart ? { status: 'ready', cartId } : { status: 'noCart' };
  } catch (error) {
    await countries;
    // An unknown or already ordered cart comes back as a GraphQL error: to the shopper it is just gone.
    if (CombinedGraphQLErrors.is(error)) return { status: 'noCart' };
    const cached = client.readQuery({ query: CheckoutCartQuery, variables: { cartId } });
    if (cached?.cart) return { status: 'ready', cartId };
    return { status: 'error', message: describeError(error).message };
  }
}
