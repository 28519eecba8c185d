import Stripe from 'stripe';
import {
  PaymentDeclined,
  WebhookRejected,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type GatewayRefund,
  type MinorAmount,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStart,
} from './paymentProvider';
import { STRIPE_METHOD_CODE } from './paymentService';

// Stripe through its official SDK. Payment intents are created and confirmed on the server with
// the shopper's payment-method token (Stripe's module for Adobe Commerce does the same), so the
// amount is always the order's; 3-D Secure comes back as `requires_action` with the client secret
// the browser's Stripe.js finishes it with (handleNextAction).

export interface StripeSettings {
  /** sk_test_… or sk_live_…: from the server's environment, never stored, shown or logged. */
  secretKey: string;
  /** pk_test_… or pk_live_…: what the storefront's Stripe.js is initialised with. */
  publishableKey: string;
  /** whsec_…: the signing secret of the shop's webhook endpoint at Stripe. */
  webhookSecret: string;
  /** Hold the money at placement and capture it later from the back office (default: capture at once). */
  captureLater?: boolean;
  /** Where the API is (tests point the SDK at a local fake); Stripe's own by default. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe's default: a webhook signed more than five minutes ago is refused (a replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export { STRIPE_METHOD_CODE };

/** Whether the keys are live keys (real money) rather than test keys. */
export function isLiveMode(settings: Pick<StripeSettings, 'secretKey'>): boolean {
  return settings.secretKey.startsWith('sk_live_') || settings.secretKey.startsWith('rk_live_');
}

function statusOf(intent: Stripe.PaymentIntent): GatewayPaymentStatus {
  switch (intent.status) {
    case 'requires_action':
      return 'requires_action';
    case 'processing':
      return 'processing';
    case 'requires_capture':
      return 'authorized';
    case 'succeeded':
      return 'captured';
    case 'canceled':
      return 'canceled';
    default:
      // requires_payment_method, requires_confirmation: nothing usable is attached.
      return 'requires_payment_method';
  }
}

function paymentOf(intent: Stripe.PaymentIntent): GatewayPayment {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: statusOf(intent),
    amount: { minor: intent.amount, currency: intent.currency.toUpperCase() },
    capturable: intent.amount_capturable,
    received: intent.amount_received,
    clientSecret: intent.status === 'requires_action' ? intent.client_secret : null,
    orderNumber: intent.metadata?.order_number ?? null,
    failure: error
      ? {
          code: error.code ?? 'payment_failed',
          declineCode: error.decline_code ?? null,
          message: error.message ?? 'The payment failed.',
        }
      : null,
  };
}

function refundOf(refund: Stripe.Refund, paymentId: string): GatewayRefund {
  const status = refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled';
  return {
    id: refund.id,
    paymentId,
    amount: { minor: refund.amount, currency: refund.currency.toUpperCase() },
    status: status ? (refund.status as GatewayRefund['status']) : 'pending',
  };
}

/** A refused card becomes PaymentDeclined with Stripe's reason; anything else is a failure of the call. */
function declined(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new PaymentDeclined(
      {
        code: error.code ?? 'card_declined',
        declineCode: error.decline_code ?? null,
        message: error.message,
      },
      error.payment_intent?.id ?? null,
    );
  }
  throw error;
}

/** A card saved on a Stripe Customer, as the shop shows it (never the card's number). */
export interface StripeSavedCard {
  id: string;
  /** Seconds since the epoch, as Stripe gives it. */
  created: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string | null;
}

/** Stripe's Customers and PaymentMethods, for saved cards. */
export interface StripeCustomerCards {
  /** Makes the Stripe Customer for a shop customer; the key makes a repeat answer the same one. */
  createCustomer(
    shopCustomerId: number,
    idempotencyKey: string,
    contact: { email: string; name: string } | null,
  ): Promise<string>;
  /** Deletes a Stripe Customer (its saved cards go with it); one already gone counts as deleted. */
  deleteCustomer(stripeCustomer: string): Promise<void>;
  list(stripeCustomer: string): Promise<StripeSavedCard[]>;
  /** The Stripe Customer a payment method is attached to; null when none (a one-off card). */
  ownerOf(paymentMethod: string): Promise<string | null>;
  attach(paymentMethod: string, stripeCustomer: string): Promise<StripeSavedCard>;
  detach(paymentMethod: string): Promise<void>;
}

export type StripeProvider = PaymentProvider & { cards: StripeCustomerCards };

