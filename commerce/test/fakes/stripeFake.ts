// A local stand-in for Stripe's REST API, for the calls the shop makes, as Stripe documents them:
// PaymentIntents (create with confirm, retrieve, capture, cancel), Refunds, Customers (create,
// retrieve) and PaymentMethods (retrieve, attach, detach, list by customer); form-encoded
// bodies; `Authorization: Bearer <secret key>`; the `Idempotency-Key` header (the same key answers
// the first response again, the same key with other parameters is an idempotency_error); errors
// in Stripe's shape ({ error: { type, code, decline_code, message, payment_intent } }, 402 for a
// declined card). The official SDK talks to it through its host, port and protocol settings.
//
// The test plays the shopper's and Stripe's side: payment methods named like Stripe's test ones
// (pm_card_visa, pm_card_threeDSecure2Required, pm_card_chargeDeclined,
// pm_card_chargeDeclinedInsufficientFunds; pm_card_vela_processing is this fake's own: the payment
// stays `processing` until the test settles it), finishing or failing 3-D Secure, and webhooks:
// every change is recorded as an event, and the test delivers the events it wants, in the order
// it wants, signed with the SDK's own test-header helper.
//
// Saved cards as Stripe documents them: a test shortcut (`pm_card_visa`) used with a customer and
// `setup_future_usage`, or attached, becomes a concrete PaymentMethod (`pm_…`) attached to that
// customer; a PaymentMethod attached to a customer can only be used in a PaymentIntent for that same
// customer, and once detached it cannot be used again.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_SECRET_KEY = 'sk_test_vela_fake_0123456789';
export const FAKE_PUBLISHABLE_KEY = 'pk_test_vela_fake_0123456789';
export const FAKE_WEBHOOK_SECRET = 'whsec_vela_fake_0123456789';

type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  capture_method: 'automatic' | 'manual';
  client_secret: string;
  payment_method: string | null;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect' } } | null;
  latest_charge: string | null;
  customer: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  created: number;
  livemode: false;
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string; wallet: null };
  customer: string | null;
  created: number;
  livemode: false;
  /** The test shortcut this method was made from: how the card answers a payment. */
  test_card: string;
  /** Detached: Stripe refuses to use it again. */
  consumed: boolean;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> };
}

