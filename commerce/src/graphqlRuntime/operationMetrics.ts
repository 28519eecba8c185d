import { getOperationAST, Kind, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export type OperationOutcome = 'ok' | 'error';

/** What the host process learns about each executed operation, for its metrics. */
export interface OperationObserver {
  /** `operation` is the type and first root field ("query products"), never the client's operation name. */
  operation(operation: string, outcome: OperationOutcome, seconds: number): void;
  /** An order was committed. */
  orderPlaced(): void;
}

/**
 * The label is built from the schema's own field names, so it has as many values as the schema
 * has root fields: a client choosing operation names cannot blow up the metric's cardinality.
 */
export function operationLabel(document: DocumentNode, operationName?: string | null): string {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return 'unknown';
  const field = operation.selectionSet.selections.find((selection) => selection.kind === Kind.FIELD);
  return `${operation.operation} ${field?.kind === Kind.FIELD ? field.name.value : 'unknown'}`;
}

export function useOperationObserver(observer: OperationObserver): Plugin {
  return {
    onExecute({ args }) {
      const started = process.hrtime.bigint();
      const label = operationLabel(args.document as DocumentNode, args.operationName as string | null | undefined);
      return {
        onExecuteDone({ result }) {
          // Subscriptions and deferred answers are not part of this API.
          if (Symbol.asyncIterator in result) return;
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          observer.operation(label, result.errors?.length ? 'error' : 'ok', seconds);
        },
      };
    },
  };
}
