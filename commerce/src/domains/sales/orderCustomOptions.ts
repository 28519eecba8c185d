import { bundleOptionPairs } from './orderBundleOptions';
import type { SalesOrderItemTable } from '../../db/tables';

// The custom options an order line was bought with, kept on the line as they read when ordered
// (the product's options may change or go later). Picked values are Magento's `selected_options`
// of an order item, text and dates its `entered_options`.

export interface OrderedCustomOption {
  label: string;
  value: string;
  kind: 'selected' | 'entered';
}

/** What the cart line chose, as the order keeps it; null without custom options. */
export function orderedCustomOptions(
  chosen: ReadonlyArray<{
    option: { title: string; type: string };
    values: ReadonlyArray<{ value: { title: string } | null; text: string }>;
  }>,
): string | null {
  if (chosen.length === 0) return null;
  const kept: OrderedCustomOption[] = chosen.map((c) => ({
    label: c.option.title,
    value: c.values.map((v) => v.value?.title ?? v.text).join(', '),
    kind: c.values.some((v) => v.value !== null) ? 'selected' : 'entered',
  }));
  return JSON.stringify(kept);
}

export function customOptionsOf(item: Pick<SalesOrderItemTable, 'custom_options'>): OrderedCustomOption[] {
  return item.custom_options ? (JSON.parse(item.custom_options) as OrderedCustomOption[]) : [];
}

/** Every option of the line as `label: value` pairs: a configurable's choices, then custom options. */
export function lineOptionPairs(
  item: Pick<SalesOrderItemTable, 'options' | 'custom_options' | 'bundle_options'>,
): Array<{
  label: string;
  value: string;
}> {
  return [
    ...(JSON.parse(item.options) as Array<{ label: string; value: string }>),
    ...bundleOptionPairs(item),
    ...customOptionsOf(item).map(({ label, value }) => ({ label, value })),
  ];
}