interface Recorded {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String((body as { message?: string }).message ?? 'error'));
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `metadata[order_number]=1` → { 'metadata[order_number]': '1' }: the flat keys Stripe's form encoding uses. */
function formParams(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function invalid(message: string, param?: string, code = 'parameter_invalid'): StripeFailure {
  return new StripeFailure(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
}

export interface StripeFake {
  /** What the SDK is configured with: `{ host, port, protocol }`. */
  api: { host: string; port: number; protocol: 'http' };
  /** Every request received, in order. */
  requests: Recorded[];
  intents: Map<string, FakeIntent>;
  /** Customers by id. */
  customers: Map<
    string,
    { id: string; object: 'customer'; email: string | null; name: string | null; metadata: Record<string, string> }
  >;
  /** The ids of Stripe Customers deleted (DELETE /v1/customers/:id), in order. */
  deletedCustomers: string[];
  /** While true, deleting a Customer answers 500 (Stripe unavailable), to test the retry. */
  customerDeletionDown: boolean;
  /** Concrete payment methods (made from test shortcuts) by id. */
  paymentMethods: Map<string, FakePaymentMethod>;
  /** Every event, in the order Stripe would have sent them. */
  events: FakeEvent[];
  /** The shopper finishes (or fails) the 3-D Secure step in the browser. */
  finishNextAction(intentId: string, outcome: 'succeed' | 'fail'): FakeIntent;
  /** A `processing` payment is decided. */
  settleProcessing(intentId: string, outcome: 'succeed' | 'fail'): FakeIntent;
  /** Stripe makes a payment for these details, as a shopper's browser could ask it to. */
  createIntentAsShopper(amount: number, currency: string, metadata: Record<string, string>): FakeIntent;
  /** A refund made in Stripe's dashboard. */
  refundInDashboard(intentId: string, amount: number): void;
  eventsFor(intentId: string, type?: string): FakeEvent[];
  /** The body and Stripe-Signature header Stripe would post for the event (`at`: the signing time, seconds). */
  signed(event: FakeEvent, options?: { at?: number; secret?: string }): { body: string; signature: string };
  close(): Promise<void>;
}

const PORTS = [4620, 4621, 4622, 4623, 4624, 4625, 4626, 4627, 4628, 4629];

/** Listens on the first free port of `ports` (by default 4620-4629), else on any free one. */
export async function listenInRange(server: Server, ports: readonly number[] = PORTS): Promise<number> {
  for (const port of ports) {
    const bound = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (bound) return port;
  }
  // Every port of this worktree's range is taken (parallel runs): any free one.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** `ports`: where to listen first (the end-to-end run passes its own range). */
export async function startStripeFake(options: { ports?: readonly number[] } = {}): Promise<StripeFake> {
  const stripe = new Stripe(FAKE_SECRET_KEY);
  const intents = new Map<string, FakeIntent>();
  const customers: StripeFake['customers'] = new Map();
  const deletedCustomers: string[] = [];
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const refunds = new Map<string, { id: string; amount: number; payment_intent: string }>();
  const events: FakeEvent[] = [];
  const requests: Recorded[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const now = () => Math.floor(Date.now() / 1000);

  function emit(type: string, object: Record<string, unknown>) {
    events.push({
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: now(),
      livemode: false,
      // A copy: the event shows the object as it was when the event happened.
      data: { object: structuredClone(object) },
    });
  }

  function charge(intent: FakeIntent) {
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    return {
      id: intent.latest_charge ?? id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: refunded,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: refunded >= intent.amount_received && intent.amount_received > 0,
      status: 'succeeded',
    };
  }

  const TEST_CARDS: Record<string, { brand: string; last4: string }> = {
    pm_card_visa: { brand: 'visa', last4: '4242' },
    pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
    pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220' },
    pm_card_authenticationRequired: { brand: 'visa', last4: '3184' },
    pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
    pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
    pm_card_vela_processing: { brand: 'visa', last4: '0077' },
  };

  /** A concrete payment method made from a test shortcut, as Stripe makes one for each use. */
  function concreteMethod(shortcut: string): FakePaymentMethod {
    const card = TEST_CARDS[shortcut];
    if (!card) throw invalid(`No such PaymentMethod: '${shortcut}'`, 'payment_method', 'resource_missing');
    const method: FakePaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: { ...card, exp_month: 12, exp_year: 2034, fingerprint: `fp_${shortcut}`, wallet: null },
      customer: null,
      created: now(),
      livemode: false,
      test_card: shortcut,
      consumed: false,
    };
    paymentMethods.set(method.id, method);
    return method;
  }

  function methodOf(methodId: string): FakePaymentMethod {
    const method = paymentMethods.get(methodId);
    if (!method) throw invalid(`No such PaymentMethod: '${methodId}'`, 'payment_method', 'resource_missing');
    return method;
  }

  const publicMethod = ({ test_card: _card, consumed: _consumed, ...method }: FakePaymentMethod) => method;

  function customerOf(customerId: string) {
    const customer = customers.get(customerId);
    if (!customer) throw invalid(`No such customer: '${customerId}'`, 'customer', 'resource_missing');
    return customer;
  }

  /**
   * The payment method a PaymentIntent is confirmed with, as Stripe resolves it: a test shortcut
   * (kept for the customer when the intent saves it), or a concrete method, which must belong to
   * the intent's customer when it belongs to one.
   */
  function resolveMethod(intent: FakeIntent, paymentMethod: string): string {
    if (paymentMethod in TEST_CARDS) {
      if (!intent.customer || !intent.setup_future_usage) return paymentMethod;
      const method = concreteMethod(paymentMethod);
      return method.id;
    }
    const method = methodOf(paymentMethod);
    if (method.consumed)
      throw invalid(
        'The provided PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        'payment_method',
      );
    if (method.customer && method.customer !== intent.customer)
      throw invalid(
        `The provided PaymentMethod belongs to a different Customer than the one on this PaymentIntent.`,
        'payment_method',
      );
    return paymentMethod;
  }

  /** The card's answer when the payment is confirmed with it. */
  function confirmWith(intent: FakeIntent, requested: string): void {
    const resolved = resolveMethod(intent, requested);
    const concrete = paymentMethods.get(resolved);
    const paymentMethod = concrete ? concrete.test_card : resolved;
    intent.payment_method = resolved;
    intent.last_payment_error = null;
    const declines: Record<string, string> = {
      pm_card_chargeDeclined: 'generic_decline',
      pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
    };
    const decline = declines[paymentMethod];
    if (decline) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: decline,
        message: decline === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      intent.latest_charge = id('ch');
      emit('payment_intent.payment_failed', { ...intent });
      throw new StripeFailure(402, {
        ...error,
        charge: intent.latest_charge,
        payment_intent: { ...intent },
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      });
    }
    if (paymentMethod === 'pm_card_threeDSecure2Required' || paymentMethod === 'pm_card_authenticationRequired') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      emit('payment_intent.requires_action', { ...intent });
      return;
    }
    if (paymentMethod === 'pm_card_vela_processing') {
      intent.status = 'processing';
      emit('payment_intent.processing', { ...intent });
      return;
    }
    if (!paymentMethod.startsWith('pm_card_'))
      throw invalid(`No such PaymentMethod: '${paymentMethod}'`, 'payment_method', 'resource_missing');
    authorised(intent);
  }

  /** A payment that saves its method attaches it to the intent's customer once it goes through. */
  function attachSaved(intent: FakeIntent): void {
    const method = intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
    if (method && intent.customer && intent.setup_future_usage && !method.customer) method.customer = intent.customer;
  }

  function authorised(intent: FakeIntent): void {
    attachSaved(intent);
    intent.next_action = null;
    intent.latest_charge = intent.latest_charge ?? id('ch');
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      emit('payment_intent.amount_capturable_updated', { ...intent });
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      emit('charge.succeeded', charge(intent));
      emit('payment_intent.succeeded', { ...intent });
    }
  }

  function failed(intent: FakeIntent, code: string, message: string): void {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = { type: 'card_error', code, message };
    emit('payment_intent.payment_failed', { ...intent });
  }

  function intentOf(intentId: string): FakeIntent {
    const intent = intents.get(intentId);
    if (!intent) throw invalid(`No such payment_intent: '${intentId}'`, 'intent', 'resource_missing');
    return intent;
  }

  function newIntent(params: Record<string, string>): FakeIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid integer: amount', 'amount');
    if (!/^[a-z]{3}$/.test(params.currency ?? '')) throw invalid('Invalid currency', 'currency');
    const intentId = id('pi');
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: params.currency!,
      status: 'requires_payment_method',
      capture_method: params.capture_method === 'manual' ? 'manual' : 'automatic',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      payment_method: null,
      metadata,
      description: params.description ?? null,
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      customer: params.customer ?? null,
      setup_future_usage:
        params.setup_future_usage === 'off_session' || params.setup_future_usage === 'on_session'
          ? params.setup_future_usage
          : null,
      created: now(),
      livemode: false,
    };
    if (intent.customer) customerOf(intent.customer);
    intents.set(intentId, intent);
    emit('payment_intent.created', { ...intent });
    return intent;
  }

  function route(method: string, path: string, params: Record<string, string>): unknown {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer' as const,
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: Object.fromEntries(
          Object.entries(params)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
        ),
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'GET' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) return customerOf(match[1]!);
    if (method === 'DELETE' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      // As Stripe: the customer goes, its cards are detached; a second delete is resource_missing.
      const customer = customerOf(match[1]!);
      customers.delete(customer.id);
      for (const m of paymentMethods.values()) if (m.customer === customer.id) m.customer = null;
      deletedCustomers.push(customer.id);
      return { id: customer.id, object: 'customer', deleted: true };
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      customerOf(params.customer ?? '');
      const data = [...paymentMethods.values()]
        .filter((m) => m.customer === params.customer && (!params.type || m.type === params.type))
        .sort((a, b) => b.created - a.created)
        .map(publicMethod);
      return { object: 'list', data, has_more: false, url: '/v1/payment_methods' };
    }
    if (method === 'GET' && (match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)))
      return publicMethod(match[1]! in TEST_CARDS ? concreteMethod(match[1]!) : methodOf(match[1]!));
    if (method === 'POST' && (match = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      customerOf(params.customer ?? '');
      const method = match[1]! in TEST_CARDS ? concreteMethod(match[1]!) : methodOf(match[1]!);
      if (method.consumed || (method.customer && method.customer !== params.customer))
        throw invalid('This PaymentMethod cannot be attached to this customer.', 'payment_method');
      method.customer = params.customer!;
      return publicMethod(method);
    }
    if (method === 'POST' && (match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path))) {
      const method = methodOf(match[1]!);
      if (!method.customer)
        throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
      method.customer = null;
      method.consumed = true;
      return publicMethod(method);
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = newIntent(params);
      if (params.payment_method) intent.payment_method = params.payment_method;
      if (params.confirm === 'true') {
        if (!params.payment_method) throw invalid('A payment method is needed to confirm.', 'payment_method');
        confirmWith(intent, params.payment_method);
      }
      return { ...intent };
    }
    if (method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) return { ...intentOf(match[1]!) };
    if (method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path))) {
      const intent = intentOf(match[1]!);
      if (intent.status !== 'requires_capture')
        throw invalid(
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      const amount = params.amount_to_capture ? Number(params.amount_to_capture) : intent.amount_capturable;
      if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount_capturable)
        throw invalid('amount_to_capture must be at most the capturable amount.', 'amount_to_capture');
      intent.status = 'succeeded';
      intent.amount_received = amount;
      intent.amount_capturable = 0;
      emit('charge.captured', charge(intent));
      emit('payment_intent.succeeded', { ...intent });
      return { ...intent };
    }
    if (method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) {
      const intent = intentOf(match[1]!);
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      intent.next_action = null;
      emit('payment_intent.canceled', { ...intent });
      return { ...intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intentOf(params.payment_intent ?? '');
      if (intent.status !== 'succeeded')
        throw invalid(
          'This PaymentIntent has no successful charge to refund.',
          'payment_intent',
          'charge_not_refundable',
        );
      const already = charge(intent).amount_refunded;
      const amount = params.amount ? Number(params.amount) : intent.amount_received - already;
      if (!Number.isInteger(amount) || amount < 1 || already + amount > intent.amount_received)
        throw invalid(
          `Refund amount is greater than the unrefunded amount on the charge.`,
          'amount',
          'amount_too_large',
        );
      const refund = { id: id('re'), amount, payment_intent: intent.id };
      refunds.set(refund.id, refund);
      emit('charge.refunded', charge(intent));
      return {
        id: refund.id,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
      };
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const params = method === 'GET' ? Object.fromEntries(url.searchParams) : formParams(body);
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, params, idempotencyKey: key });
    const send = (status: number, payload: unknown, replayed = false) => {
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': id('req'),
        ...(key ? { 'Idempotency-Key': key } : {}),
        ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    if (fake.customerDeletionDown && method === 'DELETE' && url.pathname.startsWith('/v1/customers/')) {
      send(500, { error: { type: 'api_error', message: 'An unexpected error occurred.' } });
      return;
    }
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (key && method === 'POST') {
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          });
        else send(seen.status, seen.body, true);
        return;
      }
    }
    let status = 200;
    let payload: unknown;
    try {
      payload = route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      payload = { error: error.body };
    }
    if (key && method === 'POST') idempotent.set(key, { fingerprint, status, body: payload });
    send(status, payload);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  // The SDK keeps connections alive too (see shopOverHttp.ts).
  server.keepAliveTimeout = 120_000;
  const port = await listenInRange(server, options.ports);

  const fake: StripeFake = {
    customerDeletionDown: false,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    intents,
    customers,
    deletedCustomers,
    paymentMethods,
    events,
    finishNextAction(intentId, outcome) {
      const intent = intentOf(intentId);
      if (intent.status !== 'requires_action') throw new Error(`${intentId} is ${intent.status}, not requires_action`);
      if (outcome === 'succeed') authorised(intent);
      else failed(intent, 'payment_intent_authentication_failure', 'The card could not be authenticated.');
      return { ...intent };
    },
    settleProcessing(intentId, outcome) {
      const intent = intentOf(intentId);
      if (intent.status !== 'processing') throw new Error(`${intentId} is ${intent.status}, not processing`);
      if (outcome === 'succeed') authorised(intent);
      else failed(intent, 'card_declined', 'Your card was declined.');
      return { ...intent };
    },
    createIntentAsShopper(amount, currency, metadata) {
      const intent = newIntent({
        amount: String(amount),
        currency,
        ...Object.fromEntries(Object.entries(metadata).map(([k, v]) => [`metadata[${k}]`, v])),
      });
      confirmWith(intent, 'pm_card_visa');
      return { ...intent };
    },
    refundInDashboard(intentId, amount) {
      route('POST', '/v1/refunds', { payment_intent: intentId, amount: String(amount) });
    },
    eventsFor(intentId, type) {
      return events.filter(
        (e) =>
          (e.data.object.id === intentId || e.data.object.payment_intent === intentId) && (!type || e.type === type),
      );
    },
    signed(event, options = {}) {
      const body = JSON.stringify(event, null, 2);
      const signature = stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? FAKE_WEBHOOK_SECRET,
        ...(options.at === undefined ? {} : { timestamp: options.at }),
      });
      return { body, signature };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
