import braintree from 'braintree';
import { createHash } from 'node:crypto';
import {
  PaymentDeclined,
  WebhookRejected,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type GatewayRefund,
  type KeptPaymentMethod,
  type MinorAmount,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStart,
} from './paymentProvider';
import {
  BRAINTREE_APPLE_PAY_CODE,
  BRAINTREE_GOOGLE_PAY_CODE,
  BRAINTREE_METHOD_CODE,
  BRAINTREE_VAULT_METHOD_CODE,
} from './paymentService';

// Braintree through its official SDK (`braintree`), in the way Magento's Braintree module uses it:
// the browser's Braintree SDK turns the card into a one-time nonce, the server makes a sale for the
// order's total with it (`transaction.sale`), settles it at once or later (`submitForSettlement`),
// voids and refunds it. A kept card (the vault) pays with its reusable token instead of a nonce.
//
// Braintree has no idempotency keys. A retried start is made safe twice over: the shop lets one
// process at a time start an order's payment (payment_transaction.claimed_until, orderPayments.ts),
// and the provider first searches Braintree for a sale already made for the order number (the
// sale's `orderId`), answering that one instead of selling again. Captures, voids and refunds are
// serialised by the shop's own pending rows (orderPaymentAdmin.ts); a repeated capture or void
// of the same transaction is refused by Braintree itself (the status has moved on).

export interface BraintreeSettings {
  merchantId: string;
  /** From the server's environment, never stored, shown or logged (nor is the private key). */
  publicKey: string;
  privateKey: string;
  environment: 'sandbox' | 'production';
  /** Hold the money at placement and capture it later from the back office (default: at once). */
  captureLater?: boolean;
  /** Another gateway (tests point the SDK at a local fake): plain HTTP on this host and port. */
  api?: { host: string; port: number };
  /** The wallets offered through Braintree; none unless set. */
  wallets?: {
    /** The name Apple Pay's sheet shows; null: Apple Pay is off. */
    applePayMerchantName: string | null;
    /** Google Pay on, with Google's merchant id (null in Google's test environment); null: off. */
    googlePay: { merchantId: string | null } | null;
  };
}

/** The Braintree method codes these settings offer: cards, kept cards and the wallets switched on. */
export function braintreeMethodCodes(settings: BraintreeSettings): BraintreeMethodCode[] {
  const codes: BraintreeMethodCode[] = [BRAINTREE_METHOD_CODE, BRAINTREE_VAULT_METHOD_CODE];
  if (settings.wallets?.applePayMerchantName) codes.push(BRAINTREE_APPLE_PAY_CODE);
  if (settings.wallets?.googlePay) codes.push(BRAINTREE_GOOGLE_PAY_CODE);
  return codes;
}

type BraintreeMethodCode =
  | typeof BRAINTREE_METHOD_CODE
  | typeof BRAINTREE_VAULT_METHOD_CODE
  | typeof BRAINTREE_APPLE_PAY_CODE
  | typeof BRAINTREE_GOOGLE_PAY_CODE;

type Transaction = braintree.Transaction;

// Magento's short names for card brands, as its vault shows them.
const CARD_TYPES: Record<string, string> = {
  Visa: 'VI',
  MasterCard: 'MC',
  'American Express': 'AE',
  Discover: 'DI',
  JCB: 'JCB',
  'Diners Club': 'DN',
  Maestro: 'MI',
  UnionPay: 'UN',
};

