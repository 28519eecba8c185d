import type { ApolloClient, DocumentNode, OperationVariables } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { use } from 'react';
import { isHydrating } from './browserValue';
import { yieldToMain } from './yieldToMain';

// A promise with the fields React's `use` reads to return at once once it has settled (React
// sets them on promises it tracks; a preparation another component started may be settled
// before React has seen it).
type Preparation = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: void };

const preparations = new Map<string, Preparation>();
const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 0;

function keyOf(query: DocumentNode, variables: OperationVariables | undefined): string {
  let id = documentIds.get(query);
  if (id === undefined) {
    id = nextDocumentId++;
    documentIds.set(query, id);
  }
  return `${id}:${JSON.stringify(variables ?? {})}`;
}

/**
 * The two costly steps of a query's first useQuery, each in a task of its own: Apollo's
 * preparation of the document (several walks over it, kept per document) and the first read
 * of the cache (kept per document and variables). Inside one render they made one task of
 * 140 ms or more at 4x CPU on product and category pages.
 */
async function prepare(client: ApolloClient, query: DocumentNode, variables: OperationVariables | undefined) {
  await yieldToMain();
  const observable = client.watchQuery({ query, variables, fetchPolicy: 'cache-first' });
  await yieldToMain();
  observable.getCurrentResult();
}

/**
 * While the server-rendered page hydrates, suspends the calling component until `query` with
 * `variables` is prepared (see `prepare`); its server HTML stays on screen meanwhile, and React
 * goes on with the rest of the page. Call it before the useQuery it prepares for, and only in a
 * component that hydrates server HTML: one that mounts fresh before the page has hydrated would
 * show its Suspense fallback while it waits. Before hydration starts (the server, unit tests) and
 * once the page has hydrated it does nothing: a client render then pays the costs inline rather
 * than show a Suspense fallback.
 * `skip` is for a query the component will not run.
 */
export function usePreparedQuery(query: DocumentNode, variables?: OperationVariables, skip = false): void {
  const client = useApolloClient();
  if (skip || !isHydrating()) return;
  const key = keyOf(query, variables);
  let preparation = preparations.get(key);
  if (!preparation) {
    const created: Preparation = prepare(client, query, variables).catch(() => undefined);
    void created.then(() => {
      created.status = 'fulfilled';
      created.value = undefined;
    });
    preparations.set(key, created);
    preparation = created;
  }
  // On every render while hydrating, settled or not: React replays a component that suspended
  // here expecting the same `use` call (skipping it on the replay broke the component's hooks:
  // React error 467, and the whole boundary was rendered again on the client).
  use(preparation as Promise<void>);
}
