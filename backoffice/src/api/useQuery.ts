import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, request } from './client';

export interface QueryState<TData> {
  data: TData | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Asks again; the current data stays on screen meanwhile. */
  refetch: () => void;
  /** Replaces the data with a mutation's answer (the order after an action). */
  setData: (data: TData) => void;
}

/** Runs a query when mounted and whenever its variables change; stale answers are dropped. */
export function useQuery<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): QueryState<TData> {
  const key = JSON.stringify(variables ?? {});
  const [state, setState] = useState<{ data?: TData; error?: ApiError; loading: boolean; key: string }>({
    loading: true,
    key,
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true, error: undefined, key }));
    request(document, JSON.parse(key) as TVariables, controller.signal).then(
      (data) => setState({ data, loading: false, key }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((current) => ({
          ...current,
          loading: false,
          error: error instanceof ApiError ? error : new ApiError(String(error), null, 0),
        }));
      },
    );
    return () => controller.abort();
  }, [document, key, generation]);

  const refetch = useCallback(() => setGeneration((g) => g + 1), []);
  const setData = useCallback((data: TData) => setState((current) => ({ ...current, data, error: undefined })), []);
  return { data: state.data, error: state.error, loading: state.loading, refetch, setData };
}
