import type { ApolloClient } from '@apollo/client';
import { graphql } from '../__generated__/gql';
import { clearCompareListUid, getCompareListUid, setCompareListUid } from '../data/compareListId';

// The hand-over of the compare list when a shopper signs in: the account feature calls it, the
// compare feature reads the list, so it lives below both (like the cart's, shared/customerCart.ts).

export const AssignCompareListMutation = graphql(`
  mutation AssignCompareList($uid: ID!) {
    assignCompareListToCustomer(uid: $uid) {
      result
      compare_list {
        uid
        item_count
      }
    }
  }
`);

export const CustomerCompareListUidQuery = graphql(`
  query CustomerCompareListUid {
    customer {
      compare_list {
        uid
        item_count
      }
    }
  }
`);

/**
 * The customer's compare list becomes this browser's. A guest's list made before signing in joins
 * it (Magento's assignCompareListToCustomer); without either, there is no list until the first add.
 */
export async function adoptCompareList(client: ApolloClient): Promise<void> {
  const guestUid = getCompareListUid();
  if (guestUid) {
    try {
      const { data } = await client.mutate({ mutation: AssignCompareListMutation, variables: { uid: guestUid } });
      const uid = data?.assignCompareListToCustomer?.compare_list?.uid;
      if (uid) {
        setCompareListUid(uid);
        return;
      }
    } catch {
      // The guest list is gone (or was someone else's): the customer's own list stands.
    }
  }
  const { data } = await client.query({ query: CustomerCompareListUidQuery, fetchPolicy: 'network-only' });
  const uid = data?.customer?.compare_list?.uid;
  if (uid) setCompareListUid(uid);
  else clearCompareListUid();
}
