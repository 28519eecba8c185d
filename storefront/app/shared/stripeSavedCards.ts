// Shared by the checkout's payment step and the account's saved payment methods.
// A signed-in customer's saved Stripe cards at the payment step, in Stripe's module's dialect
// (listStripePaymentMethods; a saved card is paid with by its `pm_…` id in stripe_payments). Each
// saved card is a payment choice of its own, named as the customer knows it.

const SAVED_PREFIX = 'stripe_payments:saved:';

export const stripeSavedCardChoice = (paymentMethodId: string) => `${SAVED_PREFIX}${paymentMethodId}`;

/** The saved card's `pm_…` id of a choice, else null. */
export function stripeSavedCardId(choice: string): string | null {
  const id = choice.startsWith(SAVED_PREFIX) ? choice.slice(SAVED_PREFIX.length) : '';
  return /^pm_[A-Za-z0-9_]+$/.test(id) ? id : null;
}

export interface StripeSavedCard {
  id: string;
  brand: string;
  last4: string;
  /** MM/YYYY, or '' when Stripe did not say. */
  expires: string;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

/** A saved card as listStripePaymentMethods answers it; null when it is not a readable card. */
export function readStripeSavedCard(method: {
  id?: string | null;
  type?: string | null;
  brand?: string | null;
  label?: string | null;
  exp_month?: number | null;
  exp_year?: number | null;
}): StripeSavedCard | null {
  if (!method.id || !/^pm_[A-Za-z0-9_]+$/.test(method.id) || (method.type && method.type !== 'card')) return null;
  const last4 = /(\d{4})\s*$/.exec(method.label ?? '')?.[1];
  if (!last4) return null;
  const brand = method.brand ?? '';
  const month = method.exp_month ?? 0;
  return {
    id: method.id,
    brand: BRANDS[brand] ?? brand,
    last4,
    expires: month >= 1 && month <= 12 && method.exp_year ? `${String(month).padStart(2, '0')}/${method.exp_year}` : '',
  };
}
