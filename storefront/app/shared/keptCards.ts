// A card a signed-in customer kept (Magento's vault, `customerPaymentTokens`), as they recognise it.
// Shared by the checkout's payment step and the account's saved payment methods.

// Magento's short card-type codes, as the vault's `details` carry them.
const CARD_BRANDS: Record<string, string> = {
  VI: 'Visa',
  MC: 'Mastercard',
  AE: 'American Express',
  DI: 'Discover',
  JCB: 'JCB',
  DN: 'Diners Club',
  MI: 'Maestro',
  UPD: 'UnionPay',
};

export interface KeptCard {
  publicHash: string;
  brand: string;
  last4: string;
  /** MM/YYYY */
  expires: string;
}

/**
 * A kept card as the customer recognises it, from customerPaymentTokens' `details` JSON; null when
 * it is not a card or its details are unreadable (it is then not offered).
 */
export function readKeptCard(token: {
  public_hash: string;
  details?: string | null;
  type?: string | null;
}): KeptCard | null {
  if (token.type && token.type !== 'card') return null;
  let details: unknown;
  try {
    details = JSON.parse(token.details ?? '');
  } catch {
    return null;
  }
  if (typeof details !== 'object' || details === null) return null;
  const { type, maskedCC, expirationDate } = details as Record<string, unknown>;
  if (typeof maskedCC !== 'string' || !/^\d{4}$/.test(maskedCC)) return null;
  return {
    publicHash: token.public_hash,
    brand: (typeof type === 'string' && CARD_BRANDS[type]) || (typeof type === 'string' ? type : ''),
    last4: maskedCC,
    expires: typeof expirationDate === 'string' ? expirationDate : '',
  };
}
