import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CA, openShop, simpleProduct, type Fixture, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// The merchant's reports (back-office `report`), checked against orders placed in the test through
// the storefront API: a day cut in the shop's time zone (the demo's New York), an order in euros
// counted in dollars, a canceled order counted nowhere but in its column, a refund in the period it
// was made, a coupon. Runs on SQLite and PostgreSQL: the aggregations must agree.

let shop: Shop;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let tee: Fixture;
let mug: Fixture;
const clock = () => new Date();

const REPORT = `query($i: ReportInput!) { report(input: $i) {
  kind columns { key kind } rows totals baseCurrency timeZone totalCount page pageSize totalPages } }`;
const CANCEL = `mutation($n: String!) { cancelOrder(number: $n) { number } }`;
const INVOICE = `mutation($n: String!) { invoiceOrder(number: $n) { number } }`;
const REFUND = `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { number } }`;

function ok<T = any>(result: GraphQLResult<T>, what: string): T {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data as T;
}

async function storefront(query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return ok((await response.json()) as GraphQLResult, query.slice(0, 60));
}

/** An order placed as a shopper places it, then dated (`at`, UTC) so the test knows its day. */
async function placeOrder(
  lines: Array<{ sku: string; quantity: number }>,
  at: string,
  options: { currency?: string; coupon?: string } = {},
): Promise<string> {
  const headers: Record<string, string> = options.currency ? { 'content-currency': options.currency } : {};
  const id = (await storefront('mutation { createGuestCart { cart { id } } }', {}, headers)).createGuestCart.cart
    .id as string;
  const v = { id };
  await storefront(
    `mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) { cart { id } } }`,
    { ...v, items: lines },
    headers,
  );
  if (options.coupon)
    await storefront(
      `mutation($id: String!, $c: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: $c }) { cart { id } } }`,
      { ...v, c: options.coupon },
      headers,
    );
  await storefront(
    `mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "ada@example.com" }) { cart { id } } }`,
    v,
    headers,
  );
  await storefront(
    `mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { id } } }`,
    { ...v, a: ADDRESS_CA },
    headers,
  );
  await storefront(
    `mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }`,
    v,
    headers,
  );
  await storefront(
    `mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }`,
    v,
    headers,
  );
  await storefront(
    `mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }`,
    v,
    headers,
  );
  const placed = await storefront(
    `mutation($id: String!) { placeOrder(input: { cart_id: $id }) { errors { message } orderV2 { number } } }`,
    v,
    headers,
  );
  const number = placed.placeOrder.orderV2.number as string;
  shop.sql.prepare('update sales_order set created_at = ? where number = ?').run(at, number);
  return number;
}

interface OrderRow {
  number: string;
  status: string;
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  grand_total: number;
  base_to_order_rate: number;
  currency: string;
  coupon_code: string | null;
}
const orderRow = (number: string) =>
  shop.sql.prepare('select * from sales_order where number = ?').get(number) as OrderRow;
const itemsOf = (number: string) =>
  Number(
    (
      shop.sql
        .prepare(
          'select sum(i.quantity) as n from sales_order_item i join sales_order o on o.id = i.order_id where o.number = ?',
        )
        .get(number) as { n: number }
    ).n,
  );
const base = (order: OrderRow, amount: number) => amount / order.base_to_order_rate;

const orders: Record<string, string> = {};
let refundTotal = 0;

beforeAll(async () => {
  shop = await openShop({ now: clock });
  await createStaff(shop, 'clerk@example.com', 'staff');
  await createStaff(shop, 'reader@example.com', 'viewer');
  staff = (await signedIn(shop, 'clerk@example.com', clock)).browser;
  viewer = (await signedIn(shop, 'reader@example.com', clock)).browser;
  tee = simpleProduct(shop, { price: 2000, stock: 100 });
  mug = simpleProduct(shop, { price: 1250, stock: 100, offset: 1 });
  // New York, UTC−5 in November: 2026-11-10 03:30 UTC is still the 9th there.
  orders.a = await placeOrder([{ sku: tee.sku, quantity: 2 }], '2026-11-09 15:00:00');
  orders.b = await placeOrder([{ sku: mug.sku, quantity: 1 }], '2026-11-10 03:30:00', { coupon: 'WELCOME10' });
  orders.c = await placeOrder(
    [
      { sku: tee.sku, quantity: 1 },
      { sku: mug.sku, quantity: 3 },
    ],
    '2026-11-10 16:00:00',
  );
  orders.d = await placeOrder([{ sku: tee.sku, quantity: 5 }], '2026-11-10 17:00:00');
  orders.e = await placeOrder([{ sku: tee.sku, quantity: 1 }], '2026-11-16 12:00:00', { currency: 'EUR' });
  ok(await staff.gql(CANCEL, { n: orders.d }), 'cancel');
  ok(await staff.gql(INVOICE, { n: orders.c }), 'invoice');
  ok(
    await staff.gql(REFUND, { i: { number: orders.c, lines: [{ line: 2, quantity: 1 }], returnToStock: true } }),
    'refund',
  );
  shop.sql.prepare("update sales_creditmemo set created_at = '2026-11-11 14:00:00'").run();
  refundTotal = Number(
    (shop.sql.prepare('select sum(grand_total) as n from sales_creditmemo').get() as { n: number }).n,
  );
}, 120_000);
afterAll(async () => shop?.close());

