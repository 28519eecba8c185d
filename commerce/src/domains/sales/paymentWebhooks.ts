import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { DomainError } from '../../kernel/domainError';
import { sqlTimestamp } from '../../kernel/clock';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import { WebhookRejected, type PaymentEvent } from '../payment';
import type { OrderPayments, PaymentGateways } from './orderPayments';

// The endpoint a gateway posts its events to (/stripe/webhooks, /braintree/webhooks). In order: the client's
// rate limit, the body read raw and bounded (the signature covers the exact bytes), the signature
// and its age checked by the provider (the SDK), then the event applied in one transaction that
// also records its id: a delivery seen before changes nothing, and the order, its stock and its
// mail change together or not at all.

/** Stripe's events and Braintree's notifications are a few KB; a body larger than this is not one. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

function answer(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The body as text, or null when it is larger than `limit` (declared or actual). */
async function boundedText(request: Request, limit: number): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > limit)) return null;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface PaymentWebhookOptions {
  gateways: PaymentGateways;
  payments: OrderPayments;
  rateLimits: RateLimiter;
  log?: (line: string) => void;
}

export function createPaymentWebhooks(db: Kysely<Database>, options: PaymentWebhookOptions) {
  const log = options.log ?? (() => {});

  /** Records the event's id; false when it was recorded before (a repeated delivery). */
  async function firstDelivery(uow: UnitOfWork, provider: string, event: PaymentEvent): Promise<boolean> {
    const inserted = await uow.db
      .insertInto('payment_webhook_event')
      .values({ provider, event_id: event.id, type: event.gatewayType, received_at: sqlTimestamp(uow.now) })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async function apply(provider: string, event: PaymentEvent): Promise<'applied' | 'duplicate'> {
    return inWriteTransaction(db, async (uow) => {
      if (!(await firstDelivery(uow, provider, event))) return 'duplicate';
      if (event.type === 'payment') {
        // The first of the methods whose order the payment is (a Braintree sale may pay a kept card).
        for (const method of event.methods ?? [provider])
          if ((await options.payments.applyPayment(uow, method, event.payment)) !== null) break;
      } else if (event.type === 'refunded')
        await options.payments.applyRefunded(uow, provider, event.paymentId, event.refunded);
      return 'applied';
    });
  }

  /** Answers one delivery: 2xx when it is taken (or was before), 4xx when it must not be read. */
  return async function handle(code: string, request: Request, client: string): Promise<Response> {
    if (request.method !== 'POST') return answer(405, { error: 'Use POST.' }, { Allow: 'POST' });
    const gateway = options.gateways.get(code);
    if (!gateway) return answer(404, { error: 'No such payment gateway.' });
    try {
      await options.rateLimits.consume(RATE_RULES.paymentWebhookPerClient, client);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'too-many-requests')
        return answer(429, { error: error.message }, { 'Retry-After': String(error.details.retryAfterSeconds ?? 60) });
      throw error;
    }
    const body = await boundedText(request, MAX_WEBHOOK_BODY_BYTES);
    if (body === null) return answer(413, { error: `The body is larger than ${MAX_WEBHOOK_BODY_BYTES} bytes.` });
    let event: PaymentEvent;
    try {
      event = await gateway.provider.parseWebhook(body, request.headers);
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      // Never the body or the header: neither tells an operator more than that it was refused.
      log(`commerce: refused a ${code} webhook from ${client}: ${error.message}`);
      return answer(400, { error: 'The signature could not be verified.' });
    }
    if (event.type === 'ignored') return answer(200, { received: true, ignored: event.gatewayType });
    const result = await apply(code, event);
    return answer(200, { received: true, duplicate: result === 'duplicate' });
  };
}

export type PaymentWebhookHandler = ReturnType<typeof createPaymentWebhooks>;
