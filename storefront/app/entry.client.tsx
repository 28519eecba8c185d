import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { getBrowserApollo } from './data/browserApollo';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ApolloProvider client={getBrowserApollo()}>
        <HydratedRouter />
      </ApolloProvider>
    </StrictMode>,
  );
});