const input = (extra: Record<string, unknown>) => ({ kind: 'SALES', from: '2026-11-09', to: '2026-11-16', ...extra });

describe('sales by day, week and month', () => {
  it('counts each order on its day in the shop time zone, in the base currency, without the canceled one', async () => {
    const report = ok(await viewer.gql(REPORT, { i: input({ period: 'DAY' }) }), 'report').report;
    expect(report.timeZone).toBe('America/New_York');
    expect(report.baseCurrency).toBe('USD');
    expect(report.columns.map((c: { key: string }) => c.key)).toEqual([
      'period',
      'orders',
      'canceled',
      'items',
      'subtotal',
      'discount',
      'tax',
      'shipping',
      'refunded',
      'revenue',
    ]);
    expect(report.rows).toHaveLength(8);
    const day = (label: string) => report.rows.find((r: string[]) => r[0] === label) as string[];
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((k) => orderRow(orders[k]!)) as OrderRow[];
    expect(d!.status).toBe('canceled');
    expect(e!.currency).toBe('EUR');
    expect(e!.base_to_order_rate).not.toBe(1);
    expect(b!.coupon_code).toBe('WELCOME10');
    expect(b!.discount).toBeGreaterThan(0);
    const money = (list: OrderRow[], key: 'subtotal' | 'discount' | 'tax' | 'shipping' | 'grand_total') =>
      String(Math.round(list.reduce((sum, o) => sum + base(o, o[key]), 0)));
    const figures = (list: OrderRow[], canceled: number, refunded: number) => [
      String(list.length),
      String(canceled),
      String(list.reduce((sum, o) => sum + itemsOf(o.number), 0)),
      money(list, 'subtotal'),
      money(list, 'discount'),
      money(list, 'tax'),
      money(list, 'shipping'),
      String(refunded),
      money(list, 'grand_total'),
    ];
    expect(day('2026-11-09')).toEqual(['2026-11-09', ...figures([a!, b!], 0, 0)]);
    expect(day('2026-11-09')!.slice(1, 4)).toEqual(['2', '0', '3']);
    expect(day('2026-11-10')).toEqual(['2026-11-10', ...figures([c!], 1, 0)]);
    expect(day('2026-11-11')).toEqual(['2026-11-11', ...figures([], 0, refundTotal)]);
    expect(refundTotal).toBeGreaterThan(0);
    expect(day('2026-11-16')).toEqual(['2026-11-16', ...figures([e!], 0, 0)]);
    // The euro order in dollars: its amount divided by the rate it was placed at.
    expect(Number(day('2026-11-16')![9])).toBe(Math.round(e!.grand_total / e!.base_to_order_rate));
    expect(report.totals).toEqual(['', ...figures([a!, b!, c!, e!], 1, refundTotal)]);
  });

  it('weeks start on Monday and months on the 1st, clipped to the range', async () => {
    const weeks = ok(await viewer.gql(REPORT, { i: input({ period: 'WEEK' }) }), 'weeks').report;
    // 2026-11-09 is a Monday: two weeks, the second holding only the 16th.
    expect(weeks.rows.map((r: string[]) => [r[0], r[1], r[2]])).toEqual([
      ['2026-11-09', '3', '1'],
      ['2026-11-16', '1', '0'],
    ]);
    const months = ok(await viewer.gql(REPORT, { i: input({ period: 'MONTH', from: '2026-10-15' }) }), 'months').report;
    expect(months.rows.map((r: string[]) => [r[0], r[1]])).toEqual([
      ['2026-10-01', '0'],
      ['2026-11-01', '4'],
    ]);
    const days = ok(await viewer.gql(REPORT, { i: input({ period: 'DAY' }) }), 'days').report;
    expect(weeks.totals).toEqual(days.totals);
    expect(months.totals).toEqual(days.totals);
  });

  it('one store view only', async () => {
    const other = ok(await viewer.gql(REPORT, { i: input({ storeViewId: '2' }) }), 'store 2').report;
    expect(other.totals[1]).toBe('0');
    const own = ok(await viewer.gql(REPORT, { i: input({ storeViewId: '1' }) }), 'store 1').report;
    expect(own.totals[1]).toBe('4');
  });

  it('refuses a reversed range, a range too long for days, a bad date, a page too large', async () => {
    for (const [extra, message] of [
      [{ from: '2026-11-10', to: '2026-11-09' }, /on or before/],
      [{ from: '2025-01-01', to: '2026-11-09', period: 'DAY' }, /at most 366 days/],
      [{ from: '2026-02-30' }, /not a date/],
      [{ from: '9/11/2026' }, /YYYY-MM-DD/],
      [{ kind: 'PRODUCTS', pageSize: 5000 }, /pageSize/],
    ] as const) {
      const result = await viewer.gql(REPORT, { i: input(extra) });
      expect(result.errors?.[0]?.message).toMatch(message);
    }
  });
});

