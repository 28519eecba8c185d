import { ApolloLink } from '@apollo/client/link';
import { Observable } from 'rxjs';
import { abortErrorFor, requestSignal } from './requestSignal';

/**
 * Ends an operation the moment its caller's signal aborts, including while RetryLink is waiting
 * to try again (HttpLink only listens for the abort during a fetch, so a retry scheduled before
 * the abort would otherwise still go out).
 */
export function createAbortLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const signal = requestSignal(operation);
    if (!signal) return forward(operation);
    return new Observable((observer) => {
      if (signal.aborted) {
        observer.error(abortErrorFor(signal));
        return undefined;
      }
      // A plain observer, not `observer` itself: rxjs would adopt the outer subscriber, and
      // unsubscribing below would then close it before the abort error could be delivered.
      const subscription = forward(operation).subscribe({
        next: (result) => observer.next(result),
        error: (error: unknown) => observer.error(error),
        complete: () => observer.complete(),
      });
      const onAbort = () => {
        subscription.unsubscribe();
        observer.error(abortErrorFor(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      return () => {
        signal.removeEventListener('abort', onAbort);
        subscription.unsubscribe();
      };
    });
  });
}
