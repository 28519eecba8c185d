// The shop served over real HTTP for the payment tests: /graphql and the gateways' webhook paths, as the
// server mounts them (server/src/createApp.ts).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Commerce } from '../../src/commerce';
import type { GraphQLResult } from '../cartHarness';

export interface ShopOverHttp {
  url: string;
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResult<T>>;
  /** Posts a webhook delivery; `signature` is the Stripe-Signature header (omitted when null). */
  webhook(body: string, signature: string | null): Promise<{ status: number; body: any }>;
  /** Posts a Braintree notification: `form` is the bt_signature and bt_payload form body. */
  braintreeWebhook(form: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
  const method = incoming.method ?? 'GET';
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
  });
}

async function answerOf(response: Response): Promise<{ status: number; body: any }> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, body: parsed };
}

export async function serveOverHttp(commerce: Commerce): Promise<ShopOverHttp> {
  let origin = '';
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const request = await toRequest(incoming, origin);
      const client = { address: incoming.socket.remoteAddress ?? 'unknown' };
      const path = new URL(request.url).pathname;
      const response =
        path === '/stripe/webhooks'
          ? await commerce.paymentWebhook('stripe_payments', request, client)
          : path === '/braintree/webhooks'
            ? await commerce.paymentWebhook('braintree', request, client)
            : await commerce.fetch(request, client);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      outgoing.writeHead(500);
      outgoing.end(String(error));
    });
  });
  // Longer than any pause between a test's requests: fetch reuses idle connections, and one the
  // server closes at the moment a request starts on it fails that request (a race, not a finding).
  server.keepAliveTimeout = 120_000;
  // A port of the system's choosing: fetch keeps connections to a closed shop's port in its pool,
  // and a new shop on the same port would be sent requests on those dead connections.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    async gql(query, variables = {}, headers = {}) {
      const response = await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GraphQLResult;
    },
    async webhook(body, signature) {
      return answerOf(
        await fetch(`${origin}/stripe/webhooks`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(signature === null ? {} : { 'stripe-signature': signature }),
          },
          body,
        }),
      );
    },
    async braintreeWebhook(form) {
      return answerOf(
        await fetch(`${origin}/braintree/webhooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        }),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
