import { ApolloLink } from '@apollo/client/link';
import { HttpLink } from '@apollo/client/link/http';
import { map } from 'rxjs';
import { createHttpTransport, type HttpTransportOptions } from './httpTransport';

export interface CustomerTransportOptions extends HttpTransportOptions {
  /** The signed-in customer's token at the moment of the request (read per attempt, so retries see a sign-out). */
  getToken: () => string | null;
  /** The server no longer accepts the token that was sent (expired or revoked). */
  onUnauthorized: () => void;
}

const TOKEN_CONTEXT = 'customerToken';

// Magento answers a request whose token has run out with this category and message.
const UNAUTHORIZED_CATEGORY = 'graphql-authorization';
const UNAUTHORIZED_MESSAGE = "The current customer isn't authorized.";

interface GraphQLErrorLike {
  message?: unknown;
  extensions?: { category?: unknown } | null;
}

export function isUnauthorizedError(error: GraphQLErrorLike): boolean {
  return error.extensions?.category === UNAUTHORIZED_CATEGORY || error.message === UNAUTHORIZED_MESSAGE;
}

/**
 * Guests keep the cacheable transport (queries as GET). With a customer token every operation
 * goes as POST with `Authorization: Bearer …`: a GET carrying a token must never reach a shared
 * cache, and POST answers are never cached by CDNs or the server's response cache.
 */
export function createCustomerTransport({ getToken, onUnauthorized, ...http }: CustomerTransportOptions): ApolloLink {
  const attachToken = new ApolloLink((operation, forward) => {
    const token = getToken();
    if (!token) return forward(operation);
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      [TOKEN_CONTEXT]: token,
      headers: { ...headers, Authorization: `Bearer ${token}` },
    }));
    return forward(operation).pipe(
      map((result) => {
        if (result.errors?.some((error) => isUnauthorizedError(error))) onUnauthorized();
        return result;
      }),
    );
  });
  const authenticated = new HttpLink({
    uri: http.uri,
    fetch: http.fetch,
    headers: http.headers,
    includeExtensions: false,
  });
  const transport = ApolloLink.split(
    (operation) => Boolean(operation.getContext()[TOKEN_CONTEXT]),
    authenticated,
    createHttpTransport(http),
  );
  return ApolloLink.from([attachToken, transport]);
}
