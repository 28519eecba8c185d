import type { SalesOrderItemTable } from '../../db/tables';

// A bundle's items as an order line bought them, kept on the line (the bundle may change or go
// later): each option's title and, for each product chosen, its name, sku, quantity in one
// bundle and what one unit of it added to the bundle's price (minor units, order currency).

export interface OrderedBundleOption {
  optionId: number;
  label: string;
  values: Array<{ selectionId: number; name: string; sku: string; qty: number; price: number }>;
}

/** What the cart line chose, as the order keeps it; null for lines that are not bundles. */
export function orderedBundleOptions(
  chosen: ReadonlyArray<{
    option: { id: number; title: string };
    values: ReadonlyArray<{
      selection: { id: number; product: { name: string; sku: string } };
      qty: number;
      unitPrice: number;
    }>;
  }>,
): string | null {
  if (chosen.length === 0) return null;
  const kept: OrderedBundleOption[] = chosen.map((c) => ({
    optionId: c.option.id,
    label: c.option.title,
    values: c.values.map((v) => ({
      selectionId: v.selection.id,
      name: v.selection.product.name,
      sku: v.selection.product.sku,
      qty: v.qty,
      price: v.unitPrice,
    })),
  }));
  return JSON.stringify(kept);
}

export function bundleOptionsOf(item: Pick<SalesOrderItemTable, 'bundle_options'>): OrderedBundleOption[] {
  return item.bundle_options ? (JSON.parse(item.bundle_options) as OrderedBundleOption[]) : [];
}

/** A bundle's items as `label: value` pairs for mail and documents: "Option: 2 x Product". */
export function bundleOptionPairs(
  item: Pick<SalesOrderItemTable, 'bundle_options'>,
): Array<{ label: string; value: string }> {
  return bundleOptionsOf(item).map((o) => ({
    label: o.label,
    value: o.values.map((v) => `${v.qty} x ${v.name}`).join(', '),
  }));
}
