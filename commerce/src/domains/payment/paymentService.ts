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
