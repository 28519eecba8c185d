import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import type { SearchSuggestionsQuery as SuggestionsResult } from '../../__generated__/graphql';
import { describeError, isAbortError } from '../../data/errors';
import { canSuggest } from './comboboxState';
import { SearchSuggestionsQuery } from './searchSuggestionsQuery';

export const SUGGESTION_COUNT = 5;
export const SUGGESTION_DELAY_MS = 250;

export type SuggestionItem = NonNullable<NonNullable<NonNullable<SuggestionsResult['products']>['items']>[number]>;

export interface Suggestions {
  /** The text these results belong to. */
  term: string;
  status: 'idle' | 'loading' | 'done' | 'error';
  items: SuggestionItem[];
  /** Corrected texts for mistyped words ("Did you mean …"), at most a few. */
  corrections: string[];
  total: number;
  error: string | null;
}

const IDLE: Suggestions = { term: '', status: 'idle', items: [], corrections: [], total: 0, error: null };
const MAX_CORRECTIONS = 2;

/**
 * Product suggestions for the typed text: waits until typing pauses, and cancels the request
 * of older text so a slow answer can never replace a newer one.
 */
export function useSearchSuggestions(text: string): Suggestions {
  const client = useApolloClient();
  const [result, setResult] = useState<Suggestions>(IDLE);
  const term = text.trim();

  useEffect(() => {
    if (!canSuggest(term)) {
      setResult(IDLE);
      return;
    }
    const controller = new AbortController();
    setResult((previous) => ({ ...previous, term, status: 'loading', error: null }));
    const timer = setTimeout(() => {
      client
        .query({
          query: SearchSuggestionsQuery,
          variables: { search: term, pageSize: SUGGESTION_COUNT },
          context: { fetchOptions: { signal: controller.signal } },
        })
        .then(({ data }) => {
          if (controller.signal.aborted) return;
          const items = (data?.products?.items ?? []).filter((item) => item !== null);
          const corrections = (data?.products?.suggestions ?? [])
            .flatMap((suggestion) => (suggestion?.search.trim() ? [suggestion.search.trim()] : []))
            .filter((text) => text.toLowerCase() !== term.toLowerCase())
            .slice(0, MAX_CORRECTIONS);
          setResult({
            term,
            status: 'done',
            items,
            corrections,
            total: data?.products?.total_count ?? items.length,
            error: null,
          });
        })
        .catch((error: unknown) => {
          if (isAbortError(error, controller.signal)) return;
          setResult({ ...IDLE, term, status: 'error', error: describeError(error).message });
        });
    }, SUGGESTION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, term]);

  return result;
}
