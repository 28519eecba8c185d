import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct, type Shop } from './cartHarness';
import { AUDITED_CHANGES, createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// An order's life after it is placed, through the back-office API: every allowed transition, every
// refused one (which changes nothing), stock going back, and what the customer then sees.

let shop: Shop;
let staff: StaffBrowser;
let viewer: StaffBrowser;
const clock = () => new Date();

const ORDER = `number status allowedActions totalPaid { value } totalRefunded { value } grandTotal { value }
  items { line sku quantityOrdered quantityRefunded }
  invoices { number } shipments { carrier carrierTitle trackingNumber } refunds { number grandTotal { value } returnedToStock }
  comments { message author visibleToCustomer }`;
const INVOICE = `mutation($n: String!) { invoiceOrder(number: $n) { ${ORDER} } }`;
const SHIP = `mutation($i: ShipOrderInput!) { shipOrder(input: $i) { ${ORDER} } }`;
const CANCEL = `mutation($n: String!) { cancelOrder(number: $n) { ${ORDER} } }`;
const REFUND = `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { ${ORDER} } }`;
const COMMENT = `mutation($i: OrderCommentInput!) { addOrderComment(input: $i) { ${ORDER} } }`;
const READ = `query($n: String!) { order(number: $n) { ${ORDER} } }`;

const stockOf = (id: number) =>
  (shop.sql.prepare('select stock_qty from product where id = ?').get(id) as { stock_qty: number }).stock_qty;
const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;

async function placeOrder(
  sku: string,
  quantity: number,
  email = 'grace@example.com',
): Promise<{ number: string; token: string }> {
  const cart = await newCart(shop);
  const added = await addToCart(shop, cart, [{ sku, quantity }]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  await prepareCheckout(shop, cart, { email });
  const placed = await shop.gql(PLACE_ORDER, { id: cart });
  const number = placed.data.placeOrder.orderV2.number as string;
  const token = (shop.sql.prepare('select token from sales_order where number = ?').get(number) as { token: string })
    .token;
  return { number, token };
}

async function expectRefused(
  browser: StaffBrowser,
  query: string,
  variables: Record<string, unknown>,
  message: RegExp,
) {
  const before = await browser.gql(READ, { n: (variables.n ?? (variables.i as { number: string }).number) as string });
  const audit = auditCount();
  const result = await browser.gql(query, variables);
  expect(result.errors?.[0]?.message).toMatch(message);
  const after = await browser.gql(READ, { n: before.data.order.number as string });
  expect(after.data.order).toEqual(before.data.order);
  expect(auditCount()).toBe(audit);
}

let product: { id: number; sku: string };

beforeAll(async () => {
  shop = await openShop({ now: clock });
  await createStaff(shop, 'clerk@example.com', 'staff');
  await createStaff(shop, 'reader@example.com', 'viewer');
  staff = (await signedIn(shop, 'clerk@example.com', clock)).browser;
  viewer = (await signedIn(shop, 'reader@example.com', clock)).browser;
  product = simpleProduct(shop, { price: 2000, stock: 10 });
}, 60_000);
afterAll(async () => shop?.close());

describe('pending → processing → complete, then refunds until closed', () => {
  let order: { number: string; token: string };

  it('a new order is pending: it can be invoiced or canceled, not shipped or refunded', async () => {
    order = await placeOrder(product.sku, 2);
    expect(stockOf(product.id)).toBe(8);
    const read = await staff.gql(READ, { n: order.number });
    expect(read.data.order.status).toBe('PENDING');
    expect(read.data.order.allowedActions).toEqual(['INVOICE', 'CANCEL']);
    await expectRefused(
      staff,
      SHIP,
      { i: { number: order.number, carrier: 'ups', trackingNumber: '1Z999AA10123456784' } },
      /cannot be shipped: it is not invoiced yet/,
    );
    await expectRefused(staff, REFUND, { i: { number: order.number, returnToStock: true } }, /cannot be refunded/);
  });

  it('invoice: processing, paid in full, once', async () => {
    const result = await staff.gql(INVOICE, { n: order.number });
    expect(result.errors).toBeUndefined();
    const invoiced = result.data.invoiceOrder;
    expect(invoiced.status).toBe('PROCESSING');
    expect(invoiced.totalPaid.value).toBe(invoiced.grandTotal.value);
    expect(invoiced.invoices).toEqual([{ number: order.number }]);
    expect(invoiced.allowedActions).toEqual(['SHIP', 'REFUND']);
    await expectRefused(staff, INVOICE, { n: order.number }, /cannot be invoiced: it is invoiced/);
    await expectRefused(staff, CANCEL, { n: order.number }, /cannot be canceled: it is invoiced/);
  });

  it('ship: checks carrier and tracking number, then completes and e-mails the customer', async () => {
    await expectRefused(
      staff,
      SHIP,
      { i: { number: order.number, carrier: 'pigeon', trackingNumber: '12345' } },
      /Unknown carrier "pigeon"/,
    );
    await expectRefused(
      staff,
      SHIP,
      { i: { number: order.number, carrier: 'ups', trackingNumber: '<script>' } },
      /Tracking number/,
    );
    await expectRefused(
      staff,
      SHIP,
      { i: { number: order.number, carrier: 'custom', trackingNumber: 'AB-123' } },
      /Carrier name/,
    );
    const result = await staff.gql(SHIP, {
      i: { number: order.number, carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.shipOrder.status).toBe('COMPLETE');
    expect(result.data.shipOrder.shipments).toEqual([
      { carrier: 'ups', carrierTitle: 'UPS', trackingNumber: '1Z999AA10123456784' },
    ]);
    await expectRefused(staff, CANCEL, { n: order.number }, /cannot be canceled: it is shipped/);
    await expectRefused(
      staff,
      SHIP,
      { i: { number: order.number, carrier: 'ups', trackingNumber: '1Z999AA10123456785' } },
      /cannot be shipped: it is shipped/,
    );

    await shop.commerce.deliverMail();
    const file = readdirSync(shop.mailDir).find((f) => f.startsWith(`shipment-${order.number}`));
    expect(file).toBeDefined();
    const eml = readFileSync(path.join(shop.mailDir, file!), 'utf8');
    expect(eml).toMatch(/^To: grace@example\.com$/m);
    expect(eml).toMatch(new RegExp(`^Subject: Your Vela order #${order.number} has shipped$`, 'm'));
    expect(eml).toContain('1Z999AA10123456784');
  });

  it('the customer sees the shipment and its tracking number', async () => {
    const result = await shop.gql(
      `query($t: String!) { guestOrderByToken(input: { token: $t }) { status items { quantity_shipped quantity_invoiced } shipments { number tracking { carrier number title } items { product_sku quantity_shipped } } } }`,
      { t: order.token },
    );
    expect(result.errors).toBeUndefined();
    const seen = result.data.guestOrderByToken;
    expect(seen.status).toBe('Complete');
    expect(seen.items).toEqual([{ quantity_shipped: 2, quantity_invoiced: 2 }]);
    expect(seen.shipments).toEqual([
      {
        number: `${order.number}-1`,
        tracking: [{ carrier: 'ups', number: '1Z999AA10123456784', title: 'UPS' }],
        items: [{ product_sku: product.sku, quantity_shipped: 2 }],
      },
    ]);
  });

  it('refund one unit back to stock, never more than is left, then the rest closes the order', async () => {
    const partial = await staff.gql(REFUND, {
      i: { number: order.number, lines: [{ line: 1, quantity: 1 }], returnToStock: true },
    });
    expect(partial.errors).toBeUndefined();
    const once = partial.data.refundOrder;
    expect(once.status).toBe('COMPLETE');
    expect(once.items[0].quantityRefunded).toBe(1);
    expect(once.refunds[0].returnedToStock).toBe(true);
    expect(once.refunds[0].grandTotal.value).toBeGreaterThan(0);
    expect(stockOf(product.id)).toBe(9);

    await expectRefused(
      staff,
      REFUND,
      { i: { number: order.number, lines: [{ line: 1, quantity: 2 }], returnToStock: true } },
      /has 1 left to refund; 2 were asked/,
    );
    await expectRefused(
      staff,
      REFUND,
      { i: { number: order.number, lines: [{ line: 7, quantity: 1 }], returnToStock: true } },
      /has no line 7/,
    );

    const rest = await staff.gql(REFUND, { i: { number: order.number, returnToStock: false } });
    expect(rest.errors).toBeUndefined();
    const closed = rest.data.refundOrder;
    expect(closed.status).toBe('CLOSED');
    expect(closed.totalRefunded.value).toBe(closed.totalPaid.value);
    expect(closed.allowedActions).toEqual([]);
    expect(stockOf(product.id)).toBe(9);
    await expectRefused(staff, REFUND, { i: { number: order.number, returnToStock: true } }, /cannot be refunded/);
  });

  it('comments: staff write them, the customer sees only those meant for them', async () => {
    await staff.gql(COMMENT, { i: { number: order.number, message: 'Called the customer.' } });
    const shown = await staff.gql(COMMENT, {
      i: { number: order.number, message: 'Refunded in full, sorry!', visibleToCustomer: true },
    });
    expect(shown.data.addOrderComment.comments).toEqual([
      { message: 'Called the customer.', author: 'clerk@example.com', visibleToCustomer: false },
      { message: 'Refunded in full, sorry!', author: 'clerk@example.com', visibleToCustomer: true },
    ]);
    await expectRefused(staff, COMMENT, { i: { number: order.number, message: '   ' } }, /"Comment" is required/);
    const seen = await shop.gql(
      `query($t: String!) { guestOrderByToken(input: { token: $t }) { comments { message } } }`,
      {
        t: order.token,
      },
    );
    expect(seen.data.guestOrderByToken.comments).toEqual([{ message: 'Refunded in full, sorry!' }]);
  });

  it('every change is in the audit log with who, before and after', () => {
    const rows = shop.sql
      .prepare(`select staff_email, action, before, after from audit_log where entity_id = ? order by id`)
      .all(order.number) as Array<{ staff_email: string; action: string; before: string | null; after: string }>;
    expect(rows.map((r) => r.action)).toEqual([
      'order.invoice',
      'order.ship',
      'order.refund',
      'order.refund',
      'order.comment',
      'order.comment',
    ]);
    expect(rows.every((r) => r.staff_email === 'clerk@example.com')).toBe(true);
    expect(JSON.parse(rows[0]!.before!)).toEqual({ status: 'pending', total_paid: 0 });
    expect(JSON.parse(rows[1]!.after!)).toMatchObject({ status: 'complete', trackingNumber: '1Z999AA10123456784' });
  });
});

describe('cancel', () => {
  it('cancels a pending order and puts its stock back; nothing else is possible afterwards', async () => {
    const before = stockOf(product.id);
    const order = await placeOrder(product.sku, 3);
    expect(stockOf(product.id)).toBe(before - 3);
    await expectRefused(viewer, CANCEL, { n: order.number }, /may not do this/);
    const result = await staff.gql(CANCEL, { n: order.number });
    expect(result.data.cancelOrder.status).toBe('CANCELED');
    expect(result.data.cancelOrder.allowedActions).toEqual([]);
    expect(stockOf(product.id)).toBe(before);
    await expectRefused(staff, INVOICE, { n: order.number }, /cannot be invoiced: it is canceled/);
    await expectRefused(staff, CANCEL, { n: order.number }, /cannot be canceled: it is canceled/);
  });

  it('two clerks canceling at once: one cancel, the stock returned once', async () => {
    const before = stockOf(product.id);
    const order = await placeOrder(product.sku, 1);
    const other = (await signedIn(shop, 'clerk@example.com', clock)).browser;
    const results = await Promise.all([staff.gql(CANCEL, { n: order.number }), other.gql(CANCEL, { n: order.number })]);
    expect(results.filter((r) => r.data?.cancelOrder?.status === 'CANCELED')).toHaveLength(1);
    expect(results.filter((r) => /cannot be canceled/.test(r.errors?.[0]?.message ?? ''))).toHaveLength(1);
    expect(stockOf(product.id)).toBe(before);
  });
});

describe('orders list', () => {
  it('searches by number, e-mail and name; filters by status and date; pages', async () => {
    const list = async (variables: Record<string, unknown>) =>
      (
        await viewer.gql(
          `query($f: OrderListFilter, $p: Int, $s: Int) { orders(filter: $f, page: $p, pageSize: $s) { totalCount totalPages items { number status customerName } } }`,
          variables,
        )
      ).data.orders;
    const all = await list({});
    expect(all.totalCount).toBe(3);
    expect((await list({ f: { status: 'CANCELED' } })).totalCount).toBe(2);
    expect((await list({ f: { search: 'GRACE@' } })).totalCount).toBe(3);
    expect((await list({ f: { search: all.items[0].number } })).items).toHaveLength(1);
    expect((await list({ f: { search: all.items[0].customerName.split(' ')[1] } })).totalCount).toBe(3);
    expect((await list({ f: { search: '100%' } })).totalCount).toBe(0);
    // Wildcards are the characters they are, on SQLite as on PostgreSQL.
    expect((await list({ f: { search: '%' } })).totalCount).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ f: { createdFrom: today, createdTo: today } })).totalCount).toBe(3);
    expect((await list({ f: { createdTo: '2000-01-01' } })).totalCount).toBe(0);
    const paged = await list({ p: 2, s: 2 });
    expect(paged).toMatchObject({ totalCount: 3, totalPages: 2 });
    expect(paged.items).toHaveLength(1);
    const bad = await viewer.gql(`{ orders(pageSize: 1000) { totalCount } }`);
    expect(bad.errors?.[0]?.message).toMatch(/pageSize/);
    const badDate = await viewer.gql(`{ orders(filter: { createdFrom: "yesterday" }) { totalCount } }`);
    expect(badDate.errors?.[0]?.message).toMatch(/YYYY-MM-DD/);
  });

  it('the dashboard counts today’s orders and lists what waits to ship', async () => {
    const order = await placeOrder(product.sku, 1);
    await staff.gql(INVOICE, { n: order.number });
    const result = await viewer.gql(
      `{ dashboard { today { orders revenue { value currency } } last30Days { orders } daily { date orders } awaitingShipmentCount awaitingShipment { number } lowStock { sku quantity } } }`,
    );
    expect(result.errors).toBeUndefined();
    const d = result.data.dashboard;
    expect(d.daily).toHaveLength(30);
    expect(d.today.orders).toBe(d.daily[29].orders);
    expect(d.today.orders).toBe(2); // four placed, two canceled
    expect(d.today.revenue.currency).toBe('USD');
    expect(d.awaitingShipment).toEqual([{ number: order.number }]);
    expect(d.awaitingShipmentCount).toBe(1);
  });

  it('finds an address by the _ it holds (last: it adds an order)', async () => {
    const order = await placeOrder(product.sku, 1, 'ada_lovelace@example.com');
    const found = await viewer.gql(`{ orders(filter: { search: "ada_love" }) { items { number } } }`);
    expect(found.data.orders.items).toEqual([{ number: order.number }]);
  });
});

