import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { prepareBrowserApollo } from './data/browserApollo';
import { yieldToMain } from './data/yieldToMain';

// The Apollo client is built in short tasks before hydration starts (data/browserApollo.ts), and
// hydration starts in a task of its own; the page is already painted and usable meanwhile.
const client = await prepareBrowserApollo();
await yieldToMain();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ApolloProvider client={client}>
        <HydratedRouter />
      </ApolloProvider>
    </StrictMode>,
  );
});
