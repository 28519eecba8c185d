import type { StoreView } from './storeView';

// How the server hands the storefront its GraphQL transport. In embedded mode `fetch` executes
// operations in-process against the commerce API; against Magento it is the global fetch.
export interface GraphQLTransport {
  /** Absolute URL of the GraphQL endpoint as seen by the server render. */
  uri: string;
  fetch: typeof fetch;
}

declare module 'react-router' {
  interface AppLoadContext {
    graphql: GraphQLTransport;
    /** The store view and currency the URL and the shopper's cookie chose; the default store when absent. */
    store?: StoreView;
    /** The Content-Security-Policy nonce the server allowed for this response's inline scripts. */
    cspNonce?: string;
  }
}

export {};