describe('by product, category and coupon; searches without results; low stock', () => {
  it('units and revenue per product, most sold first, canceled orders left out', async () => {
    const report = ok(await viewer.gql(REPORT, { i: input({ kind: 'PRODUCTS' }) }), 'products').report;
    expect(report.totalCount).toBe(2);
    expect(report.rows.map((r: string[]) => [r[0], r[2], r[3]])).toEqual(
      [
        [mug.sku, '4', '2'],
        [tee.sku, '4', '3'],
      ].sort((x, y) => Number(y[1]) - Number(x[1]) || (x[0]! < y[0]! ? -1 : 1)),
    );
    const paged = ok(
      await viewer.gql(REPORT, { i: input({ kind: 'PRODUCTS', pageSize: 1, page: 2 }) }),
      'page 2',
    ).report;
    expect(paged.rows).toEqual([report.rows[1]]);
    expect(paged.totalPages).toBe(2);
  });

  it('per category, a line counted in each category of its product', async () => {
    const report = ok(await viewer.gql(REPORT, { i: input({ kind: 'CATEGORIES' }) }), 'categories').report;
    const categories = shop.sql
      .prepare(
        'select count(*) as n from category_product cp join category c on c.id = cp.category_id where c.level > 1 and cp.product_id in (?, ?)',
      )
      .get(tee.id, mug.id) as { n: number };
    expect(report.totalCount).toBeGreaterThan(0);
    expect(report.totalCount).toBeLessThanOrEqual(Number(categories.n));
  });

  it('coupons: uses and discount given', async () => {
    const report = ok(await viewer.gql(REPORT, { i: input({ kind: 'COUPONS' }) }), 'coupons').report;
    const b = orderRow(orders.b!);
    expect(report.rows).toEqual([['WELCOME10', '1', String(b.discount), String(b.grand_total)]]);
  });

  it('searches that found nothing, most searched first, within the range', async () => {
    const insert = shop.sql.prepare(
      'insert into search_query (id, store_id, query_text, popularity, num_results, redirect, display_in_terms, updated_at) values (?, 1, ?, ?, ?, null, 1, ?)',
    );
    insert.run(9001, 'unicorn socks', 7, 0, '2026-11-12T10:00:00.000Z');
    insert.run(9002, 'zebra hat', 9, 0, '2026-11-13T10:00:00.000Z');
    insert.run(9003, 'tee', 40, 12, '2026-11-12T10:00:00.000Z');
    insert.run(9004, 'old miss', 50, 0, '2026-10-01T10:00:00.000Z');
    const report = ok(await viewer.gql(REPORT, { i: input({ kind: 'SEARCHES' }) }), 'searches').report;
    expect(report.rows.map((r: string[]) => [r[0], r[1], r[2]])).toEqual([
      ['zebra hat', 'default', '9'],
      ['unicorn socks', 'default', '7'],
    ]);
  });

  it('low stock follows the threshold an owner sets; staff may not set it', async () => {
    shop.sql.prepare('update product set stock_qty = 2 where id = ?').run(mug.id);
    const owner = await (async () => {
      await createStaff(shop, 'boss@example.com', 'owner');
      return (await signedIn(shop, 'boss@example.com', clock)).browser;
    })();
    ok(await owner.gql('mutation { setLowStockThreshold(threshold: 2) }'), 'threshold');
    const report = ok(await viewer.gql(REPORT, { i: input({ kind: 'LOW_STOCK', pageSize: 1000 }) }), 'low').report;
    const skus = report.rows.map((r: string[]) => r[0]);
    expect(skus).toContain(mug.sku);
    expect(report.rows.every((r: string[]) => Number(r[2]) <= 2)).toBe(true);
    const refused = await staff.gql('mutation { setLowStockThreshold(threshold: 50) }');
    expect(refused.errors?.[0]?.message).toMatch(/role|not allowed|permission/i);
    expect(ok(await viewer.gql('{ lowStockThreshold }'), 'read').lowStockThreshold).toBe(2);
    const audit = shop.sql
      .prepare("select staff_email, after from audit_log where action = 'settings.low_stock_threshold'")
      .all() as Array<{ staff_email: string; after: string }>;
    expect(audit).toEqual([{ staff_email: 'boss@example.com', after: '{"threshold":2}' }]);
  });
});

