import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CHECKOUT } from './guestCheckout';
import { startServerProcess, type ServerProcess } from './serverProcess';

// Issue 9, "Observable": JSON log lines with a time, a level and the request id (also sent back
// as X-Request-Id), no password or token ever written, and Prometheus figures at /metrics for
// whoever holds the token. All against the real server process and its real stdout.

const METRICS_TOKEN = 'metrics-token-for-the-test-0123';
const PASSWORD = 'Kestrel-Password-2026!';
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({ METRICS_TOKEN, LOG_LEVEL: 'info' });
}, 60_000);
afterAll(async () => {
  await server?.dispose();
});

interface Answer {
  response: Response;
  body: { data?: Record<string, unknown> | null; errors?: { message: string }[] };
}

async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Answer> {
  const response = await fetch(new URL('/graphql', server.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { response, body: (await response.json()) as Answer['body'] };
}

function logLines(): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`);
      }
    });
}

/** The token in the reset link of the mail sent to `email`, once the mail is written. */
function resetTokenMailedTo(email: string): string | undefined {
  const mailDir = path.join(server.varDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(mailDir, { recursive: true }).map(String);
  } catch {
    return undefined;
  }
  for (const file of files) {
    if (!file.endsWith('.eml')) continue;
    // Quoted-printable wraps long lines with a trailing "=".
    const text = readFileSync(path.join(mailDir, file), 'utf8').replace(/=\r?\n/g, '');
    const match = /createPassword\?token=([A-Za-z0-9_-]{16,})/.exec(text);
    if (match && text.includes(email)) return match[1];
  }
  return undefined;
}

async function placeGuestOrder(): Promise<string> {
  const products = await graphql('{ products(search: "", pageSize: 40) { items { __typename sku stock_status } } }');
  const sku = (
    products.body.data!.products as { items: { __typename: string; sku: string; stock_status: string }[] }
  ).items.find((item) => item.__typename === 'SimpleProduct' && item.stock_status === 'IN_STOCK')!.sku;
  let cartId = '';
  let number = '';
  for (const query of GUEST_CHECKOUT) {
    const { body } = await graphql(query, { id: cartId, sku });
    expect(body.errors).toBeUndefined();
    cartId ||= (body.data!.createGuestCart as { cart: { id: string } }).cart.id;
    number = (body.data!.placeOrder as { orderV2?: { number: string } } | undefined)?.orderV2?.number ?? number;
  }
  return number;
}

describe('logs', () => {
  it('are JSON lines with a time and a level, and every request line carries the id sent back in X-Request-Id', async () => {
    const answer = await graphql('{ storeConfig { store_code } }');
    const requestId = answer.response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // Lines are written once the answer is complete; give stdout a moment to arrive.
    await expect
      .poll(() => logLines().filter((line) => line.requestId === requestId && line.msg === 'request'))
      .toHaveLength(1);
    const line = logLines().find((entry) => entry.requestId === requestId)!;
    expect(line).toMatchObject({ level: 'info', method: 'POST', path: '/graphql', route: 'graphql', status: 200 });
    expect(Date.parse(line.time as string)).not.toBeNaN();
    expect(typeof line.ms).toBe('number');
    const startLine = logLines().find((entry) => typeof entry.msg === 'string' && entry.msg.startsWith('shop open at'));
    expect(startLine).toMatchObject({ level: 'info' });
  });

  it('makes a new id rather than believe one the caller sent (no trusted proxy configured)', async () => {
    const response = await fetch(new URL('/graphql?query=%7B__typename%7D', server.origin), {
      headers: { 'X-Request-Id': 'chosen-by-the-caller' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).not.toBe('chosen-by-the-caller');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never contain a password, a customer token or a password-reset token', async () => {
    const email = `observed-${Date.now()}@example.com`;
    const created = await graphql(
      'mutation($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }',
      { input: { firstname: 'Ada', lastname: 'Observed', email, password: PASSWORD } },
    );
    expect(created.body.errors).toBeUndefined();
    const signedIn = await graphql(
      'mutation($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }',
      { email, password: PASSWORD },
    );
    const token = (signedIn.body.data!.generateCustomerToken as { token: string }).token;
    expect(token.length).toBeGreaterThan(16);
    const me = await graphql('{ customer { email } }', {}, token);
    expect((me.body.data!.customer as { email: string }).email).toBe(email);
    // A wrong password too: failures are where a careless log would print what was tried.
    await graphql(
      'mutation($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }',
      { email, password: `${PASSWORD}-wrong` },
    );

    const reset = await graphql('mutation($email: String!) { requestPasswordResetEmail(email: $email) }', { email });
    expect(reset.body.data!.requestPasswordResetEmail).toBe(true);
    await expect.poll(() => resetTokenMailedTo(email)).toBeDefined();
    const resetToken = resetTokenMailedTo(email)!;
    // The link as a shopper opens it: the token rides in the query string.
    const page = await fetch(new URL(`/customer/account/createPassword?token=${resetToken}`, server.origin));
    const pageId = page.headers.get('x-request-id');
    await expect.poll(() => logLines().some((line) => line.requestId === pageId)).toBe(true);
    expect(logLines().find((line) => line.requestId === pageId)).toMatchObject({
      path: '/customer/account/createPassword',
    });

    const output = server.output();
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(token);
    expect(output).not.toContain(resetToken);
  });
});

describe('/metrics', () => {
  it('refuses a scraper without the token, with a wrong one, or with the token in the query string', async () => {
    const none = await fetch(new URL('/metrics', server.origin));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await fetch(new URL('/metrics', server.origin), {
      headers: { Authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    const inQuery = await fetch(new URL(`/metrics?token=${METRICS_TOKEN}`, server.origin));
    expect(inQuery.status).toBe(401);
    expect(await wrong.text()).not.toContain('vela_');
  });

  it('reports requests, operations, orders placed and event-loop lag to the token holder', async () => {
    const number = await placeGuestOrder();
    expect(number).not.toBe('');
    await graphql('{ nosuchfield }');
    // A public read by GET: looked up in the response cache.
    await (await fetch(new URL('/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D', server.origin))).arrayBuffer();

    const response = await fetch(new URL('/metrics', server.origin), {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toMatch(/^vela_orders_placed_total 1$/m);
    expect(text).toMatch(/^vela_graphql_operations_total\{operation="mutation placeOrder",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^vela_graphql_operations_total\{operation="mutation createGuestCart",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^vela_graphql_operation_duration_seconds_count\{operation="query products"\} [1-9]/m);
    expect(text).toMatch(/^vela_http_requests_total\{route="graphql",method="POST",status="2xx"\} [1-9]/m);
    expect(text).toMatch(/^vela_http_requests_total\{route="metrics",method="GET",status="4xx"\} [1-9]/m);
    expect(text).toMatch(/^vela_http_request_duration_seconds_bucket\{le="\+Inf",route="graphql"\} [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^vela_mail_outbox_jobs\{state="failed"\} 0$/m);
    // Issue 28, defect 17: how far the mail lags behind, in seconds (a number, 0 once all went out).
    expect(text).toMatch(/^vela_mail_outbox_oldest_pending_seconds \d+(\.\d+)?(e[-+]\d+)?$/m);
    expect(text).toMatch(/^vela_response_cache_requests_total\{result="miss"\} [1-9]/m);
    expect(text).toMatch(/^vela_response_cache_bytes\{kind="max"\} 67108864$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });
});

describe('/metrics without a token configured', () => {
  it('does not exist', async () => {
    const plain = await startServerProcess({});
    try {
      const response = await fetch(new URL('/metrics', plain.origin));
      // Falls through to the page render, which answers 503 in a process without a storefront build.
      expect(response.status).not.toBe(200);
      expect(await response.text()).not.toContain('vela_');
    } finally {
      await plain.dispose();
    }
  }, 60_000);
});
