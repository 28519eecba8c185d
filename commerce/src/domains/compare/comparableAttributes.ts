import type { RequestContext } from '../context';
import type { CompareListView } from './compareListService';

// Which attributes a compare list shows: the SKU, then every catalog attribute (colour, size,
// material…) that at least one of its products has, in the catalog's attribute order. A
// configurable product's value is what its variants offer ("Black, Grey"), which is what a shopper
// compares. Attributes none of the products has would be empty rows, so they are left out.

export interface Comparison {
  attributes: Array<{ code: string; label: string }>;
  valuesOf(productId: number): Array<{ code: string; value: string }>;
}

const SKU_LABEL: Record<string, string> = { fr_FR: 'Référence' };

const comparisons = new WeakMap<CompareListView, Promise<Comparison>>();

/** The list's attributes and each product's values, worked out once per list and request. */
export function comparisonOf(view: CompareListView, context: RequestContext): Promise<Comparison> {
  let comparison = comparisons.get(view);
  if (!comparison) {
    comparison = compare(view, context);
    comparisons.set(view, comparison);
  }
  return comparison;
}

async function compare(view: CompareListView, context: RequestContext): Promise<Comparison> {
  const { loaders } = context;
  const values = new Map<number, Map<string, string[]>>();
  const attributes = new Map<string, { label: string; position: number }>();
  for (const product of view.products) {
    const variants = product.type === 'configurable' ? await loaders.variants.load(product.id) : [];
    const options = (
      await Promise.all([product.id, ...variants.map((v) => v.id)].map((id) => loaders.attributeOptions.load(id)))
    )
      .flat()
      .sort((a, b) => a.attribute_position - b.attribute_position || a.position - b.position);
    const byCode = new Map<string, string[]>();
    for (const option of options) {
      const labels = byCode.get(option.attribute_code) ?? [];
      if (!labels.includes(option.label)) labels.push(option.label);
      byCode.set(option.attribute_code, labels);
      if (!attributes.has(option.attribute_code))
        attributes.set(option.attribute_code, { label: option.attribute_label, position: option.attribute_position });
    }
    values.set(product.id, byCode);
  }
  const ordered = [...attributes.entries()]
    .sort(([a, x], [b, y]) => x.position - y.position || a.localeCompare(b))
    .map(([code, { label }]) => ({ code, label }));
  const skus = new Map(view.products.map((p) => [p.id, p.sku]));
  return {
    attributes: [{ code: 'sku', label: SKU_LABEL[context.store.locale] ?? 'SKU' }, ...ordered],
    valuesOf: (productId) => [
      { code: 'sku', value: skus.get(productId) ?? '' },
      ...ordered.map(({ code }) => ({ code, value: (values.get(productId)?.get(code) ?? []).join(', ') })),
    ],
  };
}
