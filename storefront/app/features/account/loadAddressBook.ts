import type { ApolloClient } from '@apollo/client';
import { getCustomerToken } from '../../data/customerSession';
import { AccountCustomerQuery } from './accountQueries';

export interface AddressBookEntry {
  id: number;
  address: {
    firstname: string;
    lastname: string;
    street: string[];
    city: string;
    postcode: string | null;
    region: string | null;
    regionCode: string | null;
    country: string | null;
    telephone: string | null;
  };
  defaultShipping: boolean;
}

/**
 * Browser only: the signed-in customer's addresses for other pages (checkout) to offer;
 * undefined for guests, and when the book cannot be loaded (the page then asks for an address).
 */
export async function loadAddressBook(client: ApolloClient): Promise<AddressBookEntry[] | undefined> {
  if (!getCustomerToken()) return undefined;
  try {
    const { data } = await client.query({ query: AccountCustomerQuery, fetchPolicy: 'network-only' });
    return (data?.customer?.addresses ?? []).flatMap((entry) =>
      entry?.id != null
        ? [
            {
              id: entry.id,
              address: {
                firstname: entry.firstname ?? '',
                lastname: entry.lastname ?? '',
                street: (entry.street ?? []).flatMap((line) => (line ? [line] : [])),
                city: entry.city ?? '',
                postcode: entry.postcode ?? null,
                region: entry.region?.region ?? null,
                regionCode: entry.region?.region_code ?? null,
                country: entry.country_code ?? null,
                telephone: entry.telephone ?? null,
              },
              defaultShipping: Boolean(entry.default_shipping),
            },
          ]
        : [],
    );
  } catch {
    return getCustomerToken() ? [] : undefined;
  }
}
