// A card payment waiting for its 3-D Secure step, remembered in this browser so a shopper who closed
// the tab (or reloaded) mid-challenge meets the order again: the order is placed and waits in
// pending_payment, its cart closed. placeOrder on that cart answers the same next action again
// (never a second order), so "Finish paying" is: placeOrder, Stripe.js's handleNextAction, placeOrder.

export const PENDING_CARD_PAYMENT_KEY = 'vela.checkout.pendingCardPayment';

/** Stripe's own expiry of an unfinished payment is far longer; the shop cancels its order after an hour. */
const KEEP_MS = 2 * 60 * 60 * 1000;

export interface PendingCardPayment {
  cartId: string;
  /** What Stripe.js is set up with for the challenge. */
  apiKey: string;
  locale: string;
  /** When the challenge was first asked, ms since 1970. */
  at: number;
}

export function savePendingCardPayment(pending: PendingCardPayment): void {
  try {
    window.localStorage.setItem(PENDING_CARD_PAYMENT_KEY, JSON.stringify(pending));
  } catch {
    // Without storage the order still expires and its cart comes back; only the shortcut is lost.
  }
}

export function clearPendingCardPayment(): void {
  try {
    window.localStorage.removeItem(PENDING_CARD_PAYMENT_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The payment waiting in this browser; null when none, unreadable, or too old to finish. */
export function loadPendingCardPayment(now = Date.now()): PendingCardPayment | null {
  let value: unknown;
  try {
    value = JSON.parse(window.localStorage.getItem(PENDING_CARD_PAYMENT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { cartId, apiKey, locale, at } = value as Record<string, unknown>;
  if (typeof cartId !== 'string' || !cartId || typeof apiKey !== 'string' || !/^pk_(test|live)_/.test(apiKey))
    return null;
  if (typeof at !== 'number' || now - at > KEEP_MS) {
    clearPendingCardPayment();
    return null;
  }
  return { cartId, apiKey, locale: typeof locale === 'string' ? locale : 'auto', at };
}
