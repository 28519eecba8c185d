import type { ApolloClient } from '@apollo/client';
import { getBrowserCachePersistor } from '../../data/browserApollo';
import { clearCartId } from '../../data/cartId';
import { clearCompareListUid } from '../../data/compareListId';
import { clearCustomerToken, expiryFromLifetime, setCustomerToken } from '../../data/customerSession';
import type { CustomerCreateInput } from '../../__generated__/graphql';
import { AccountCreateMutation, AccountSignInMutation, AccountSignOutMutation } from './accountMutations';
import { AccountSessionConfigQuery } from './accountQueries';
import { adoptCompareList } from '../../shared/compareList';
import { adoptCustomerCart } from '../../shared/customerCart';

/** Signs in: stores the token with its lifetime, then takes over the customer's cart and compare list. */
export async function signIn(client: ApolloClient, email: string, password: string): Promise<void> {
  const [{ data }, config] = await Promise.all([
    client.mutate({ mutation: AccountSignInMutation, variables: { email: email.trim(), password } }),
    client.query({ query: AccountSessionConfigQuery }).catch(() => null),
  ]);
  const token = data?.generateCustomerToken?.token;
  if (!token) throw new Error('generateCustomerToken returned no token');
  setCustomerToken(token, expiryFromLifetime(config?.data?.storeConfig?.customer_access_token_lifetime));
  await Promise.all([
    adoptCustomerCart(client).catch(() => undefined),
    adoptCompareList(client).catch(() => undefined),
  ]);
}

export async function createAccount(client: ApolloClient, input: CustomerCreateInput): Promise<void> {
  await client.mutate({ mutation: AccountCreateMutation, variables: { input } });
  await signIn(client, input.email, input.password ?? '');
}

/**
 * What must not outlive a session: the customer's cart id, the compare list's uid (the customer's
 * list by then) and every cached answer (in memory and in localStorage), since the cache holds the
 * customer's name, addresses and orders.
 */
export async function forgetSessionData(client: ApolloClient): Promise<void> {
  clearCartId();
  clearCompareListUid();
  await client.clearStore().catch(() => undefined);
  await getBrowserCachePersistor()?.purge();
}

/** Signs out here and on the server; the token is forgotten even when the server cannot be reached. */
export async function signOut(client: ApolloClient): Promise<void> {
  try {
    await client.mutate({ mutation: AccountSignOutMutation });
  } catch {
    // An expired token cannot be revoked any more; signing out locally is what matters.
  }
  clearCustomerToken('signedOut');
  await forgetSessionData(client);
}
