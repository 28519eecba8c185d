// A local Braintree gateway for tests: a real HTTP server answering the calls the official
// `braintree` SDK makes (it posts JSON with snake_case keys to /merchants/<id>/… and reads XML
// back), with Basic authentication by the public and private key, Braintree's test nonces
// (`fake-valid-nonce`, `fake-processor-declined-visa-nonce`, …, as its sandbox documents them), a
// nonce usable once, the vault (storeInVaultOnSuccess, payment method tokens), transaction search
// by order id, settlement (submitForSettlement, also in part), void, and refunds only of settled
// sales. The shop's SDK reaches it through a plain-HTTP braintree.Environment of its own.
import braintree from 'braintree';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTransaction {
  id: string;
  type: 'sale' | 'credit';
  status: string;
  amount: string;
  currency: string;
  orderId: string | null;
  processorResponseCode: string;
  processorResponseText: string;
  gatewayRejectionReason: string | null;
  card: FakeCard;
  /** The kept card's token, when the sale kept it (or paid with it). */
  token: string | null;
  refundedTransactionId: string | null;
  deviceData: string | null;
  /** The 3-D Secure outcome the nonce carried, when it went through 3-D Secure in the browser. */
  threeDSecure: FakeThreeDSecure | null;
  /** The sale asked for 3-D Secure (options.three_d_secure.required). */
  threeDSecureRequired: boolean;
  createdAt: string;
}

interface FakeThreeDSecure {
  enrolled: string;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  status: string;
}

interface FakeCard {
  cardType: string;
  last4: string;
  expirationMonth: string;
  expirationYear: string;
}

type NonceOutcome =
  | { kind: 'approved'; card: FakeCard; threeDSecure?: FakeThreeDSecure }
  | { kind: 'declined'; card: FakeCard; code: string; text: string }
  | { kind: 'failed'; card: FakeCard }
  | { kind: 'rejected'; card: FakeCard; reason: string }
  | { kind: 'invalid'; code: string; message: string };

const VISA: FakeCard = { cardType: 'Visa', last4: '1111', expirationMonth: '12', expirationYear: '2030' };
const MASTERCARD: FakeCard = { cardType: 'MasterCard', last4: '4444', expirationMonth: '12', expirationYear: '2030' };
const AMEX: FakeCard = { cardType: 'American Express', last4: '0005', expirationMonth: '12', expirationYear: '2030' };

// Braintree's documented static test nonces (sandbox), the ones the tests use: each can be used
// any number of times. A nonce the fake issues itself (`tokenize`) is single-use, like a real one.
const NONCES: Record<string, NonceOutcome> = {
  'fake-valid-nonce': { kind: 'approved', card: VISA },
  // The wallets' sandbox nonces: a Visa card from Apple Pay and from Google Pay (Braintree names it Android Pay).
  'fake-apple-pay-visa-nonce': { kind: 'approved', card: VISA },
  'fake-android-pay-visa-nonce': { kind: 'approved', card: VISA },
  // Nonces that went through 3-D Secure in the browser, with the outcome Braintree's sandbox gives them.
  'fake-three-d-secure-visa-full-authentication-nonce': {
    kind: 'approved',
    card: VISA,
    threeDSecure: {
      enrolled: 'Y',
      liabilityShifted: true,
      liabilityShiftPossible: true,
      status: 'authenticate_successful',
    },
  },
  'fake-three-d-secure-visa-failed-authentication-nonce': {
    kind: 'approved',
    card: VISA,
    threeDSecure: {
      enrolled: 'Y',
      liabilityShifted: false,
      liabilityShiftPossible: true,
      status: 'authenticate_failed',
    },
  },
  'fake-three-d-secure-visa-lookup-timeout-nonce': {
    kind: 'approved',
    card: VISA,
    threeDSecure: { enrolled: 'U', liabilityShifted: false, liabilityShiftPossible: false, status: 'lookup_error' },
  },
  'fake-valid-visa-nonce': { kind: 'approved', card: VISA },
  'fake-valid-mastercard-nonce': { kind: 'approved', card: MASTERCARD },
  'fake-valid-amex-nonce': { kind: 'approved', card: AMEX },
  'fake-processor-declined-visa-nonce': { kind: 'declined', card: VISA, code: '2000', text: 'Do Not Honor' },
  'fake-processor-declined-mastercard-nonce': {
    kind: 'declined',
    card: MASTERCARD,
    code: '2000',
    text: 'Do Not Honor',
  },
  'fake-processor-failure-jcb-nonce': {
    kind: 'failed',
    card: { cardType: 'JCB', last4: '0000', expirationMonth: '12', expirationYear: '2030' },
  },
  'fake-gateway-rejected-fraud-nonce': { kind: 'rejected', card: VISA, reason: 'fraud' },
  'fake-luhn-invalid-nonce': { kind: 'invalid', code: '81715', message: 'Credit card number is invalid.' },
  'fake-consumed-nonce': {
    kind: 'invalid',
    code: '93107',
    message: 'Cannot use a payment_method_nonce more than once.',
  },
};

