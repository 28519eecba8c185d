import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_DRAFT_KEY, clearDraft, emptyDraft, loadDraft, parseDraft, saveDraft } from './checkoutDraft';

describe('the checkout draft in sessionStorage', () => {
  afterEach(() => window.sessionStorage.clear());

  it('survives a reload: what was saved is read back', () => {
    const draft = { ...emptyDraft(), email: 'ada@example.com', billingSameAsShipping: false, paymentMethod: 'checkmo' };
    draft.shipping.city = 'Berlin';
    saveDraft(draft);
    expect(loadDraft()).toEqual(draft);
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it('keeps only known fields, so card data or junk never come back', () => {
    window.sessionStorage.setItem(
      CHECKOUT_DRAFT_KEY,
      JSON.stringify({
        email: 'a@b.co',
        cardNumber: '4111111111111111',
        shipping: { city: 'Paris', cvv: '123', postcode: 42 },
        paymentMethod: 'checkmo',
      }),
    );
    const draft = loadDraft();
    expect(draft).not.toBeNull();
    expect(JSON.stringify(draft)).not.toContain('4111');
    expect(JSON.stringify(draft)).not.toContain('cvv');
    expect(draft?.shipping.city).toBe('Paris');
    expect(draft?.shipping.postcode).toBe('');
    expect(draft?.billingSameAsShipping).toBe(true);
  });

  it('ignores an unreadable entry', () => {
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft(null)).toBeNull();
  });
});
