import { RetryLink } from '@apollo/client/link/retry';
import { isAbortError } from './errors';
import { requestSignal } from './requestSignal';

// Apollo's RetryLink defaults, spelled out because the product specification fixes them.
export const RETRY_MAX_ATTEMPTS = 5;
export const RETRY_INITIAL_DELAY_MS = 300;

function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function createRetryLink(): RetryLink {
  return new RetryLink({
    delay: { initial: RETRY_INITIAL_DELAY_MS, max: Infinity, jitter: true },
    attempts: {
      max: RETRY_MAX_ATTEMPTS,
      // A request the caller cancelled must stay cancelled. A browser that knows it is offline
      // fails at once: five attempts would only keep the shopper waiting for the offline message.
      retryIf: (error, operation) => !!error && !isAbortError(error, requestSignal(operation)) && !knownOffline(),
    },
  });
}
