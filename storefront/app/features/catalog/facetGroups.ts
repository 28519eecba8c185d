import type { Filters } from './listingParams';

interface OptionLike {
  label?: string | null;
  value: string;
  count?: number | null;
}

export interface AggregationLike {
  attribute_code: string;
  label?: string | null;
  position?: number | null;
  options?: readonly (OptionLike | null)[] | null;
}

export interface FacetOption {
  value: string;
  label: string;
  /** Products the option adds to (or keeps in) the result; null when unknown. */
  count: number | null;
  selected: boolean;
}

export interface FacetGroup {
  code: string;
  label: string;
  options: FacetOption[];
  selected: string[];
}

function byPosition(a: AggregationLike, b: AggregationLike): number {
  return (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER);
}

/**
 * The filter groups to show. `offered` (the unfiltered listing's facets) decides which groups
 * exist and their order. A group the shopper filters by takes its options from its own facet
 * query (`own`), so its other values stay choosable; every other group from the current result.
 * Selected values always stay listed, even if the API no longer returns them. A group nobody
 * filters by whose every option holds the whole result (`total`) narrows nothing (the demo's
 * sizes: 55 of 55 each) and is left out.
 */
export function facetGroups(
  offered: readonly (AggregationLike | null)[],
  current: readonly (AggregationLike | null)[],
  own: Readonly<Record<string, AggregationLike | null | undefined>>,
  filters: Filters,
  total?: number,
): FacetGroup[] {
  const offeredList = offered.filter((a): a is AggregationLike => a !== null);
  const groups: FacetGroup[] = [];
  for (const facet of [...offeredList].sort(byPosition)) {
    const code = facet.attribute_code;
    const selected = [...(filters[code] ?? [])];
    const source =
      selected.length > 0 ? (own[code] ?? facet) : (current.find((a) => a?.attribute_code === code) ?? null);
    const options: FacetOption[] = (source?.options ?? [])
      .filter((o): o is OptionLike => o !== null)
      .map((o) => ({
        value: o.value,
        label: o.label || o.value,
        count: o.count ?? null,
        selected: selected.includes(o.value),
      }));
    for (const value of selected) {
      if (options.some((o) => o.value === value)) continue;
      const known = facet.options?.find((o) => o?.value === value);
      options.push({ value, label: known?.label || value, count: null, selected: true });
    }
    if (options.length === 0) continue;
    if (selected.length === 0 && total !== undefined && options.every((o) => o.count === total)) continue;
    groups.push({ code, label: facet.label || code, options, selected });
  }
  return groups;
}

interface LayerFilterLike {
  request_var?: string | null;
  filter_items?: ReadonlyArray<{
    value_string?: string | null;
    swatch_data?: { type?: string | null; value?: string | null } | null;
  } | null> | null;
}

/** Magento's visual colour swatch (its type "1"), a hex colour; anything else is not drawn. */
const HEX_COLOUR = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/**
 * The colour swatches of the facets, by attribute code and option value, from Magento's older
 * \`filters\` shape (the only one that carries them). Image and text swatches are left out.
 */
export function facetSwatches(
  filters: ReadonlyArray<LayerFilterLike | null> | null | undefined,
): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const filter of filters ?? []) {
    const code = filter?.request_var;
    if (!code) continue;
    for (const item of filter.filter_items ?? []) {
      const swatch = item?.swatch_data;
      if (!item?.value_string || swatch?.type !== '1' || !swatch.value || !HEX_COLOUR.test(swatch.value)) continue;
      (result[code] ??= {})[item.value_string] = swatch.value;
    }
  }
  return result;
}
