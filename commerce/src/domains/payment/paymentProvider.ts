// The seam between the shop and a card gateway (Stripe and Braintree): what a
// gateway's service offers. A provider only speaks to its gateway and translates: it keeps no
// state, writes nothing and knows no order table. What happens to an order is decided in sales
// (orderPayments.ts, orderPaymentAdmin.ts, paymentWebhooks.ts), in the database's transactions; a
// provider is called between them.
//
// Rules every provider follows:
// - Amounts are minor units of the currency (what `kernel/money.ts` stores), computed by the shop
//   from the order. A provider never takes an amount from a shopper.
// - Every call that changes something at the gateway carries the idempotency key it is given, so a
//   retried call (a lost answer, two processes at once) cannot authorise, capture or refund twice.
// - Card data never reaches the shop: the shopper's browser hands the gateway's script the card and
//   the shop receives a token (`PaymentStart.token`).

/** An amount in minor units and its ISO 4217 code, upper case. */
export interface MinorAmount {
  minor: number;
  currency: string;
}

/**
 * Where a payment stands at the gateway, in the shop's words:
 * - `requires_payment_method`: no usable card (declined, or the challenge failed); a new token can retry.
 * - `requires_action`: the shopper must finish a step in the browser (3-D Secure) with `clientSecret`.
 * - `processing`: the gateway has not decided yet.
 * - `authorized`: the money is held and can be captured (or voided).
 * - `captured`: the money is taken.
 * - `canceled`: the payment is void; nothing will be taken.
 */
export type GatewayPaymentStatus =
  'requires_payment_method' | 'requires_action' | 'processing' | 'authorized' | 'captured' | 'canceled';

export interface GatewayPayment {
  /** The gateway's id of the payment (a Stripe PaymentIntent id). */
  id: string;
  status: GatewayPaymentStatus;
  /** What the payment is for, as the gateway holds it. */
  amount: MinorAmount;
  /** Held and not yet captured. */
  capturable: number;
  /** Taken so far. */
  received: number;
  /** What the browser needs to finish a next action; null when there is none. */
  clientSecret: string | null;
  /** The shop's order number the payment was started for, as the gateway stored it. */
  orderNumber: string | null;
  /** Why the last attempt failed, when it did. */
  failure: PaymentFailure | null;
  /** The card the gateway kept for the customer with this payment (savePaymentMethod), when it kept one. */
  keptMethod?: KeptPaymentMethod | null;
}

/** A card kept at the gateway: its reusable token and what the customer recognises it by. */
export interface KeptPaymentMethod {
  /** The gateway's reusable token: stored by the shop, never shown. */
  token: string;
  /** Magento's short card type: VI, MC, AE, DI, JCB, DN, MI, UN; OT for any other. */
  type: string;
  /** The last four digits. */
  maskedCC: string;
  /** MM/YYYY. */
  expirationDate: string;
}

export interface PaymentFailure {
  /** The gateway's code (`card_declined`, `expired_card`, …). */
  code: string;
  /** The issuer's reason, when the gateway gives one (`insufficient_funds`, …). */
  declineCode: string | null;
  /** A message that may be shown to the shopper. */
  message: string;
}

/** The gateway refused the request itself (a declined card): the payment did not happen. */
export class PaymentDeclined extends Error {
  constructor(
    readonly failure: PaymentFailure,
    /** The payment the gateway made for the refused attempt, when it made one. */
    readonly paymentId: string | null,
  ) {
    super(failure.message);
  }
}

/** The webhook's signature, age or body is not acceptable: nothing may be read from it. */
export class WebhookRejected extends Error {}

export interface PaymentStart {
  /** The shop's order number, stored with the payment at the gateway. */
  orderNumber: string;
  /** The order's grand total, computed by the shop. */
  amount: MinorAmount;
  /** The gateway's token for the shopper's payment method (`pm_…`). */
  token: string;
  /** Hold the money now and take it later (back office capture), or take it at once. */
  captureLater: boolean;
  /** Keep the card for the signed-in customer's next order (when the provider supports it). */
  savePaymentMethod: boolean;
  /**
   * The gateway's customer the payment is made for (a Stripe Customer, `cus_…`): the holder of the
   * saved card it pays with, or the one the card is saved to. Absent for a guest's one-off card.
   */
  gatewayCustomer?: string | null;
  /** The order + operation + attempt key (see idempotencyKey). */
  idempotencyKey: string;
  /** The fraud tools' data the gateway's script collected in the browser, when it sent some. */
  deviceData?: string | null;
  /**
   * The store requires 3-D Secure (Magento's `payment/<code>/verify_3dsecure`): a payment whose
   * liability did not shift to the card issuer is refused (PaymentDeclined) and nothing is held.
   * Providers that run 3-D Secure by their own rules (Stripe, through its next action) ignore it.
   */
  threeDSecureRequired?: boolean;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: MinorAmount;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
}

/** A gateway's notification, verified and reduced to what the shop acts on. */
export type PaymentEvent =
  | {
      id: string;
      type: 'payment';
      gatewayType: string;
      payment: GatewayPayment;
      /**
       * The methods whose orders the payment may belong to, when one gateway account serves several
       * (Braintree: a new card and a kept one); the endpoint's own method when absent.
       */
      methods?: readonly string[];
    }
  /** The payment's refunds now add up to `refunded` (made by the shop or in the gateway's dashboard). */
  | { id: string; type: 'refunded'; gatewayType: string; paymentId: string; refunded: MinorAmount }
  | { id: string; type: 'ignored'; gatewayType: string };

export interface PaymentProvider {
  /** The payment method code carts and orders use (`stripe_payments`). */
  readonly code: string;
  /** Creates the payment and asks the gateway to authorise it with the shopper's token. */
  start(request: PaymentStart): Promise<GatewayPayment>;
  /** The payment as the gateway holds it now. */
  retrieve(paymentId: string): Promise<GatewayPayment>;
  /** Takes `amount` of an authorised payment (at most what is held). */
  capture(paymentId: string, amount: MinorAmount, idempotencyKey: string): Promise<GatewayPayment>;
  /** Releases an authorisation: nothing will be taken. */
  void(paymentId: string, idempotencyKey: string): Promise<GatewayPayment>;
  /** Gives `amount` of a captured payment back. */
  refund(paymentId: string, amount: MinorAmount, idempotencyKey: string): Promise<GatewayRefund>;
  /**
   * Checks a webhook's signature (and age, where the gateway signs one) against the raw body
   * exactly as received, and parses it; rejects with WebhookRejected when either is wrong.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>;
  /** A token the gateway's browser SDK is initialised with (Braintree's client token). */
  clientToken?(): Promise<string>;
  /** Forgets a kept card at the gateway; one the gateway no longer knows is forgotten already. */
  forgetPaymentMethod?(token: string): Promise<void>;
}

/**
 * The key a gateway call is sent with: the same operation on the same order and attempt always
 * gets the same key, so repeating it (a retry after a lost answer, a second process) is answered
 * with the first result instead of being done twice.
 */
export function idempotencyKey(
  orderNumber: string,
  operation: 'authorize' | 'capture' | 'void' | 'refund',
  attempt: number,
): string {
  return `vela-order-${orderNumber}-${operation}-${attempt}`;
}
