import type { CartEditOptionsQuery } from '../../__generated__/graphql';

type Item = NonNullable<NonNullable<NonNullable<CartEditOptionsQuery['products']>['items']>[number]>;

export interface EditableOption {
  code: string;
  label: string;
  values: { uid: string; label: string }[];
}

export interface EditableVariant {
  /** Value uid per option code. */
  attributes: Record<string, string>;
  inStock: boolean;
}

export interface EditableProduct {
  options: EditableOption[];
  variants: EditableVariant[];
}

/** The configurable options and variants of the product behind a cart line, or null for other products. */
export function editableProduct(item: Item | null | undefined): EditableProduct | null {
  if (!item || item.__typename !== 'ConfigurableProduct') return null;
  const options = [...(item.configurable_options ?? [])]
    .filter((option) => option?.attribute_code)
    .sort((a, b) => (a?.position ?? 0) - (b?.position ?? 0))
    .map((option) => ({
      code: option?.attribute_code ?? '',
      label: option?.label ?? '',
      values: (option?.values ?? []).flatMap((value) =>
        value?.uid ? [{ uid: value.uid, label: value.label ?? '' }] : [],
      ),
    }));
  const variants = (item.variants ?? []).flatMap((variant) => {
    if (!variant) return [];
    const attributes: Record<string, string> = {};
    for (const attribute of variant.attributes ?? [])
      if (attribute?.code && attribute.uid) attributes[attribute.code] = attribute.uid;
    return [{ attributes, inStock: variant.product?.stock_status === 'IN_STOCK' }];
  });
  return { options, variants };
}

/** The line's current choice as value uid per option code (matched by value uid, which is unique per value). */
export function initialSelection(product: EditableProduct, chosenValueUids: readonly string[]): Record<string, string> {
  const selection: Record<string, string> = {};
  for (const option of product.options) {
    const value = option.values.find((v) => chosenValueUids.includes(v.uid));
    if (value) selection[option.code] = value.uid;
  }
  return selection;
}

export type SelectionState = 'incomplete' | 'unavailable' | 'outOfStock' | 'available';

/** Whether the chosen combination exists and can be bought. */
export function selectionState(product: EditableProduct, selection: Record<string, string>): SelectionState {
  if (product.options.some((option) => !selection[option.code])) return 'incomplete';
  const variant = product.variants.find((v) =>
    product.options.every((option) => v.attributes[option.code] === selection[option.code]),
  );
  if (!variant) return 'unavailable';
  return variant.inStock ? 'available' : 'outOfStock';
}

/** The value uids in option order, for `selected_options`. */
export function selectedValueUids(product: EditableProduct, selection: Record<string, string>): string[] {
  return product.options.flatMap((option) => (selection[option.code] ? [selection[option.code] ?? ''] : []));
}
