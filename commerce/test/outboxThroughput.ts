// How fast the mail outbox drains: `npx tsx commerce/test/outboxThroughput.ts` (from the repository
// root). A fresh SQLite shop takes one real guest order, then JOBS order confirmations of it are
// queued and delivered by one process's mail worker while ORDERS_PER_SECOND more orders come in (the load the
// outbox must keep up with), CONCURRENCY deliveries at a time (default 1 and 8), as .eml files
// or through an SMTP server that takes SMTP_DELAY_MS per message (TRANSPORT=smtp).
// SECONDS keeps the orders coming at least that long. Prints mails per second and how old the
// oldest waiting mail got. Not part of `npm test`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createCommerce, type Commerce } from '../src/commerce';
import { startSmtpSink, type SmtpSink } from './smtpSink';

const JOBS = Number(process.env.JOBS ?? 2000);
const ORDERS_PER_SECOND = Number(process.env.ORDERS_PER_SECOND ?? 0);
/** Keep the orders coming for at least this long. */
const SECONDS = Number(process.env.SECONDS ?? 0);
const TRANSPORT = process.env.TRANSPORT ?? 'eml';
const SMTP_DELAY_MS = Number(process.env.SMTP_DELAY_MS ?? 50);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,8').split(',').map(Number);

const CHECKOUT = [
  'mutation { createGuestCart { cart { id } } }',
  'mutation($id: String!, $sku: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $sku, quantity: 1 }]) { user_errors { code message } } }',
  'mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "bench@example.com" }) { cart { email } } }',
  'mutation($id: String!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: { firstname: "Ada", lastname: "Lovelace", street: ["1 Main St"], city: "Austin", region: "TX", postcode: "73301", country_code: "US", telephone: "5550100" } }] }) { cart { id } } }',
  'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
  'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
  'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
  'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { orderV2 { number } errors { message } } }',
];

interface Answer {
  data?: Record<string, { cart?: { id: string }; orderV2?: { number: string } }>;
  errors?: { message: string }[];
}

async function gql(commerce: Commerce, query: string, variables: Record<string, unknown>): Promise<Answer> {
  const response = await commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return (await response.json()) as Answer;
}

async function placeOrder(commerce: Commerce, sku: string): Promise<string> {
  let id = '';
  let last: Answer = {};
  for (const [step, query] of CHECKOUT.entries()) {
    last = await gql(commerce, query, step === 0 ? {} : { id, sku });
    if (last.errors) throw new Error(`checkout step ${step}: ${last.errors[0]!.message}`);
    if (step === 0) id = last.data!.createGuestCart!.cart!.id;
  }
  return last.data!.placeOrder!.orderV2!.number;
}

async function measure(concurrency: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-outbox-bench-'));
  const sqlitePath = path.join(dir, 'vela.db');
  let sink: SmtpSink | undefined;
  if (TRANSPORT === 'smtp') sink = await startSmtpSink(SMTP_DELAY_MS);
  const commerce = await createCommerce({
    sqlitePath,
    mailDir: path.join(dir, 'mail'),
    smtpUrl: sink?.url,
    // The worker as the server runs it: kicked by every order, and looking for due jobs often.
    mailPollMs: 100,
    mailConcurrency: concurrency,
  });
  const sql = new SqliteDatabase(sqlitePath);
  sql.pragma('busy_timeout = 5000');
  try {
    const sku = (
      sql
        .prepare("select sku from product where type = 'simple' and parent_id is null and visibility = 4 limit 1")
        .get() as { sku: string }
    ).sku;
    sql.prepare('update product set stock_qty = 1000000, in_stock = 1 where sku = ?').run(sku);
    await placeOrder(commerce, sku);
    const { id: orderId } = sql.prepare('select max(id) as id from sales_order').get() as { id: number };
    const insert = sql.prepare(
      `insert into mail_outbox (id, kind, payload, file_stem, status, attempts, next_attempt_at, claimed_until, last_error, created_at, sent_at)
       values (?, 'order_confirmation', ?, ?, 'pending', 0, ?, null, null, ?, null)`,
    );
    const queued = Date.now();
    sql.transaction(() => {
      for (let i = 0; i < JOBS; i++)
        insert.run(randomUUID(), JSON.stringify({ orderId }), `bench-${i}`, queued, new Date(queued).toISOString());
    })();

    // Shoppers keep ordering while the outbox drains; their own confirmations join the queue.
    let ordering = ORDERS_PER_SECOND > 0;
    let ordersStarted = 0;
    const orders: Promise<string>[] = [];
    const shoppers = (async () => {
      const started = Date.now();
      while (ordering) {
        const due = started + (ordersStarted * 1000) / ORDERS_PER_SECOND;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        orders.push(placeOrder(commerce, sku));
        ordersStarted++;
      }
    })();
    let oldest = 0;
    const sampler = setInterval(
      () =>
        void commerce.mailOutboxOldestPendingSeconds().then((seconds) => {
          oldest = Math.max(oldest, seconds);
        }),
      500,
    );
    const started = Date.now();
    const count = (where: string) =>
      (sql.prepare(`select count(*) as n from mail_outbox where ${where}`).get() as { n: number }).n;
    const sentBefore = count("status = 'sent'");
    while (count("file_stem like 'bench-%' and status = 'sent'") < JOBS || Date.now() - started < SECONDS * 1000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (Date.now() - started) / 1000;
    const sent = count("status = 'sent'") - sentBefore;
    ordering = false;
    clearInterval(sampler);
    await shoppers;
    await Promise.all(orders);
    console.log(
      `${TRANSPORT}${sink ? ` (${SMTP_DELAY_MS} ms per message)` : ''}, concurrency ${concurrency}, ${ORDERS_PER_SECOND} orders/s alongside: ` +
        `${JOBS} queued, ${ordersStarted} orders placed; ${sent} mails in ${seconds.toFixed(1)} s = ${(sent / seconds).toFixed(0)} mails/s; ` +
        `oldest waiting mail at most ${oldest.toFixed(0)} s, ${count("status = 'pending'")} still waiting at the end`,
    );
  } finally {
    sql.close();
    await commerce.close();
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const concurrency of CONCURRENCIES) await measure(concurrency);
