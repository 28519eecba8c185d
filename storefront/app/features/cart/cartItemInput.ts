import type { CartItemInput } from '../../__generated__/graphql';

export interface ProductAddRequest {
  /** The product's own SKU; for a configurable product the parent's. */
  sku: string;
  quantity: number;
  /** uids of the chosen configurable option values; empty for simple products. */
  selectedOptions: readonly string[];
}

/** Magento's way to add a variant: the parent SKU with the chosen option value uids. */
export function cartItemInput({ sku, quantity, selectedOptions }: ProductAddRequest): CartItemInput {
  const input: CartItemInput = { sku, quantity };
  if (selectedOptions.length > 0) input.selected_options = [...selectedOptions];
  return input;
}
