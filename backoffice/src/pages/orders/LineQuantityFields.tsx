import { useId } from 'react';
import { Field } from '@vela/ui/Field';
import { useT } from '../../common/useT';
import { f } from './fulfilmentMessages';
import type { Order } from './useOrderActions';

// Per-line quantities for an invoice or a parcel: one number field per line with something left,
// labelled with the product's name and SKU, filled with what is left (Magento's default).

type Item = Order['items'][number];
export type Quantities = Record<number, string>;

/** The quantities a form starts with: everything left on every line. */
export function allLeft(items: readonly Item[], left: (item: Item) => number): Quantities {
  return Object.fromEntries(items.filter((i) => left(i) > 0).map((i) => [i.line, String(left(i))]));
}

/**
 * The lines to send, checked as the server checks them; null means everything left (so the
 * request says "the rest", as the server reads an omitted list). A string is the first problem.
 */
export function chosenLines(
  items: readonly Item[],
  quantities: Quantities,
  left: (item: Item) => number,
  t: ReturnType<typeof useT>,
): { lines: Array<{ line: number; quantity: number }> | null } | { error: string } {
  const lines: Array<{ line: number; quantity: number }> = [];
  let everything = true;
  for (const item of items.filter((i) => left(i) > 0)) {
    const raw = quantities[item.line]?.trim() ?? '';
    const quantity = raw === '' ? 0 : Number(raw);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > left(item))
      return { error: t(f.quantityInvalid, { name: item.name, left: left(item) }) };
    if (quantity !== left(item)) everything = false;
    if (quantity > 0) lines.push({ line: item.line, quantity });
  }
  if (lines.length === 0) return { error: t(f.nothingChosen) };
  return { lines: everything ? null : lines };
}

export function LineQuantityFields({
  items,
  left,
  legend,
  quantities,
  onChange,
}: {
  items: readonly Item[];
  left: (item: Item) => number;
  legend: string;
  quantities: Quantities;
  onChange: (quantities: Quantities) => void;
}) {
  const t = useT();
  const ids = useId();
  return (
    <fieldset className="bo-fieldset">
      <legend>{legend}</legend>
      {items
        .filter((item) => left(item) > 0)
        .map((item) => (
          <Field
            key={item.line}
            id={`${ids}-line-${item.line}`}
            label={`${item.name} (${item.sku})`}
            hint={t(f.lineHint, { left: left(item), ordered: item.quantityOrdered })}
            type="number"
            inputMode="numeric"
            min={0}
            max={left(item)}
            step={1}
            value={quantities[item.line] ?? ''}
            onChange={(event) => onChange({ ...quantities, [item.line]: event.target.value })}
          />
        ))}
    </fieldset>
  );
}
