import type { NormalisedOption, Selection } from './variantSelection';

// The selection lives in the query string as `?color=Navy&size=M`: attribute code → value label.
// Labels keep shared links readable; matching ignores case and surrounding spaces, so hand-typed
// links work too. Unknown codes or values are ignored rather than failing the page.

function sameLabel(a: string, b: string): boolean {
  return a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;
}

export function selectionFromParams(options: readonly NormalisedOption[], params: URLSearchParams): Selection {
  const selection: Record<string, string> = {};
  for (const option of options) {
    const wanted = params.get(option.code);
    if (!wanted) continue;
    const value = option.values.find((candidate) => sameLabel(candidate.label, wanted));
    if (value) selection[option.code] = value.uid;
  }
  return selection;
}

/** `params` with the option keys rewritten for `selection`; every other parameter is kept. */
export function selectionToParams(
  options: readonly NormalisedOption[],
  selection: Selection,
  params: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const option of options) {
    const label = option.values.find((value) => value.uid === selection[option.code])?.label;
    if (label) next.set(option.code, label);
    else next.delete(option.code);
  }
  return next;
}
