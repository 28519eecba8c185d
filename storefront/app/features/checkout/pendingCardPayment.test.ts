import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPendingCardPayment,
  loadPendingCardPayment,
  PENDING_CARD_PAYMENT_KEY,
  savePendingCardPayment,
} from './pendingCardPayment';

afterEach(() => window.localStorage.clear());

describe('a card payment waiting for its 3-D Secure step', () => {
  const pending = { cartId: 'cart123', apiKey: 'pk_test_abc', locale: 'fr', at: 1_000_000 };

  it('is remembered in this browser until it is answered', () => {
    savePendingCardPayment(pending);
    expect(loadPendingCardPayment(1_000_000 + 60_000)).toEqual(pending);
    clearPendingCardPayment();
    expect(loadPendingCardPayment(1_000_000)).toBeNull();
  });

  it('is forgotten once the shop has canceled the order (after two hours)', () => {
    savePendingCardPayment(pending);
    expect(loadPendingCardPayment(1_000_000 + 2 * 60 * 60 * 1000 + 1)).toBeNull();
    expect(window.localStorage.getItem(PENDING_CARD_PAYMENT_KEY)).toBeNull();
  });

  it('reads nothing it does not trust', () => {
    for (const stored of ['{', 'null', '{"cartId":"c","apiKey":"sk_live_x","at":1}', '{"apiKey":"pk_test_x","at":1}']) {
      window.localStorage.setItem(PENDING_CARD_PAYMENT_KEY, stored);
      expect(loadPendingCardPayment(1)).toBeNull();
    }
  });
});
