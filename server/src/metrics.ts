import { timingSafeEqual } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import type { Env, Hono } from 'hono';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CommerceGauges, OperationObserver, OperationOutcome } from '@vela/commerce';

// Buckets from 5 ms to 5 s: a catalog read from the response cache sits in the first, a checkout
// on a loaded SQLite file in the middle, and anything in the last is an incident.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface ShopMetrics {
  registry: Registry;
  /** The text /metrics answers: this process's registry, or in a cluster every worker's, summed. */
  exposition: () => Promise<string>;
  /** For the request log: one call per answered request. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** Handed to the commerce API. */
  operations: OperationObserver;
  /** Where point-in-time figures come from when Prometheus scrapes. */
  readGauges(source: () => CommerceGauges, mailOutbox?: () => Promise<MailOutboxFigures>): void;
}

/** The outbox shared by every process, as read when scraped. */
export interface MailOutboxFigures {
  pending: number;
  failed: number;
  /** How long the oldest e-mail still waiting has waited. */
  oldestPendingSeconds: number;
}

/**
 * One registry per app rather than prom-client's global one, so two apps in one process (tests)
 * keep separate figures. Default metrics bring event-loop lag, heap, RSS and GC.
 */
export function createShopMetrics(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'vela_http_requests_total',
    help: 'HTTP requests answered, by route group, method and status class.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'vela_http_request_duration_seconds',
    help: 'Time to the response headers, by route group.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const operationsTotal = new Counter({
    name: 'vela_graphql_operations_total',
    help: 'GraphQL operations executed, by type and first root field, and whether the answer held errors.',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const operationSeconds = new Histogram({
    name: 'vela_graphql_operation_duration_seconds',
    help: 'GraphQL execution time, by type and first root field.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: 'vela_orders_placed_total',
    help: 'Orders committed by this process.',
    registers: [registry],
  });

  let gaugeSource: (() => CommerceGauges) | undefined;
  let mailOutboxSource: (() => Promise<MailOutboxFigures>) | undefined;
  new Gauge({
    name: 'vela_mail_outbox_jobs',
    help: 'E-mails in the outbox shared by all processes: pending (queued or retrying) and failed (given up).',
    labelNames: ['state'] as const,
    registers: [registry],
    // Every worker of a cluster reads the same table: summing would multiply it.
    aggregator: 'max',
    async collect() {
      this.reset();
      if (!mailOutboxSource) return;
      const depth = await mailOutboxSource();
      this.set({ state: 'pending' }, depth.pending);
      this.set({ state: 'failed' }, depth.failed);
    },
  });
  new Gauge({
    name: 'vela_mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest e-mail waiting to go out (queued or retrying), across all processes; 0 when none waits.',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.reset();
      if (!mailOutboxSource) return;
      this.set((await mailOutboxSource()).oldestPendingSeconds);
    },
  });
  new Gauge({
    name: 'vela_db_pool_connections',
    help: 'PostgreSQL connections of this process, by state (absent on SQLite).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const pool = gaugeSource?.().databasePool;
      if (!pool) return;
      this.set({ state: 'open' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
      this.set({ state: 'max' }, pool.max);
    },
  });

  // Heap in use (nodejs_heap_size_used_bytes) is judged against this: issue 28 keeps it under 70 %.
  new Gauge({
    name: 'vela_heap_limit_bytes',
    help: "V8's heap limit of this process (--max-old-space-size and the young generation).",
    registers: [registry],
    collect() {
      this.set(getHeapStatistics().heap_size_limit);
    },
  });
  new Gauge({
    name: 'vela_cache_budget_bytes',
    help: 'The part of the heap limit all in-process caches together may hold (commerce kernel/memoryBudget.ts).',
    registers: [registry],
    collect() {
      this.reset();
      const budget = gaugeSource?.().memoryBudget;
      if (budget) this.set(budget.cacheBytes);
    },
  });

  // The cache counts for itself; each scrape copies its totals (reset, then the total).
  new Counter({
    name: 'vela_response_cache_requests_total',
    help: 'Public GET answers looked up in the response cache, by result (hit, miss).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const cache = gaugeSource?.().responseCache;
      this.reset();
      if (!cache) return;
      this.inc({ result: 'hit' }, cache.hits);
      this.inc({ result: 'miss' }, cache.misses);
    },
  });
  new Counter({
    name: 'vela_response_cache_drops_total',
    help: 'Cached answers dropped, by reason: evicted (over budget), expired (past max-age), invalidated (catalog or stock changed; counts flushes).',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      const cache = gaugeSource?.().responseCache;
      this.reset();
      if (!cache) return;
      this.inc({ reason: 'evicted' }, cache.evictions);
      this.inc({ reason: 'expired' }, cache.expirations);
      this.inc({ reason: 'invalidated' }, cache.invalidations);
    },
  });
  new Gauge({
    name: 'vela_response_cache_bytes',
    help: 'Memory held by the response cache, and its budget.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const cache = gaugeSource?.().responseCache;
      this.reset();
      if (!cache) return;
      this.set({ kind: 'used' }, cache.bytes);
      this.set({ kind: 'max' }, cache.maxBytes);
    },
  });
  new Gauge({
    name: 'vela_response_cache_entries',
    help: 'Answers in the response cache.',
    registers: [registry],
    collect() {
      this.set(gaugeSource?.().responseCache?.entries ?? 0);
    },
  });

  return {
    registry,
    exposition: () => registry.metrics(),
    observeRequest(route, method, status, seconds) {
      requests.inc({
        route,
        method: method === 'GET' || method === 'POST' ? method : 'other',
        status: `${Math.floor(status / 100)}xx`,
      });
      requestSeconds.observe({ route }, seconds);
    },
    operations: {
      operation(operation: string, outcome: OperationOutcome, seconds: number) {
        operationsTotal.inc({ operation, outcome });
        operationSeconds.observe({ operation }, seconds);
      },
      orderPlaced() {
        ordersPlaced.inc();
      },
    },
    readGauges(source, mailOutbox) {
      gaugeSource = source;
      mailOutboxSource = mailOutbox;
    },
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding `Authorization: Bearer <token>`.
 * Without a configured token the route does not exist: figures such as order counts are business
 * data, not something to hand to anyone who asks.
 */
export function mountMetrics<E extends Env>(app: Hono<E>, metrics: ShopMetrics, token: string | undefined): void {
  if (!token) return;
  app.get('/metrics', async (c) => {
    const header = c.req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, token)) {
      return c.text('A valid metrics token is required.', 401, {
        'WWW-Authenticate': 'Bearer',
        'Cache-Control': 'no-store',
      });
    }
    return c.body(await metrics.exposition(), 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
}