describe('CSV downloads', () => {
  async function download(browser: StaffBrowser | null, path: string) {
    const response = await shop.commerce.backOffice.fetch(
      new Request(`http://localhost${path}`, { headers: browser?.cookie ? { cookie: browser.cookie } : {} }),
    );
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  }

  it('the sales report as a viewer downloads it, amounts in major units, a totals line, audited', async () => {
    const json = ok(await viewer.gql(REPORT, { i: input({ period: 'WEEK' }) }), 'weeks').report;
    const file = await download(
      viewer,
      '/admin/export/report.csv?kind=sales&from=2026-11-09&to=2026-11-16&period=week',
    );
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/text\/csv/);
    const lines = file.text.trim().split('\n');
    expect(lines[0]).toBe(
      'Period,Orders,Canceled orders,Items,Subtotal,Discount,Tax,Shipping,Refunded,Revenue,Amounts in USD',
    );
    const cents = (v: string) => (Number(v) / 100).toFixed(2);
    expect(lines[1]).toBe(
      [json.rows[0][0], json.rows[0][1], json.rows[0][2], json.rows[0][3], ...json.rows[0].slice(4).map(cents)].join(
        ',',
      ),
    );
    expect(lines[3]).toBe(
      ['Total', json.totals[1], json.totals[2], json.totals[3], ...json.totals.slice(4).map(cents)].join(','),
    );
    const audit = shop.sql
      .prepare("select staff_email, entity_id from audit_log where action = 'report.export' order by id desc")
      .get() as { staff_email: string; entity_id: string };
    expect(audit).toEqual({ staff_email: 'reader@example.com', entity_id: 'report-sales' });
  });

  it('a search typed as a formula goes out as text', async () => {
    shop.sql
      .prepare(
        "insert into search_query (id, store_id, query_text, popularity, num_results, redirect, display_in_terms, updated_at) values (9005, 1, '=hyperlink(\"x\")', 1, 0, null, 1, '2026-11-12T11:00:00.000Z')",
      )
      .run();
    const file = await download(viewer, '/admin/export/report.csv?kind=searches&from=2026-11-09&to=2026-11-16');
    expect(file.text).toContain(`"'=hyperlink(""x"")"`);
  });

  it('the order list as CSV, with the list filter', async () => {
    const file = await download(staff, '/admin/export/orders.csv?status=canceled');
    const lines = file.text.trim().split('\n');
    expect(lines[0]).toMatch(/^Order,Placed at \(UTC\),Status,E-mail/);
    expect(lines).toHaveLength(2);
    const d = orderRow(orders.d!);
    expect(lines[1]).toContain(`${d.number},2026-11-10 17:00:00,canceled,ada@example.com,Ada Lovelace,5,USD`);
    expect(lines[1]).toContain((d.grand_total / 100).toFixed(2));
    const all = await download(staff, '/admin/export/orders.csv');
    expect(all.text.trim().split('\n')).toHaveLength(6);
  });

  it('refuses without a session, a bad range with the reason, and writes no audit entry then', async () => {
    const before = (
      shop.sql.prepare("select count(*) as n from audit_log where action = 'report.export'").get() as {
        n: number;
      }
    ).n;
    expect((await download(null, '/admin/export/report.csv?kind=sales&from=2026-11-09&to=2026-11-16')).status).toBe(
      401,
    );
    const bad = await download(viewer, '/admin/export/report.csv?kind=sales&from=2026-11-19&to=2026-11-16');
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/on or before/);
    expect((await download(viewer, '/admin/export/report.csv?kind=nope&from=2026-11-09&to=2026-11-16')).status).toBe(
      400,
    );
    const after = (
      shop.sql.prepare("select count(*) as n from audit_log where action = 'report.export'").get() as {
        n: number;
      }
    ).n;
    expect(Number(after)).toBe(Number(before));
  });
});