describe('a refund asks for exactly what it refunds and says what it refunded', () => {
  const MEMO = `refunds { number subtotal { value } shipping { value } grandTotal { value } lines { line sku quantity amount { value } } }`;
  const REFUND_MEMO = `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { totalRefunded { value } shipping { value } ${MEMO} } }`;
  let order: { number: string; token: string };

  beforeAll(async () => {
    order = await placeOrder(product.sku, 3);
    expect((await staff.gql(INVOICE, { n: order.number })).errors).toBeUndefined();
  });

  it('an empty list of lines is refused and refunds nothing (it used to refund the whole order)', async () => {
    await expectRefused(
      staff,
      REFUND,
      { i: { number: order.number, lines: [], returnToStock: true } },
      /List at least one line to refund/,
    );
    await expectRefused(
      staff,
      REFUND,
      { i: { number: order.number, lines: [], includeShipping: true, returnToStock: false } },
      /List at least one line to refund/,
    );
  });

  it('a quantity of 0 is refused, alone or beside other lines (it used to refund the shipping alone)', async () => {
    await expectRefused(
      staff,
      REFUND,
      { i: { number: order.number, lines: [{ line: 1, quantity: 0 }], includeShipping: true, returnToStock: false } },
      /quantity to refund on line 1 must be a whole number, 1 or more/,
    );
    await expectRefused(
      staff,
      REFUND,
      { i: { number: order.number, lines: [{ line: 1, quantity: -1 }], returnToStock: false } },
      /1 or more/,
    );
  });

  it('the credit memo lists the lines, quantities, amounts and the shipping it refunded', async () => {
    const partial = await staff.gql(REFUND_MEMO, {
      i: { number: order.number, lines: [{ line: 1, quantity: 1 }], returnToStock: false },
    });
    expect(partial.errors).toBeUndefined();
    const [first] = partial.data.refundOrder.refunds;
    expect(first.lines).toEqual([{ line: 1, sku: product.sku, quantity: 1, amount: first.subtotal }]);
    expect(first.shipping.value).toBe(0);
    expect(first.grandTotal.value).toBe(first.subtotal.value);

    const rest = await staff.gql(REFUND_MEMO, { i: { number: order.number, returnToStock: false } });
    expect(rest.errors).toBeUndefined();
    const answer = rest.data.refundOrder;
    const second = answer.refunds[1];
    expect(second.lines).toEqual([{ line: 1, sku: product.sku, quantity: 2, amount: second.subtotal }]);
    expect(second.shipping.value).toBe(answer.shipping.value);
    expect(second.grandTotal.value).toBeCloseTo(second.subtotal.value + second.shipping.value, 2);
    expect(answer.totalRefunded.value).toBeCloseTo(first.grandTotal.value + second.grandTotal.value, 2);
  });
});