function savedCardOf(method: Stripe.PaymentMethod): StripeSavedCard {
  return {
    id: method.id,
    created: method.created,
    brand: method.card?.brand ?? method.type,
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    fingerprint: method.card?.fingerprint ?? null,
  };
}

/** Stripe's "no such …" answers: the payment method does not exist (or not for these keys). */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    // Retries reuse the request's idempotency key, so a retried call is never done twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Vela' },
  });
  const currency = (amount: MinorAmount) => amount.currency.toLowerCase();

  const cards: StripeCustomerCards = {
    async createCustomer(shopCustomerId, idempotencyKey, contact) {
      const customer = await stripe.customers.create(
        { ...(contact ?? {}), metadata: { vela_customer_id: String(shopCustomerId) } },
        { idempotencyKey },
      );
      return customer.id;
    },
    async deleteCustomer(stripeCustomer) {
      try {
        await stripe.customers.del(stripeCustomer);
      } catch (error) {
        // Deleted before (a retry after an answer that was lost): nothing left to do.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        throw error;
      }
    },
    async list(stripeCustomer) {
      const methods = await stripe.paymentMethods.list({ customer: stripeCustomer, type: 'card', limit: 100 });
      return methods.data.map(savedCardOf);
    },
    async ownerOf(paymentMethod) {
      try {
        const method = await stripe.paymentMethods.retrieve(paymentMethod);
        return typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async attach(paymentMethod, stripeCustomer) {
      return savedCardOf(await stripe.paymentMethods.attach(paymentMethod, { customer: stripeCustomer }));
    },
    async detach(paymentMethod) {
      await stripe.paymentMethods.detach(paymentMethod);
    },
  };

  return {
    code: STRIPE_METHOD_CODE,
    cards,

    async start(request: PaymentStart) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount.minor,
            currency: currency(request.amount),
            payment_method: request.token,
            // Methods that leave the page (bank redirects) are not offered: the order is placed in it.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            // 3-D Secure is finished in the page by Stripe.js (handleNextAction), not by a redirect.
            use_stripe_sdk: true,
            capture_method: request.captureLater ? 'manual' : 'automatic',
            // A saved card is paid for its Stripe Customer; a card being saved is attached to it.
            ...(request.gatewayCustomer ? { customer: request.gatewayCustomer } : {}),
            ...(request.gatewayCustomer && request.savePaymentMethod
              ? { setup_future_usage: 'off_session' as const }
              : {}),
            metadata: { order_number: request.orderNumber },
            description: `Order ${request.orderNumber}`,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return paymentOf(intent);
      } catch (error) {
        return declined(error);
      }
    },

    async retrieve(paymentId) {
      return paymentOf(await stripe.paymentIntents.retrieve(paymentId));
    },

    async capture(paymentId, amount, idempotencyKey) {
      try {
        const intent = await stripe.paymentIntents.capture(
          paymentId,
          { amount_to_capture: amount.minor },
          { idempotencyKey },
        );
        return paymentOf(intent);
      } catch (error) {
        return declined(error);
      }
    },

    async void(paymentId, idempotencyKey) {
      return paymentOf(await stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey }));
    },

    async refund(paymentId, amount, idempotencyKey) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentId, amount: amount.minor },
        { idempotencyKey },
      );
      return refundOf(refund, paymentId);
    },

    parseWebhook(rawBody, headers): Promise<PaymentEvent> {
      // Stripe's check is local (the SDK's HMAC): the answer is ready at once.
      try {
        return Promise.resolve(stripeEvent(rawBody, headers));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };

  function stripeEvent(rawBody: string, headers: Headers): PaymentEvent {
    const signature = headers.get('stripe-signature');
    if (!signature) throw new WebhookRejected('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      throw new WebhookRejected(error instanceof Error ? error.message : 'The signature does not match.');
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.amount_capturable_updated':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled':
      case 'payment_intent.processing':
      case 'payment_intent.requires_action':
        return { id: event.id, type: 'payment', gatewayType: event.type, payment: paymentOf(event.data.object) };
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentId =
          typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
        if (!paymentId) return { id: event.id, type: 'ignored', gatewayType: event.type };
        return {
          id: event.id,
          type: 'refunded',
          gatewayType: event.type,
          paymentId,
          refunded: { minor: charge.amount_refunded, currency: charge.currency.toUpperCase() },
        };
      }
      default:
        return { id: event.id, type: 'ignored', gatewayType: event.type };
    }
  }
}
