import type { ApolloLink } from '@apollo/client/link';

/** The AbortSignal a caller attached with `context: { fetchOptions: { signal } }`, if any. */
export function requestSignal(operation: ApolloLink.Operation): AbortSignal | undefined {
  const fetchOptions: unknown = operation.getContext().fetchOptions;
  if (typeof fetchOptions !== 'object' || fetchOptions === null) return undefined;
  const signal = (fetchOptions as { signal?: unknown }).signal;
  // Duck-typed: a signal from another realm (a test DOM, an iframe) is still a signal.
  return isAbortSignal(signal) ? signal : undefined;
}

export function abortErrorFor(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  if (typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'AbortError')
    return reason;
  return new DOMException('The operation was aborted.', 'AbortError');
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  );
}
