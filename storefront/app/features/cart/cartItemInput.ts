import type { CartItemInput } from '../../__generated__/graphql';

export interface ProductAddRequest {
  /** The product's own SKU; for a configurable product the parent's. */
  sku: string;
  quantity: number;
  /** uids of the chosen option values (a configurable's and custom options'); empty for simple products. */
  selectedOptions: readonly string[];
  /** Texts and dates entered for custom options. */
  enteredOptions?: ReadonlyArray<{ uid: string; value: string }>;
}

/** Magento's way to add a variant: the parent SKU with the chosen option value uids. */
export function cartItemInput({ sku, quantity, selectedOptions, enteredOptions }: ProductAddRequest): CartItemInput {
  const input: CartItemInput = { sku, quantity };
  if (selectedOptions.length > 0) input.selected_options = [...selectedOptions];
  if (enteredOptions && enteredOptions.length > 0) input.entered_options = enteredOptions.map((o) => ({ ...o }));
  return input;
}