/** How many minor units a currency's major unit has (2 for EUR, 0 for JPY). */
function decimalsOf(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Braintree's decimal amount ("12.34") for minor units. */
export function toDecimal(amount: MinorAmount): string {
  const decimals = decimalsOf(amount.currency);
  return (amount.minor / 10 ** decimals).toFixed(decimals);
}

function toMinor(decimal: string | undefined, currency: string): number {
  if (!decimal) return 0;
  const [whole = '0', fraction = ''] = decimal.split('.');
  const decimals = decimalsOf(currency);
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
}

function statusOf(transaction: Transaction): GatewayPaymentStatus {
  switch (transaction.status) {
    case 'authorized':
      return 'authorized';
    case 'submitted_for_settlement':
    case 'settling':
    case 'settled':
    case 'settlement_pending':
    case 'settlement_confirmed':
      return 'captured';
    case 'voided':
    case 'authorization_expired':
      return 'canceled';
    case 'authorizing':
    case 'settlement_declined':
      return 'processing';
    default:
      // processor_declined, gateway_rejected, failed: the card did not pay.
      return 'requires_payment_method';
  }
}

function failureOf(transaction: Transaction): GatewayPayment['failure'] {
  if (transaction.status === 'processor_declined')
    return {
      code: 'processor_declined',
      declineCode: transaction.processorResponseCode ?? null,
      message: transaction.processorResponseText || 'Your card was declined.',
    };
  if (transaction.status === 'gateway_rejected' && transaction.gatewayRejectionReason === 'three_d_secure')
    return { code: 'three_d_secure', declineCode: 'three_d_secure', message: THREE_D_SECURE_REFUSED };
  if (transaction.status === 'gateway_rejected')
    return {
      code: 'gateway_rejected',
      declineCode: transaction.gatewayRejectionReason ?? null,
      message: `The payment was rejected (${transaction.gatewayRejectionReason ?? 'gateway'}).`,
    };
  if (transaction.status === 'failed') return { code: 'failed', declineCode: null, message: 'The payment failed.' };
  return null;
}

/** What the shopper reads when the store requires 3-D Secure and the card issuer did not take the liability. */
export const THREE_D_SECURE_REFUSED =
  'Your card issuer did not confirm this payment with 3-D Secure, which this store requires. Try again, or use another card.';

/** The card issuer took the liability for the payment (3-D Secure succeeded). */
function liabilityShifted(transaction: Transaction): boolean {
  return transaction.threeDSecureInfo?.liabilityShifted === true;
}

function keptOf(transaction: Transaction): KeptPaymentMethod | null {
  const card = transaction.creditCard;
  if (!card?.token) return null;
  return {
    token: card.token,
    type: CARD_TYPES[card.cardType ?? ''] ?? 'OT',
    maskedCC: card.last4 ?? '',
    expirationDate: `${card.expirationMonth ?? ''}/${card.expirationYear ?? ''}`,
  };
}

function paymentOf(transaction: Transaction): GatewayPayment {
  const currency = (transaction.currencyIsoCode ?? 'USD').toUpperCase();
  const status = statusOf(transaction);
  const amount = toMinor(transaction.amount, currency);
  return {
    id: transaction.id,
    status,
    amount: { minor: amount, currency },
    capturable: status === 'authorized' ? amount : 0,
    received: status === 'captured' ? amount : 0,
    clientSecret: null,
    orderNumber: transaction.orderId || null,
    failure: failureOf(transaction),
    keptMethod: keptOf(transaction),
  };
}

/** What an unsuccessful answer says: a decline with the processor's reason, or a refused request. */
function refusal(result: braintree.ValidatedResponse<Transaction>): never {
  const transaction = result.transaction as Transaction | undefined;
  const failure = transaction ? failureOf(transaction) : null;
  if (transaction && failure) throw new PaymentDeclined(failure, transaction.id);
  // A validation error (a used or unknown nonce, a deleted kept card): the card did not pay either.
  throw new PaymentDeclined(
    { code: 'validation', declineCode: firstErrorCode(result), message: result.message || 'The card was refused.' },
    null,
  );
}

function firstErrorCode(result: braintree.ValidatedResponse<Transaction>): string | null {
  const errors = result.errors?.deepErrors() ?? [];
  return errors[0]?.code ?? null;
}

/** The gateway the SDK speaks to: Braintree's own, or a plain-HTTP one (a local fake gateway). */
function environmentOf(settings: BraintreeSettings): braintree.Environment {
  if (settings.api)
    return new braintree.Environment(
      settings.api.host,
      String(settings.api.port),
      `http://${settings.api.host}:${settings.api.port}`,
      false,
      settings.api.host,
      String(settings.api.port),
    );
  return settings.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox;
}

/**
 * A Braintree provider for one of its methods: `braintree` pays with a nonce from the browser,
 * `braintree_cc_vault` with a kept card's token (PaymentStart.token is then the gateway token,
 * which the shop looked up for the order's own customer).
 */
export function createBraintreeProvider(
  settings: BraintreeSettings,
  method: BraintreeMethodCode = BRAINTREE_METHOD_CODE,
): PaymentProvider {
  const gateway = new braintree.BraintreeGateway({
    environment: environmentOf(settings),
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  });

  /** The sale Braintree already has for the order number, when one was made (a retried start). */
  async function existingSale(orderNumber: string): Promise<Transaction | null> {
    const stream = gateway.transaction.search((search) => {
      search.orderId().is(orderNumber);
    });
    const found: Transaction[] = [];
    for await (const item of stream as AsyncIterable<Transaction>) found.push(item);
    // The newest sale wins: an older one for the same number was declined or voided.
    return found.filter((t) => t.type === 'sale').sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0] ?? null;
  }

  async function find(id: string): Promise<Transaction> {
    return gateway.transaction.find(id);
  }

  return {
    code: method,

    async start(request: PaymentStart) {
      const earlier = await existingSale(request.orderNumber);
      if (earlier) {
        const payment = paymentOf(earlier);
        if (payment.status === 'requires_payment_method' && payment.failure)
          throw new PaymentDeclined(payment.failure, earlier.id);
        return payment;
      }
      const result = await gateway.transaction.sale({
        amount: toDecimal(request.amount),
        orderId: request.orderNumber,
        ...(method === BRAINTREE_VAULT_METHOD_CODE
          ? { paymentMethodToken: request.token }
          : { paymentMethodNonce: request.token }),
        ...(request.deviceData ? { deviceData: request.deviceData } : {}),
        options: {
          submitForSettlement: !request.captureLater,
          ...(request.savePaymentMethod && method === BRAINTREE_METHOD_CODE ? { storeInVaultOnSuccess: true } : {}),
          // Braintree then rejects a nonce that did not go through 3-D Secure (three_d_secure).
          ...(request.threeDSecureRequired ? { threeDSecure: { required: true } } : {}),
        },
      });
      if (!result.success) return refusal(result);
      if (request.threeDSecureRequired && !liabilityShifted(result.transaction)) {
        // Braintree took it (its own rules may let an unavailable or attempted check through), but
        // the store asks for the issuer's liability: nothing may stay held or be taken.
        const released = await gateway.transaction.void(result.transaction.id);
        if (!released.success)
          throw new Error(`Braintree refused to void ${result.transaction.id}: ${released.message}`);
        throw new PaymentDeclined(
          {
            code: 'three_d_secure',
            declineCode: result.transaction.threeDSecureInfo?.status ?? null,
            message: THREE_D_SECURE_REFUSED,
          },
          result.transaction.id,
        );
      }
      return paymentOf(result.transaction);
    },

    async retrieve(paymentId) {
      return paymentOf(await find(paymentId));
    },

    async capture(paymentId, amount) {
      const result = await gateway.transaction.submitForSettlement(paymentId, toDecimal(amount));
      if (!result.success) return refusal(result);
      return paymentOf(result.transaction);
    },

    async void(paymentId) {
      const result = await gateway.transaction.void(paymentId);
      if (result.success) return paymentOf(result.transaction);
      // Voided already (a retry): answer the payment as it stands.
      const current = await find(paymentId);
      if (current.status === 'voided') return paymentOf(current);
      throw new Error(`Braintree refused to void ${paymentId}: ${result.message}`);
    },

    async refund(paymentId, amount): Promise<GatewayRefund> {
      const result = await gateway.transaction.refund(paymentId, toDecimal(amount));
      if (!result.success) {
        // Braintree refunds only a settled sale. Before settlement the whole of it can be voided
        // instead (Magento's module does the same); a part of it cannot be given back yet.
        const current = await find(paymentId);
        const whole = toMinor(current.amount, amount.currency) === amount.minor;
        if (current.status === 'submitted_for_settlement' && whole) {
          const voided = await gateway.transaction.void(paymentId);
          if (voided.success) return { id: voided.transaction.id, paymentId, amount, status: 'succeeded' };
        }
        throw new Error(
          current.status === 'submitted_for_settlement'
            ? 'Braintree refunds a payment in part only once it is settled (within a day): refund it then, or refund all of it now.'
            : `Braintree refused the refund: ${result.message}`,
        );
      }
      const refund = result.transaction;
      return {
        id: refund.id,
        paymentId,
        amount: { minor: toMinor(refund.amount, amount.currency), currency: amount.currency },
        status: refund.status === 'failed' || refund.status === 'processor_declined' ? 'failed' : 'succeeded',
      };
    },

    async parseWebhook(rawBody): Promise<PaymentEvent> {
      // Braintree posts a form: bt_signature (public key | HMAC-SHA1 of the payload with the
      // private key) and bt_payload (the notification's XML in base64). The SDK checks and reads it.
      const form = new URLSearchParams(rawBody);
      const signature = form.get('bt_signature');
      const payload = form.get('bt_payload');
      if (!signature || !payload) throw new WebhookRejected('bt_signature or bt_payload is missing.');
      let notification: braintree.WebhookNotification;
      try {
        notification = await gateway.webhookNotification.parse(signature, payload);
      } catch (error) {
        throw new WebhookRejected(error instanceof Error ? error.message : 'The signature does not match.');
      }
      // Braintree's notifications carry no id; a retried delivery is the same signed payload, so the
      // payload's digest is the delivery's id (a replay is then a duplicate, and changes nothing).
      const id = `bt_${createHash('sha256').update(payload.trim()).digest('hex')}`;
      const gatewayType = notification.kind;
      if (!('transaction' in notification) || !notification.transaction.id) return { id, type: 'ignored', gatewayType };
      // The notification says the sale changed; what it is now is asked of Braintree, so
      // notifications arriving late or out of order all lead to the sale's present state.
      let current: Transaction;
      try {
        current = await find(notification.transaction.id);
      } catch (error) {
        if (error instanceof Error && error.name === 'notFoundError') return { id, type: 'ignored', gatewayType };
        throw error;
      }
      // A refund (a credit) is not an order's payment: its sale's own notification tells the shop.
      if (current.type !== 'sale') return { id, type: 'ignored', gatewayType };
      return {
        id,
        type: 'payment',
        gatewayType,
        payment: paymentOf(current),
        methods: [
          BRAINTREE_METHOD_CODE,
          BRAINTREE_VAULT_METHOD_CODE,
          BRAINTREE_APPLE_PAY_CODE,
          BRAINTREE_GOOGLE_PAY_CODE,
        ],
      };
    },

    async clientToken() {
      const result = await gateway.clientToken.generate({});
      if (!result.success) throw new Error(`Braintree refused a client token: ${result.message}`);
      return result.clientToken;
    },

    async forgetPaymentMethod(token) {
      try {
        await gateway.paymentMethod.delete(token);
      } catch (error) {
        // Unknown to Braintree: it is forgotten already.
        if (error instanceof Error && error.name === 'notFoundError') return;
        throw error;
      }
    },
  };
}
