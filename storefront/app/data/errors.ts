import { CombinedGraphQLErrors, CombinedProtocolErrors, ServerError, ServerParseError } from '@apollo/client/errors';

export type ErrorKind = 'network' | 'server' | 'graphql' | 'offline';

export interface DescribedError {
  message: string;
  kind: ErrorKind;
}

export const OFFLINE_MESSAGE = 'You are offline. Check your connection and try again.';
export const NETWORK_MESSAGE = 'We could not reach the shop. Check your connection and try again.';
export const SERVER_MESSAGE = 'The shop is having trouble right now. Please try again in a moment.';
export const GRAPHQL_FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function hasName(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === name;
}

/**
 * True for a request that was cancelled on purpose (navigation away, a newer search, an
 * explicit AbortController). Such failures are neither retried nor shown to the shopper.
 */
export function isAbortError(error: unknown, signal?: AbortSignal | null): boolean {
  if (signal?.aborted) return true;
  if (hasName(error, 'AbortError')) return true;
  return typeof error === 'object' && error !== null && hasName((error as { cause?: unknown }).cause, 'AbortError');
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** What to tell the shopper about a failed operation: one sentence, never a stack or a status dump. */
export function describeError(error: unknown): DescribedError {
  if (CombinedGraphQLErrors.is(error)) {
    // Magento writes its GraphQL error messages for shoppers ("The requested qty is not available").
    const messages = [...new Set(error.errors.map((e) => e.message.trim()).filter(Boolean))];
    return { kind: 'graphql', message: messages.length > 0 ? messages.join(' ') : GRAPHQL_FALLBACK_MESSAGE };
  }
  if (isOffline()) return { kind: 'offline', message: OFFLINE_MESSAGE };
  if (ServerError.is(error) || ServerParseError.is(error) || CombinedProtocolErrors.is(error)) {
    return { kind: 'server', message: SERVER_MESSAGE };
  }
  return { kind: 'network', message: NETWORK_MESSAGE };
}
