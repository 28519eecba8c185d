import { graphql } from '../__generated__/gql';

// Money as the storefront handles it: Magento's `Money` as selected (every field may be null), and
// the complete value a renderer needs. Amounts are always the server's; nothing here computes a price.

/** The one selection of Magento's `Money` in every document: `...MoneyAmount`. */
export const MoneyAmountFragment = graphql(`
  fragment MoneyAmount on Money {
    value
    currency
  }
`);

/** Magento's `Money` as a query returns it (the MoneyAmount fragment; every field may be null). */
export interface MoneyFields {
  value?: number | null;
  currency?: string | null;
}

/** A complete amount, ready to show with @vela/ui/Price. */
export interface MoneyValue {
  value: number;
  currency: string;
}

/** The amount when it is complete and a finite number; null otherwise. */
export function moneyValue(money: MoneyFields | null | undefined): MoneyValue | null {
  if (!money || typeof money.value !== 'number' || !Number.isFinite(money.value) || !money.currency) return null;
  return { value: money.value, currency: money.currency };
}
