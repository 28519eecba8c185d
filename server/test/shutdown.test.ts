import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CHECKOUT as CHECKOUT } from './guestCheckout';
import { startServerProcess, type ServerProcess } from './serverProcess';

// Issue 9, defect 4: on SIGTERM the server kept serving kept-alive connections for 3 s, then
// reset the requests in flight, and with an idle keep-alive client it never closed the
// database (the -wal and -shm files stayed). Shoppers checking out on kept-alive connections
// while the server stops must each get a whole answer, or find the port closed.

const SHUTDOWN_TIMEOUT_MS = 8000;
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
}, 60_000);
afterAll(async () => {
  await server?.dispose();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: { data?: Record<string, unknown> | null; errors?: { message: string }[] };
}

class RefusedError extends Error {}

function post(agent: http.Agent, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const url = new URL('/graphql', server.origin);
  const payload = JSON.stringify({ query, variables });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              connection: response.headers.connection,
              body: JSON.parse(text) as Answer['body'],
            });
          } catch (error) {
            reject(new Error(`a cut answer (${text.length} bytes): ${String(error)}`));
          }
        });
      },
    );
    // A new connection to a closed listener: the request never reached the server. Anything
    // else (a reset, a hang-up) would be a request cut off.
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ECONNREFUSED' ? new RefusedError(error.message) : error),
    );
    request.end(payload);
  });
}

describe('stopping the server (SIGTERM)', () => {
  it('answers every request in flight on kept-alive connections, closes idle ones, closes the database and exits 0', async () => {
    const skuAgent = new http.Agent({ keepAlive: true });
    const products = await post(
      skuAgent,
      '{ products(search: "", pageSize: 40) { items { __typename sku stock_status } } }',
    );
    skuAgent.destroy();
    const skus = (
      products.body.data!.products as { items: { __typename: string; sku: string; stock_status: string }[] }
    ).items
      .filter((item) => item.__typename === 'SimpleProduct' && item.stock_status === 'IN_STOCK')
      .map((item) => item.sku);
    expect(skus.length).toBeGreaterThan(3);

    // A client that asked once and keeps its connection open, idle, through the stop.
    const idleAgent = new http.Agent({ keepAlive: true });
    expect((await post(idleAgent, '{ storeConfig { store_code } }')).status).toBe(200);

    const failures: string[] = [];
    let answered = 0;
    let answeredAfterStop = 0;
    let closingAnswers = 0;
    let stopped = false;
    const shopper = async (index: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let round = 0; ; round++) {
          let cartId = '';
          for (const query of CHECKOUT) {
            const answer = await post(agent, query, { id: cartId, sku: skus[(index * 7 + round) % skus.length] });
            answered++;
            if (stopped) answeredAfterStop++;
            if (answer.status !== 200 || !answer.body.data || answer.body.errors)
              failures.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
            // Told the server is going away, a client (or the balancer in front) goes elsewhere
            // instead of opening a new connection here as the listener closes.
            if (answer.connection === 'close') {
              closingAnswers++;
              return;
            }
            if (!cartId)
              cartId = (answer.body.data?.createGuestCart as { cart: { id: string } } | undefined)?.cart.id ?? '';
          }
        }
      } catch (error) {
        if (!(error instanceof RefusedError))
          failures.push(`shopper ${index}: ${(error as NodeJS.ErrnoException).code ?? ''} ${(error as Error).message}`);
      } finally {
        agent.destroy();
      }
    };
    const shoppers = Array.from({ length: 6 }, (_, index) => shopper(index));

    while (answered < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    const signalled = Date.now();
    stopped = true;
    server.child.kill('SIGTERM');
    await Promise.all(shoppers);
    const { code, signal } = await server.exited;
    const tookMs = Date.now() - signalled;
    idleAgent.destroy();

    expect(failures).toEqual([]);
    expect(answeredAfterStop).toBeGreaterThan(0);
    expect(closingAnswers).toBeGreaterThan(0);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    // The idle client did not hold the stop open until the deadline.
    expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(server.output()).toMatch(/stopped/);
    const database = path.join(server.varDir, 'vela.db');
    expect(existsSync(database)).toBe(true);
    expect(existsSync(`${database}-wal`)).toBe(false);
    expect(existsSync(`${database}-shm`)).toBe(false);
  }, 60_000);
});

// Issue 28, defect 12: connections that reached the accept backlog between SIGTERM and the
// listener's close were reset after they had sent their request (11 of 20 in one run). The
// server now keeps accepting for SHUTDOWN_ACCEPT_MS, answering with `Connection: close` and
// /readyz 503, so the balancer moves on before the listener closes.
describe('connections opened just after SIGTERM', () => {
  let late: ServerProcess;
  beforeAll(async () => {
    late = await startServerProcess({ SHUTDOWN_ACCEPT_MS: '1500' });
  }, 60_000);
  afterAll(async () => late?.dispose());

  function getOnNewConnection(pathname: string): Promise<{ status: number; connection?: string; body: string }> {
    const url = new URL(pathname, late.origin);
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, agent: false },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  it('get complete answers with Connection: close, and /readyz says 503 meanwhile', async () => {
    const query = '/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D';
    expect((await getOnNewConnection(query)).status).toBe(200);
    late.child.kill('SIGTERM');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, i * 25)).then(() => getOnNewConnection(query)),
      ),
    );
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String((outcome.reason as Error).message)] : [],
    );
    expect(failures).toEqual([]);
    const answers = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ data: { storeConfig: { store_code: 'default' } } });
    }
    // Once the signal was handled, every answer asks the client to reconnect elsewhere.
    expect(answers.at(-1)?.connection).toBe('close');
    const readiness = await getOnNewConnection('/readyz');
    expect(readiness.status).toBe(503);
    expect(readiness.connection).toBe('close');
    expect(await late.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
