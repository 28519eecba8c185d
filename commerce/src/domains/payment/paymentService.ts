export interface PaymentMethod {
  code: string;
  title: string;
}

// Offline methods only: nothing leaves the server, the merchant collects the money later.
const OFFLINE_METHODS: readonly PaymentMethod[] = [
  { code: 'checkmo', title: 'Check / Money order' },
  { code: 'banktransfer', title: 'Bank Transfer Payment' },
  { code: 'cashondelivery', title: 'Cash On Delivery' },
];

const FREE_METHOD: PaymentMethod = { code: 'free', title: 'No Payment Information Required' };

/** A cart that costs nothing can only use `free`; any other cart cannot use it. */
export function availablePaymentMethods(grandTotal: number): PaymentMethod[] {
  return grandTotal === 0 ? [FREE_METHOD] : [...OFFLINE_METHODS];
}

export function paymentMethodTitle(code: string): string {
  return [...OFFLINE_METHODS, FREE_METHOD].find((m) => m.code === code)?.title ?? code;
}

/** Status a new order gets, whichever method it is paid with (no method invoices automatically). */
export const NEW_ORDER_STATUS = 'pending';

/**
 * The settings of a payment method as Magento's storeConfig reports them: every method here is
 * on, offered in every country, with no order total limits; its sort order is its place in the
 * list a cart offers.
 */
export function paymentMethodSettings(code: string): { enabled: boolean; title: string; sortOrder: number } | null {
  const list = code === FREE_METHOD.code ? [FREE_METHOD] : OFFLINE_METHODS;
  const index = list.findIndex((m) => m.code === code);
  const method = list[index];
  return method ? { enabled: true, title: method.title, sortOrder: index + 1 } : null;
}
