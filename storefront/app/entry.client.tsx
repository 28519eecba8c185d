import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { prepareBrowserApollo } from './data/browserApollo';
import { markHydrationStarted } from './data/browserValue';
import { yieldToMain } from './data/yieldToMain';
import { fromLanguageTag, loadMessages } from './i18n/locale';

// The page's catalogue (root.tsx writes its locale in <html lang>) loads while the Apollo client
// is built, so hydration formats the same text as the server did. en_US is in the bundle; any
// other catalogue is a chunk of its own that only pages of its locale fetch.
const messages = loadMessages(fromLanguageTag(document.documentElement.lang));
// The Apollo client is built in short tasks before hydration starts (data/browserApollo.ts), and
// hydration starts in a task of its own; the page is already painted and usable meanwhile.
const client = await prepareBrowserApollo();
await messages;
await yieldToMain();
markHydrationStarted();
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
