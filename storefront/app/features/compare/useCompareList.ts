import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { CompareListFieldsFragment } from '../../__generated__/graphql';
import { clearCompareListUid, setCompareListUid, useCompareListUid } from '../../data/compareListId';
import {
  AddToCompareListMutation,
  CompareListQuery,
  CreateCompareListMutation,
  RemoveFromCompareListMutation,
} from './compareQueries';

export type CompareItem = NonNullable<NonNullable<CompareListFieldsFragment['items']>[number]>;

/** Magento's product uid is the base64 of its numeric id, which the compare-list mutations take. */
export function productIdOfUid(uid: string): string | null {
  try {
    const id = atob(uid);
    return /^\d{1,15}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function compareItems(list: CompareListFieldsFragment | null | undefined): CompareItem[] {
  return (list?.items ?? []).flatMap((item) => (item ? [item] : []));
}

export function isCompared(list: CompareListFieldsFragment | null | undefined, productUid: string): boolean {
  return compareItems(list).some((item) => item.product.uid === productUid);
}

/**
 * This browser's compare list, shared through the cache by every toggle on the page and the
 * header's count: one query however many cards show a toggle. Nothing is asked before there is a
 * list (the uid is stored once the shopper adds a first product). `serverUid`: the list the server
 * rendered the compare page with (its loader), read from the cache while the page hydrates.
 */
export function useCompareList(serverUid: string | null = null) {
  const client = useApolloClient();
  const uid = useCompareListUid(serverUid);
  const { data, loading, error } = useQuery(CompareListQuery, {
    variables: { uid: uid ?? '' },
    skip: !uid,
    fetchPolicy: 'cache-first',
  });
  const list = uid ? (data?.compareList ?? null) : null;
  const [pending, setPending] = useState<string | null>(null);

  async function create(productId: string): Promise<void> {
    const { data: created } = await client.mutate({
      mutation: CreateCompareListMutation,
      variables: { products: [productId] },
    });
    const createdUid = created?.createCompareList?.uid;
    if (createdUid) setCompareListUid(createdUid);
  }

  async function remove(productUid: string): Promise<void> {
    const productId = productIdOfUid(productUid);
    if (!uid || !productId) return;
    await client.mutate({ mutation: RemoveFromCompareListMutation, variables: { uid, products: [productId] } });
  }

  /** Adds the product, or takes it out when it is in the list already. */
  async function toggle(productUid: string): Promise<'added' | 'removed' | null> {
    const productId = productIdOfUid(productUid);
    if (!productId || pending) return null;
    setPending(productUid);
    try {
      if (!uid) {
        await create(productId);
        return 'added';
      }
      // A click can come before the list's query has answered: wait for it rather than guess.
      const current = list ?? (await client.query({ query: CompareListQuery, variables: { uid } })).data?.compareList;
      if (!current) {
        // The stored list is gone (deleted elsewhere): start a new one.
        clearCompareListUid();
        await create(productId);
        return 'added';
      }
      if (isCompared(current, productUid)) {
        await remove(productUid);
        return 'removed';
      }
      await client.mutate({ mutation: AddToCompareListMutation, variables: { uid, products: [productId] } });
      return 'added';
    } finally {
      setPending(null);
    }
  }

  return { uid, list, loading: Boolean(uid) && loading && !data, error, pending, toggle, remove };
}
