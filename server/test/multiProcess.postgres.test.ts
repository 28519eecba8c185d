// Issue 9, "past one machine": every server process is stateless and shares PostgreSQL. Two real
// server processes on one database: a cart moves between them, a sale race across them sells
// exactly the stock, a stock change is seen by both caches at once, and the abuse limits count
// once for both. Then WORKERS=2 in one launch: both workers serve, /metrics adds them up, and a
// stop ends them all with exit 0.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CHECKOUT } from './guestCheckout';
import { createPostgresDatabase, type PostgresDatabase } from './postgresDatabase';
import { startServerProcess, type ServerProcess } from './serverProcess';

interface Answer {
  data?: any;
  errors?: { message: string }[];
}

async function post(origin: string, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Answer;
}

const STOCK_QUERY =
  'query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku stock_status only_x_left_in_stock } } }';

async function stockByGet(origin: string, sku: string) {
  const url = new URL(`${origin}/graphql`);
  url.searchParams.set('query', STOCK_QUERY);
  url.searchParams.set('variables', JSON.stringify({ sku }));
  const response = await fetch(url);
  const body = (await response.json()) as Answer;
  return { cache: response.headers.get('x-cache'), item: body.data.products.items[0] };
}

/** Runs the checkout steps; step i goes to origins[i % origins.length]. */
async function checkout(origins: string[], sku: string): Promise<Answer> {
  let id = '';
  let last: Answer = {};
  for (const [step, query] of GUEST_CHECKOUT.entries()) {
    last = await post(origins[step % origins.length]!, query, step === 0 ? {} : { id, sku });
    if (step === 0) id = last.data.createGuestCart.cart.id;
    if (last.errors) return last;
  }
  return last;
}

let database: PostgresDatabase;
let sql: pg.Client;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  database = await createPostgresDatabase();
  const env = { DATABASE_URL: database.url };
  // Both at once on the empty database: the start-up lock lets one migrate and seed.
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.dispose(), b?.dispose()]);
  await database?.drop();
});

async function productWithStock(offset: number, stock: number): Promise<string> {
  const { rows } = await sql.query<{ id: number; sku: string }>(
    `select id, sku from product where type = 'simple' and parent_id is null and visibility = 4 order by id limit 1 offset $1`,
    [offset],
  );
  const row = rows[0]!;
  await sql.query('update product set stock_qty = $1, in_stock = $2 where id = $3', [stock, stock > 0 ? 1 : 0, row.id]);
  return row.sku;
}

describe('two server processes on one PostgreSQL database', () => {
  it('takes a cart built on one process to an order on the other', async () => {
    const sku = await productWithStock(0, 100);
    const placed = await checkout([a.origin, b.origin], sku);
    expect(placed.errors).toBeUndefined();
    const number = placed.data.placeOrder.orderV2.number as string;
    const { rows } = await sql.query('select count(*)::int as n from sales_order where number = $1', [number]);
    expect(rows[0].n).toBe(1);
  });

  it('sells exactly the stock when shoppers on both processes race for it, and both caches see it at once', async () => {
    const stock = 3;
    const sku = await productWithStock(1, stock);
    // Both processes have the product's stock in their GET cache before the race.
    for (const origin of [a.origin, b.origin]) {
      await stockByGet(origin, sku);
      expect(await stockByGet(origin, sku)).toEqual({
        cache: 'HIT',
        item: { sku, stock_status: 'IN_STOCK', only_x_left_in_stock: stock },
      });
    }

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => checkout(i % 2 ? [a.origin, b.origin] : [b.origin, a.origin], sku)),
    );
    const orders = results.filter((r) => r.data?.placeOrder?.orderV2?.number);
    expect(orders).toHaveLength(stock);
    const { rows } = await sql.query<{ stock_qty: number }>('select stock_qty from product where sku = $1', [sku]);
    expect(rows[0]!.stock_qty).toBe(0);

    for (const origin of [a.origin, b.origin]) {
      const seen = await stockByGet(origin, sku);
      expect(seen.item).toEqual({ sku, stock_status: 'OUT_OF_STOCK', only_x_left_in_stock: null });
    }
  });

  it('counts an abuse limit once for both processes', async () => {
    const contact = (origin: string, n: number) =>
      post(
        origin,
        `mutation { contactUs(input: { name: "Ada", email: "ada@example.com", comment: "message ${n}" }) { status } }`,
      );
    // Five contact messages per client and hour, spread over both processes.
    for (let n = 0; n < 5; n++) {
      const answer = await contact(n % 2 ? a.origin : b.origin, n);
      expect(answer.errors).toBeUndefined();
    }
    for (const origin of [a.origin, b.origin]) {
      const refused = await contact(origin, 9);
      expect(refused.errors?.[0]?.message).toMatch(/^Too many messages were sent from your address\./);
    }
    const { rows } = await sql.query('select count(*)::int as n from contact_message');
    expect(rows[0].n).toBe(5);
  });
});

describe('WORKERS=2', () => {
  it('serves from both workers on one port, sums their metrics, and stops them all', async () => {
    const token = 'cluster-test-metrics-token';
    const cluster = await startServerProcess({
      DATABASE_URL: database.url,
      WORKERS: '2',
      METRICS_TOKEN: token,
    });
    try {
      expect(cluster.output()).toMatch(/shop open at http:\/\/127\.0\.0\.1:\d+ with 2 worker processes/);
      const requests = 20;
      for (let i = 0; i < requests; i++) {
        const answer = await post(cluster.origin, '{ storeConfig { store_code } }');
        expect(answer.data.storeConfig.store_code).toBe('default');
      }
      const metrics = await fetch(`${cluster.origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      const served = /^vela_http_requests_total\{route="graphql",method="POST",status="2xx"\} (\d+)$/m.exec(text);
      expect(Number(served?.[1])).toBe(requests);
      // Each worker started its own commerce API on the shared database.
      const workers = new Set(
        [...cluster.output().matchAll(/"worker":(\d+),[^\n]*"msg":"commerce ready on PostgreSQL/g)].map((m) => m[1]),
      );
      expect(workers.size).toBe(2);

      cluster.child.kill('SIGTERM');
      expect(await cluster.exited).toEqual({ code: 0, signal: null });
      expect(cluster.output()).toMatch(/"msg":"stopped"}\s*$/);
    } finally {
      await cluster.dispose();
    }
  });
});
