import { describe, expect, it } from 'vitest';
import { readStripeSavedCard, stripeSavedCardChoice, stripeSavedCardId } from './stripeSavedCards';

describe('saved Stripe cards at the payment step', () => {
  it('names a saved card choice by its payment method id, and reads nothing else as one', () => {
    const choice = stripeSavedCardChoice('pm_1AbC');
    expect(stripeSavedCardId(choice)).toBe('pm_1AbC');
    expect(stripeSavedCardId('stripe_payments')).toBeNull();
    expect(stripeSavedCardId('stripe_payments:saved:')).toBeNull();
    expect(stripeSavedCardId('stripe_payments:saved:pm_x"}')).toBeNull();
    expect(stripeSavedCardId('braintree_cc_vault:abc')).toBeNull();
  });

  it('reads a saved card as the customer knows it', () => {
    expect(
      readStripeSavedCard({
        id: 'pm_1',
        type: 'card',
        brand: 'visa',
        label: 'Visa •••• 4242',
        exp_month: 3,
        exp_year: 2031,
      }),
    ).toEqual({ id: 'pm_1', brand: 'Visa', last4: '4242', expires: '03/2031' });
    expect(readStripeSavedCard({ id: 'pm_1', type: 'sepa_debit', label: 'x 1234' })).toBeNull();
    expect(readStripeSavedCard({ id: 'card_1', label: 'Visa •••• 4242' })).toBeNull();
    expect(readStripeSavedCard({ id: 'pm_1', brand: 'visa', label: 'Visa' })).toBeNull();
  });
});
