import { type AddressDraft, emptyAddress } from '../../shared/address';

/**
 * What the shopper typed, kept in sessionStorage so a reload or a dropped connection loses
 * nothing. Payment data never goes in here: only the code of the chosen method.
 */
export interface CheckoutDraft {
  email: string;
  shipping: AddressDraft;
  billing: AddressDraft;
  billingSameAsShipping: boolean;
  /** `carrier_code|method_code` */
  shippingMethod: string;
  paymentMethod: string;
}

export const CHECKOUT_DRAFT_KEY = 'vela.checkout.draft';

export function emptyDraft(): CheckoutDraft {
  return {
    email: '',
    shipping: emptyAddress(),
    billing: emptyAddress(),
    billingSameAsShipping: true,
    shippingMethod: '',
    paymentMethod: '',
  };
}

function session(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function readAddress(value: unknown): AddressDraft {
  const source = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const address = emptyAddress();
  for (const key of Object.keys(address) as Array<keyof AddressDraft>) {
    if (typeof source[key] === 'string') address[key] = source[key];
  }
  return address;
}

/** Only known fields with the right types survive, so an old or tampered entry cannot break the form. */
export function parseDraft(json: string | null): CheckoutDraft | null {
  if (!json) return null;
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    if (typeof raw !== 'object' || raw === null) return null;
    return {
      email: str(raw.email),
      shipping: readAddress(raw.shipping),
      billing: readAddress(raw.billing),
      billingSameAsShipping: raw.billingSameAsShipping !== false,
      shippingMethod: str(raw.shippingMethod),
      paymentMethod: str(raw.paymentMethod),
    };
  } catch {
    return null;
  }
}

export function loadDraft(): CheckoutDraft | null {
  return parseDraft(session()?.getItem(CHECKOUT_DRAFT_KEY) ?? null);
}

export function saveDraft(draft: CheckoutDraft): void {
  try {
    session()?.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only costs the reload comfort.
  }
}

export function clearDraft(): void {
  session()?.removeItem(CHECKOUT_DRAFT_KEY);
}
