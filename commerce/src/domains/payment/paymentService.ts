import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readStoreConfigValues } from '../../kernel/storeConfig';

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

/**
 * Methods paid through a card gateway. One is offered only while this shop's processes have its
 * keys (the server's environment): `onlinePaymentAvailableKey` records that at start-up, so every
 * process and every cache reads it from the database like any other payment switch.
 */
export const ONLINE_METHODS: readonly PaymentMethod[] = [
  { code: 'stripe_payments', title: 'Pay by Card' },
  { code: 'braintree', title: 'Credit Card (Braintree)' },
  // A card the signed-in customer kept (the vault), paid through Braintree.
  { code: 'braintree_cc_vault', title: 'Stored Cards (Braintree)' },
  // Wallets through Braintree: a card from Apple Pay or Google Pay, paid with its nonce like a typed card.
  { code: 'braintree_applepay', title: 'Apple Pay' },
  { code: 'braintree_googlepay', title: 'Google Pay' },
];

/** Stripe's method code, as Stripe's module for Adobe Commerce names it. */
export const STRIPE_METHOD_CODE = 'stripe_payments';

/** Braintree's method codes, as Magento's Braintree module names them: a new card, and a kept one. */
export const BRAINTREE_METHOD_CODE = 'braintree';
export const BRAINTREE_VAULT_METHOD_CODE = 'braintree_cc_vault';
/** The wallets through Braintree, as the module names them; their nonce comes in `braintree`. */
export const BRAINTREE_APPLE_PAY_CODE = 'braintree_applepay';
export const BRAINTREE_GOOGLE_PAY_CODE = 'braintree_googlepay';
export const BRAINTREE_WALLET_CODES: ReadonlySet<string> = new Set([
  BRAINTREE_APPLE_PAY_CODE,
  BRAINTREE_GOOGLE_PAY_CODE,
]);
/** A Braintree method paid with a nonce from the browser (a typed card or a wallet's). */
export const isBraintreeNonceMethod = (code: string) => code === 'braintree' || BRAINTREE_WALLET_CODES.has(code);

/** Where start-up records that a gateway's keys are configured (store_config, '1' when they are). */
export const onlinePaymentAvailableKey = (code: string) => `payment/${code}/vela_available`;
/** Magento's path for "3-D Secure verification" of a card method ('1' required). */
export const threeDSecureKey = (code: string) => `payment/${code}/verify_3dsecure`;

/** Whether the method is paid through a gateway: its order waits for the gateway (pending_payment). */
export function isOnlinePaymentMethod(code: string): boolean {
  return ONLINE_METHODS.some((m) => m.code === code);
}

/** The methods staff can switch on and off, in the order a cart offers them. */
export const SWITCHABLE_PAYMENT_METHODS: readonly PaymentMethod[] = [...OFFLINE_METHODS, ...ONLINE_METHODS];

/** Where a method's on/off setting is stored in store_config: Magento's configuration path. */
export const paymentActiveKey = (code: string) => `payment/${code}/active`;

/**
 * Whether a method is on by the stored settings (keys as in store_config): a method without a
 * stored value is on. `free` is never switched: it is what a cart that costs nothing uses.
 */
export function isPaymentMethodActive(code: string, stored: Readonly<Record<string, string | undefined>>): boolean {
  if (code === FREE_METHOD.code) return true;
  const value = stored[paymentActiveKey(code)];
  return value === undefined || value === '1' || value === 'true';
}

/** The codes of the switchable methods that are on now (an online one only while its gateway is configured). */
export async function loadActivePaymentCodes(db: Kysely<Database>): Promise<Set<string>> {
  const stored = await readStoreConfigValues(db, [
    ...SWITCHABLE_PAYMENT_METHODS.map((m) => paymentActiveKey(m.code)),
    ...ONLINE_METHODS.map((m) => onlinePaymentAvailableKey(m.code)),
  ]);
  return new Set(
    SWITCHABLE_PAYMENT_METHODS.filter(
      (m) =>
        isPaymentMethodActive(m.code, stored) &&
        (!isOnlinePaymentMethod(m.code) || stored[onlinePaymentAvailableKey(m.code)] === '1'),
    ).map((m) => m.code),
  );
}

/**
 * A cart that costs nothing can only use `free`; any other cart cannot use it, and is offered the
 * methods that are switched on (`active`, from loadActivePaymentCodes). A kept card belongs to a
 * signed-in customer, so a guest's cart is never offered the vault (as in Magento).
 *
 * Braintree charges in its merchant account's currency, whatever amount it is sent: that is the
 * shop's base currency (one merchant account, as Magento's module has by default). A cart priced in
 * another display currency is not offered Braintree, so its total is never charged as dollars.
 */
export function availablePaymentMethods(
  grandTotal: number,
  active: ReadonlySet<string>,
  shopper: { signedIn: boolean },
  cart: { currency: string; baseCurrency: string },
): PaymentMethod[] {
  if (grandTotal === 0) return [FREE_METHOD];
  const inBaseCurrency = cart.currency === cart.baseCurrency;
  return SWITCHABLE_PAYMENT_METHODS.filter(
    (m) =>
      active.has(m.code) &&
      (shopper.signedIn || m.code !== BRAINTREE_VAULT_METHOD_CODE) &&
      (inBaseCurrency || !BRAINTREE_CODES.has(m.code)),
  );
}

const BRAINTREE_CODES: ReadonlySet<string> = new Set([
  BRAINTREE_METHOD_CODE,
  BRAINTREE_VAULT_METHOD_CODE,
  ...BRAINTREE_WALLET_CODES,
]);

export function paymentMethodTitle(code: string): string {
  return [...SWITCHABLE_PAYMENT_METHODS, FREE_METHOD].find((m) => m.code === code)?.title ?? code;
}

/** Status a new order gets, whichever method it is paid with (no method invoices automatically). */
export const NEW_ORDER_STATUS = 'pending';

/**
 * The settings of a payment method as Magento's storeConfig reports them: on unless switched off
 * in `stored` (store_config's values), offered in every country, with no order total limits; its
 * sort order is its place in the list a cart offers.
 */
export function paymentMethodSettings(
  code: string,
  stored: Readonly<Record<string, string | undefined>>,
): { enabled: boolean; title: string; sortOrder: number } | null {
  const list = code === FREE_METHOD.code ? [FREE_METHOD] : SWITCHABLE_PAYMENT_METHODS;
  const index = list.findIndex((m) => m.code === code);
  const method = list[index];
  return method ? { enabled: isPaymentMethodActive(code, stored), title: method.title, sortOrder: index + 1 } : null;
}
