import { ApolloClient, ApolloLink, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { Suspense, act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { markHydrationStarted, markPageHydrated } from './browserValue';
import { usePreparedQuery } from './preparedQuery';

// Tells React that act() flushes updates here, as in the library's own test set-up.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ProductName: TypedDocumentNode<
  { product: { __typename: string; sku: string; name: string } | null },
  { sku: string }
> = gql`
  query PreparedProductName($sku: String!) {
    product(sku: $sku) {
      sku
      name
    }
  }
`;

function clientWithProduct(): ApolloClient {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  client.writeQuery({
    query: ProductName,
    variables: { sku: 'TEE-1' },
    data: { product: { __typename: 'Product', sku: 'TEE-1', name: 'Kestrel Crew Tee' } },
  });
  return client;
}

const renders: string[] = [];
let attempts = 0;
function Name({ sku }: { sku: string }) {
  attempts += 1;
  usePreparedQuery(ProductName, { sku });
  const { data } = useQuery(ProductName, { variables: { sku }, fetchPolicy: 'cache-first' });
  renders.push(data?.product?.name ?? 'none');
  return <h1>{data?.product?.name ?? 'none'}</h1>;
}

function page(client: ApolloClient) {
  return (
    <ApolloProvider client={client}>
      <Suspense fallback={<p>fallback</p>}>
        <Name sku="TEE-1" />
      </Suspense>
    </ApolloProvider>
  );
}

it('while the page hydrates, waits with the server HTML in place, then hydrates it without a mismatch', async () => {
  const container = document.createElement('div');
  // Before hydration starts the hook does nothing, as on the server.
  container.innerHTML = renderToString(page(clientWithProduct()));
  document.body.append(container);
  const serverHtml = container.innerHTML;
  expect(serverHtml).toContain('Kestrel Crew Tee');
  renders.length = 0;
  attempts = 0;
  const recoverable: unknown[] = [];

  markHydrationStarted();
  await act(async () => {
    hydrateRoot(container, page(clientWithProduct()), { onRecoverableError: (error) => recoverable.push(error) });
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  expect(recoverable).toEqual([]);
  expect(container.innerHTML).toBe(serverHtml);
  expect(container.textContent).not.toContain('fallback');
  // It waited before its useQuery ran: a first attempt stopped at the hook, and the one render
  // that got past it had the data.
  expect(attempts).toBe(2);
  expect(renders).toEqual(['Kestrel Crew Tee']);
  container.remove();
});

it('once the page has hydrated, a fresh render never waits (no fallback)', async () => {
  markPageHydrated();
  const container = document.createElement('div');
  document.body.append(container);
  renders.length = 0;
  await act(async () => createRoot(container).render(page(clientWithProduct())));
  expect(renders[0]).toBe('Kestrel Crew Tee');
  expect(container.textContent).toBe('Kestrel Crew Tee');
  container.remove();
});
