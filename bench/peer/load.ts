// One measured run: autocannon at N connections for a fixed time against one operation, with
// every response checked. A response with GraphQL errors, a failed cart mutation or a non-2xx
// status fails the run (it is never counted as throughput), and so does a socket error or a
// timeout. The server's CPU time is read from /proc around the run.
import autocannon from 'autocannon';
import { coreBusyMsOf, cpuMsOf } from '../lib/procStats';

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One step of an operation. `check` returns a problem (or undefined) for a response body;
 * `onHeaders` lets a step read a session token.
 */
export interface Step {
  request: (session: Session) => HttpRequest;
  check: (body: string) => string | undefined;
}

/** A cart (Vela: its id; Vendure: the session's bearer token), held by one connection at a time. */
export type Session = string;

/** An operation: one request (catalog reads) or a sequence (add to cart, then read it). */
export interface Operation {
  name: string;
  steps: Step[];
  /** Carts for the run: each iteration takes one and gives it back, so no two connections share a cart. */
  sessions?: Session[];
}

/**
 * autocannon's request sequences, which bench/types/autocannon.d.ts does not describe: each
 * connection sends these in turn, each built by `setupRequest` and each answer seen by
 * `onResponse` (status, body as text, the connection's context).
 */
interface SequenceRequest extends Partial<HttpRequest> {
  setupRequest?: (request: object, context: Record<string, unknown>) => object;
  onResponse: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface RunFigures {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  /**
   * The share of the server's core that other processes used during the run (its busy time less
   * the server's own CPU time, over the run's length): 0 on a quiet machine. Others' work there
   * lowers req/s and raises latency; CPU-ms per request suffers least.
   */
  othersOnCore: number;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export function getRequest(path: string, query: string, variables: Record<string, unknown>): HttpRequest {
  return {
    method: 'GET',
    path: `${path}?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`,
  };
}

export function postRequest(
  path: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): HttpRequest {
  return { method: 'POST', path, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify({ query, variables }) };
}

/**
 * Any GraphQL error fails the run, and so does any other non-empty `errors` list in the answer
 * (Vela's cart items carry one, empty when the item is fine). A plain substring test keeps the
 * load generator cheap; both servers write compact JSON.
 */
export function noGraphQLErrors(body: string): string | undefined {
  return body.includes('"errors":[{') ? `errors in the answer: ${body.slice(0, 300)}` : undefined;
}

/** Sends one request outside the load (discovery and the comparable-work check); throws on any error. */
export async function send<T>(
  base: string,
  request: HttpRequest,
  check = noGraphQLErrors,
): Promise<{ data: T; bytes: number; headers: Headers }> {
  const response = await fetch(base + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  const problem = response.ok ? check(text) : `HTTP ${response.status}: ${text.slice(0, 300)}`;
  if (problem) throw new Error(`${request.method} ${base}${request.path.slice(0, 120)}: ${problem}`);
  return { data: (JSON.parse(text) as { data: T }).data, bytes: Buffer.byteLength(text), headers: response.headers };
}

/** The autocannon request sequence of an operation, with each response checked. */
function sequence(operation: Operation, problems: string[]): SequenceRequest[] {
  const record = (status: number, body: string, step: Step) => {
    const problem = status < 200 || status >= 300 ? `HTTP ${status}: ${body.slice(0, 300)}` : step.check(body);
    if (problem && problems.length < 5) problems.push(problem);
  };
  if (!operation.sessions) {
    // A catalog read: the same request every time, built once.
    return operation.steps.map((step) => ({
      ...step.request(''),
      onResponse: (status: number, body: string) => record(status, body, step),
    }));
  }
  const free = [...operation.sessions];
  return operation.steps.map((step, index) => ({
    setupRequest: (request: object, context: Record<string, unknown>) => {
      if (index === 0) {
        // autocannon clears the context when a connection starts its sequence again: the cart
        // taken here is given back after the last step.
        const session = free.pop();
        if (session === undefined) throw new Error(`${operation.name}: no free cart for a connection`);
        context.session = session;
      }
      // Keep what autocannon put in the request (its host and port: without them the Host header reads "undefined").
      return { ...request, ...step.request(context.session as Session) };
    },
    onResponse: (status: number, body: string, context: Record<string, unknown>) => {
      record(status, body, step);
      if (index === operation.steps.length - 1) free.push(context.session as Session);
    },
  }));
}

/** A run of `seconds` at `connections` against `base`; throws when any response was not a success. */
export async function runLoad(
  base: string,
  operation: Operation,
  options: { connections: number; seconds: number; serverPid: number; serverCore: number },
): Promise<RunFigures> {
  const problems: string[] = [];
  const cpuBefore = cpuMsOf(options.serverPid);
  const coreBefore = coreBusyMsOf(options.serverCore);
  const startedAt = Date.now();
  const settings: Parameters<typeof autocannon>[0] & { requests: SequenceRequest[]; timeout: number } = {
    url: base,
    // autocannon's default, 10 s, is near what Vendure's slowest answers take at 10 connections
    // on 10,000 products (p99 8.5 s here): a slow answer is a figure, not a failure.
    timeout: 60,
    connections: options.connections,
    duration: options.seconds,
    requests: sequence(operation, problems),
  };
  const result = await autocannon(settings);
  const cpuMs = cpuMsOf(options.serverPid) - cpuBefore;
  const othersMs = coreBusyMsOf(options.serverCore) - coreBefore - cpuMs;
  const elapsedMs = Date.now() - startedAt;
  const failures = result.errors + result.timeouts + result.non2xx;
  if (problems.length > 0 || failures > 0) {
    throw new Error(
      `${operation.name} against ${base}: ${failures} socket errors, timeouts or non-2xx answers; first problems: ${problems.join(' | ') || 'none recorded'}`,
    );
  }
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
    othersOnCore: Math.max(0, othersMs) / elapsedMs,
  };
}