export interface BraintreeFake {
  /** For BraintreeSettings.api. */
  host: string;
  port: number;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  transactions: Map<string, FakeTransaction>;
  /** Kept cards by token. */
  vault: Map<string, FakeCard>;
  /** Every request, as method and path. */
  requests: Array<{ method: string; path: string; body: Record<string, unknown> | null }>;
  sales(): FakeTransaction[];
  /** The next sale answers 500 (Braintree down) before doing anything. */
  failNextSale(): void;
  /** A single-use nonce for an approved card, as hosted fields would make one in the browser. */
  tokenize(): string;
  /** What Braintree's nightly batch does to a sale submitted for settlement (the sandbox's testing.settle). */
  settle(id: string): void;
  /** A sale submitted for settlement in Braintree's control panel (not through the shop). */
  submitInControlPanel(id: string): void;
  /**
   * The form body Braintree posts to the shop's webhook for a notification of `kind` about the
   * transaction `id`: signed like Braintree signs it, by the SDK's own webhookTesting helper with
   * this gateway's keys (`privateKey`: another key, for a forgery).
   */
  notification(kind: braintree.WebhookNotificationKind, id: string, privateKey?: string): Promise<string>;
  close(): Promise<void>;
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function element(name: string, value: string | null, type?: string): string {
  if (value === null) return `<${name} nil="true"/>`;
  return `<${name}${type ? ` type="${type}"` : ''}>${xmlEscape(value)}</${name}>`;
}

function transactionXml(t: FakeTransaction): string {
  return [
    '<transaction>',
    element('id', t.id),
    element('type', t.type),
    element('status', t.status),
    element('amount', t.amount),
    element('currency-iso-code', t.currency),
    element('order-id', t.orderId),
    element('merchant-account-id', 'vela_test'),
    element('processor-response-code', t.processorResponseCode),
    element('processor-response-text', t.processorResponseText),
    element('gateway-rejection-reason', t.gatewayRejectionReason),
    element('refunded-transaction-id', t.refundedTransactionId),
    element('created-at', t.createdAt, 'datetime'),
    element('updated-at', t.createdAt, 'datetime'),
    '<credit-card>',
    element('token', t.token),
    element('bin', '411111'),
    element('last-4', t.card.last4),
    element('card-type', t.card.cardType),
    element('expiration-month', t.card.expirationMonth),
    element('expiration-year', t.card.expirationYear),
    '</credit-card>',
    '<status-history type="array"></status-history>',
    ...(t.threeDSecure
      ? [
          '<three-d-secure-info>',
          element('enrolled', t.threeDSecure.enrolled),
          element('liability-shifted', String(t.threeDSecure.liabilityShifted), 'boolean'),
          element('liability-shift-possible', String(t.threeDSecure.liabilityShiftPossible), 'boolean'),
          element('status', t.threeDSecure.status),
          '</three-d-secure-info>',
        ]
      : []),
    '</transaction>',
  ].join('');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function errorXml(message: string, code: string, attribute: string, transaction?: FakeTransaction): string {
  const errors = transaction
    ? '<errors><errors type="array"/></errors>'
    : `<errors><errors type="array"/><transaction><errors type="array"><error>${element('code', code)}${element('attribute', attribute)}${element('message', message)}</error></errors></transaction></errors>`;
  return `${XML_HEAD}<api-error-response>${errors}${element('message', message)}${transaction ? transactionXml(transaction) : ''}</api-error-response>`;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export async function startBraintreeFake(): Promise<BraintreeFake> {
  const merchantId = 'vela_merchant';
  const publicKey = 'fake_public_key';
  const privateKey = `fake_private_${randomBytes(8).toString('hex')}`;
  const transactions = new Map<string, FakeTransaction>();
  const vault = new Map<string, FakeCard>();
  const usedNonces = new Set<string>();
  const issuedNonces = new Map<string, NonceOutcome>();
  const requests: BraintreeFake['requests'] = [];
  const newId = () => randomBytes(4).toString('hex');
  let clock = Date.now();
  let failSale = false;

  function send(response: ServerResponse, status: number, xml: string) {
    response.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' });
    response.end(xml);
  }

  function sale(body: Record<string, unknown>): { status: number; xml: string } {
    const input = record(body.transaction);
    const options = record(input.options);
    const amount = text(input.amount) ?? '';
    if (!/^\d+(\.\d{1,2})?$/.test(amount))
      return { status: 422, xml: errorXml('Amount is invalid.', '81503', 'amount') };
    const nonce = text(input.payment_method_nonce);
    const vaultToken = text(input.payment_method_token);
    let outcome: NonceOutcome;
    let token: string | null = null;
    if (vaultToken) {
      const card = vault.get(vaultToken);
      if (!card)
        return {
          status: 422,
          xml: errorXml('Payment method token is invalid.', '91518', 'payment_method_token'),
        };
      outcome = { kind: 'approved', card };
      token = vaultToken;
    } else {
      if (!nonce) return { status: 422, xml: errorXml('Payment method nonce is required.', '91508', 'base') };
      if (usedNonces.has(nonce))
        return {
          status: 422,
          xml: errorXml('Cannot use a payment_method_nonce more than once.', '93107', 'payment_method_nonce'),
        };
      const issued = issuedNonces.get(nonce);
      outcome = issued ??
        NONCES[nonce] ?? {
          kind: 'invalid',
          code: '91565',
          message: 'Unknown payment_method_nonce.',
        };
      if (issued) {
        issuedNonces.delete(nonce);
        usedNonces.add(nonce);
      }
    }
    if (outcome.kind === 'invalid')
      return { status: 422, xml: errorXml(outcome.message, outcome.code, 'payment_method_nonce') };
    const threeDSecure = outcome.kind === 'approved' ? (outcome.threeDSecure ?? null) : null;
    const threeDSecureRequired = record(options.three_d_secure).required === true;
    // 3-D Secure required: a card that did not go through it, or whose issuer refused the shopper,
    // is rejected. One whose check could not run (no liability shift possible) passes, as an
    // account's 3-D Secure rules may let it; the shop then decides.
    if (
      threeDSecureRequired &&
      outcome.kind === 'approved' &&
      (!threeDSecure || (!threeDSecure.liabilityShifted && threeDSecure.liabilityShiftPossible))
    )
      outcome = { kind: 'rejected', card: outcome.card, reason: 'three_d_secure' };
    const approved = outcome.kind === 'approved';
    if (approved && options.store_in_vault_on_success === true && !token) {
      token = randomBytes(3).toString('hex');
      vault.set(token, outcome.card);
    }
    clock += 1000;
    const transaction: FakeTransaction = {
      id: newId(),
      type: 'sale',
      status: approved
        ? options.submit_for_settlement === true
          ? 'submitted_for_settlement'
          : 'authorized'
        : outcome.kind === 'declined'
          ? 'processor_declined'
          : outcome.kind === 'failed'
            ? 'failed'
            : 'gateway_rejected',
      amount,
      currency: 'USD',
      orderId: text(input.order_id),
      processorResponseCode: outcome.kind === 'declined' ? outcome.code : outcome.kind === 'failed' ? '3000' : '1000',
      processorResponseText:
        outcome.kind === 'declined'
          ? outcome.text
          : outcome.kind === 'failed'
            ? 'Processor Network Unavailable - Try Again'
            : 'Approved',
      gatewayRejectionReason: outcome.kind === 'rejected' ? outcome.reason : null,
      card: outcome.card,
      token,
      refundedTransactionId: null,
      deviceData: text(input.device_data),
      threeDSecure,
      threeDSecureRequired,
      createdAt: new Date(clock).toISOString(),
    };
    transactions.set(transaction.id, transaction);
    if (approved) return { status: 201, xml: XML_HEAD + transactionXml(transaction) };
    const message =
      outcome.kind === 'declined'
        ? outcome.text
        : outcome.kind === 'rejected'
          ? `Gateway Rejected: ${outcome.reason}`
          : 'Processor Network Unavailable - Try Again';
    return { status: 422, xml: errorXml(message, '', '', transaction) };
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = await readJson(request);
      requests.push({ method: request.method ?? 'GET', path: url.pathname, body });
      const expected = `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return send(response, 401, '');
      const prefix = `/merchants/${merchantId}/`;
      if (!url.pathname.startsWith(prefix)) return send(response, 404, '');
      const route = `${request.method} ${url.pathname.slice(prefix.length)}`;
      let match: RegExpExecArray | null;

      if (route === 'POST client_token')
        return send(
          response,
          201,
          `${XML_HEAD}<client-token>${element('value', Buffer.from(JSON.stringify({ version: 2, merchantId, environment: 'fake' })).toString('base64'))}</client-token>`,
        );
      if (route === 'POST transactions') {
        if (failSale) {
          failSale = false;
          return send(response, 500, '');
        }
        const answer = sale(record(body));
        return send(response, answer.status, answer.xml);
      }
      if (route === 'POST transactions/advanced_search_ids') {
        const search = record(record(body).search);
        const orderId = text(record(search.order_id).is);
        const ids = [...transactions.values()]
          .filter((t) => orderId !== null && t.orderId === orderId)
          .map((t) => t.id);
        return send(
          response,
          200,
          `${XML_HEAD}<search-results>${element('page-size', '50', 'integer')}<ids type="array">${ids.map((id) => element('item', id)).join('')}</ids></search-results>`,
        );
      }
      if (route === 'POST transactions/advanced_search') {
        const search = record(record(body).search);
        const ids = Array.isArray(search.ids) ? search.ids.filter((id): id is string => typeof id === 'string') : [];
        const found = ids.map((id) => transactions.get(id)).filter((t): t is FakeTransaction => t !== undefined);
        return send(
          response,
          200,
          `${XML_HEAD}<credit-card-transactions type="collection">${element('current-page-number', '1', 'integer')}${element('page-size', '50', 'integer')}${element('total-items', String(found.length), 'integer')}${found.map(transactionXml).join('')}</credit-card-transactions>`,
        );
      }
      if ((match = /^GET transactions\/([a-z0-9]+)$/.exec(route))) {
        const transaction = transactions.get(match[1]!);
        return transaction ? send(response, 200, XML_HEAD + transactionXml(transaction)) : send(response, 404, '');
      }
      if ((match = /^PUT transactions\/([a-z0-9]+)\/submit_for_settlement$/.exec(route))) {
        const transaction = transactions.get(match[1]!);
        if (!transaction) return send(response, 404, '');
        const amount = text(record(record(body).transaction).amount) ?? transaction.amount;
        if (transaction.status !== 'authorized')
          return send(
            response,
            422,
            errorXml('Cannot submit for settlement unless status is authorized.', '91507', 'base'),
          );
        if (Number(amount) > Number(transaction.amount))
          return send(response, 422, errorXml('Settlement amount is too large.', '91522', 'amount'));
        transaction.status = 'submitted_for_settlement';
        transaction.amount = amount;
        return send(response, 200, XML_HEAD + transactionXml(transaction));
      }
      if ((match = /^PUT transactions\/([a-z0-9]+)\/void$/.exec(route))) {
        const transaction = transactions.get(match[1]!);
        if (!transaction) return send(response, 404, '');
        if (transaction.status !== 'authorized' && transaction.status !== 'submitted_for_settlement')
          return send(
            response,
            422,
            errorXml(
              'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
              '91504',
              'base',
            ),
          );
        transaction.status = 'voided';
        return send(response, 200, XML_HEAD + transactionXml(transaction));
      }
      if ((match = /^POST transactions\/([a-z0-9]+)\/refund$/.exec(route))) {
        const transaction = transactions.get(match[1]!);
        if (!transaction) return send(response, 404, '');
        if (transaction.status !== 'settled' && transaction.status !== 'settling')
          return send(response, 422, errorXml('Cannot refund transaction unless it is settled.', '91506', 'base'));
        const amount = text(record(record(body).transaction).amount) ?? transaction.amount;
        const refunded = [...transactions.values()]
          .filter((t) => t.refundedTransactionId === transaction.id)
          .reduce((sum, t) => sum + Math.round(Number(t.amount) * 100), 0);
        if (refunded + Math.round(Number(amount) * 100) > Math.round(Number(transaction.amount) * 100))
          return send(response, 422, errorXml('Refund amount is too large.', '91521', 'amount'));
        clock += 1000;
        const refund: FakeTransaction = {
          ...transaction,
          id: newId(),
          type: 'credit',
          status: 'submitted_for_settlement',
          amount,
          refundedTransactionId: transaction.id,
          createdAt: new Date(clock).toISOString(),
        };
        transactions.set(refund.id, refund);
        return send(response, 201, XML_HEAD + transactionXml(refund));
      }
      if ((match = /^DELETE payment_methods\/any\/([A-Za-z0-9_-]+)$/.exec(route))) {
        if (!vault.delete(match[1]!)) return send(response, 404, '');
        response.writeHead(200);
        return response.end();
      }
      return send(response, 404, '');
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    merchantId,
    publicKey,
    privateKey,
    transactions,
    vault,
    requests,
    sales: () => [...transactions.values()].filter((t) => t.type === 'sale'),
    failNextSale() {
      failSale = true;
    },
    tokenize() {
      const nonce = `tokencc_fk_${randomBytes(12).toString('hex')}`;
      issuedNonces.set(nonce, { kind: 'approved', card: VISA });
      return nonce;
    },
    settle(id) {
      const transaction = transactions.get(id);
      if (transaction?.status === 'submitted_for_settlement') transaction.status = 'settled';
    },
    submitInControlPanel(id) {
      const transaction = transactions.get(id);
      if (transaction?.status !== 'authorized') throw new Error(`${id} is not an authorized sale`);
      transaction.status = 'submitted_for_settlement';
    },
    async notification(kind, id, signingKey = privateKey) {
      const signer = new braintree.BraintreeGateway({
        environment: braintree.Environment.Sandbox,
        merchantId,
        publicKey,
        privateKey: signingKey,
      });
      const sample = await signer.webhookTesting.sampleNotification(kind, id);
      return new URLSearchParams({ bt_signature: sample.bt_signature, bt_payload: sample.bt_payload }).toString();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
