import type { ApolloClient } from '@apollo/client';
import { getCustomerToken } from '../../data/customerSession';
import { AccountCustomerQuery } from './accountQueries';

export interface CustomerName {
  firstname: string;
  lastname: string;
}

/**
 * Browser only: the signed-in customer's name, for forms (checkout's address) to start with;
 * undefined for guests or when it cannot be loaded. Reads what loadAddressBook just fetched.
 */
export async function loadCustomerName(client: ApolloClient): Promise<CustomerName | undefined> {
  if (!getCustomerToken()) return undefined;
  try {
    const { data } = await client.query({ query: AccountCustomerQuery, fetchPolicy: 'cache-first' });
    const customer = data?.customer;
    return customer ? { firstname: customer.firstname ?? '', lastname: customer.lastname ?? '' } : undefined;
  } catch {
    return undefined;
  }
}
