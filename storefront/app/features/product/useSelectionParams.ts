import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { selectionFromParams, selectionToParams } from './selectionUrl';
import type { NormalisedOption, Selection } from './variantSelection';

/**
 * The option selection, stored in the query string so it survives reload and can be shared.
 * A change shows at once (the URL update re-runs the route's loaders, answered from cache, and
 * would otherwise lag a click behind); the URL remains the source once it has caught up.
 */
export function useSelectionParams(options: readonly NormalisedOption[]): [Selection, (next: Selection) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const fromUrl = useMemo(() => selectionFromParams(options, new URLSearchParams(search)), [options, search]);
  const [pending, setPending] = useState<Selection | null>(null);

  useEffect(() => setPending(null), [search]);

  const update = useCallback(
    (next: Selection) => {
      setPending(next);
      setParams((current) => selectionToParams(options, next, current), { replace: true, preventScrollReset: true });
    },
    [options, setParams],
  );

  return [pending ?? fromUrl, update];
}
