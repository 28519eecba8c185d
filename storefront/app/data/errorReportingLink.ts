import { ApolloLink } from '@apollo/client/link';
import { tap } from 'rxjs';
import { isAbortError } from './errors';
import { requestSignal } from './requestSignal';

export type ErrorReporter = (error: unknown, operation: ApolloLink.Operation) => void;

export const reportToConsole: ErrorReporter = (error, operation) => {
  console.error(`[graphql] ${operation.operationName ?? 'anonymous operation'} failed:`, error);
};

/** Reports an operation's final transport failure (after retries); cancelled requests are not failures. */
export function createErrorReportingLink(report: ErrorReporter = reportToConsole): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      tap({
        error: (error: unknown) => {
          if (!isAbortError(error, requestSignal(operation))) report(error, operation);
        },
      }),
    ),
  );
}
