import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct, type Shop } from './cartHarness';
import { AUDITED_CHANGES, createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Partial invoices and shipments (issue 36): staff invoice and ship some units of some lines now,
// the rest later. Quantities never exceed what is left (also when two clerks click at once), each
// invoice's totals add up to the order's, the order completes only when everything is invoiced and
// shipped, and the shopper's account lists every invoice, shipment and credit memo with its lines.

let shop: Shop;
let staff: StaffBrowser;
let other: StaffBrowser;
const clock = () => new Date();

const ORDER = `number status allowedActions grandTotal { value } shipping { value } tax { value } discount { value }
  totalPaid { value } totalRefunded { value }
  items { line sku quantityOrdered quantityInvoiced quantityShipped quantityRefunded rowTotal { value } }
  invoices { number lines { line sku quantity } subtotal { value } discount { value } shipping { value } tax { value } grandTotal { value } }
  shipments { number trackingNumber lines { line sku quantity } }`;
const INVOICE = `mutation($n: String!, $l: [OrderLineQuantityInput!]) { invoiceOrder(number: $n, lines: $l) { ${ORDER} } }`;
const SHIP = `mutation($i: ShipOrderInput!) { shipOrder(input: $i) { ${ORDER} } }`;
const REFUND = `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { ${ORDER} } }`;
const READ = `query($n: String!) { order(number: $n) { ${ORDER} } }`;
const CUSTOMER_VIEW = `query($t: String!) { guestOrderByToken(input: { token: $t }) {
  status items { product_sku quantity_ordered quantity_invoiced quantity_shipped quantity_refunded }
  invoices { number items { product_sku quantity_invoiced } total { subtotal { value } total_shipping { value } total_tax { value } grand_total { value currency } } }
  shipments { number items { product_sku quantity_shipped } tracking { number } }
  credit_memos { number items { product_sku quantity_refunded } total { grand_total { value } } }
} }`;

const stockOf = (id: number) =>
  (shop.sql.prepare('select stock_qty from product where id = ?').get(id) as { stock_qty: number }).stock_qty;
const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;
const cents = (value: number) => Math.round(value * 100);

let first: { id: number; sku: string };
let second: { id: number; sku: string };

async function placeOrder(): Promise<{ number: string; token: string }> {
  const cart = await newCart(shop);
  const added = await addToCart(shop, cart, [
    { sku: first.sku, quantity: 3 },
    { sku: second.sku, quantity: 2 },
  ]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  await prepareCheckout(shop, cart, { email: 'grace@example.com' });
  const placed = await shop.gql(PLACE_ORDER, { id: cart });
  const number = placed.data.placeOrder.orderV2.number as string;
  const token = (shop.sql.prepare('select token from sales_order where number = ?').get(number) as { token: string })
    .token;
  return { number, token };
}

async function expectRefused(query: string, variables: Record<string, unknown>, number: string, message: RegExp) {
  const before = await staff.gql(READ, { n: number });
  const audit = auditCount();
  const result = await staff.gql(query, variables);
  expect(result.errors?.[0]?.message).toMatch(message);
  expect((await staff.gql(READ, { n: number })).data.order).toEqual(before.data.order);
  expect(auditCount()).toBe(audit);
}

beforeAll(async () => {
  shop = await openShop({ now: clock });
  await createStaff(shop, 'clerk@example.com', 'staff');
  await createStaff(shop, 'second@example.com', 'staff');
  staff = (await signedIn(shop, 'clerk@example.com', clock)).browser;
  other = (await signedIn(shop, 'second@example.com', clock)).browser;
  // 3 × 19.99 does not split into thirds evenly: the shares must still add up to the line.
  first = simpleProduct(shop, { price: 1999, stock: 20 });
  second = simpleProduct(shop, { price: 1000, stock: 20, offset: 1 });
}, 60_000);
afterAll(async () => shop?.close());

describe('an order of two lines invoiced and shipped in parts', () => {
  let order: { number: string; token: string };
  let placed: { shipping: { value: number }; tax: { value: number }; grandTotal: { value: number } };

  it('the first invoice takes one unit of line 1, with the whole shipping charge', async () => {
    order = await placeOrder();
    expect(stockOf(first.id)).toBe(17);
    placed = (await staff.gql(READ, { n: order.number })).data.order;
    const result = await staff.gql(INVOICE, { n: order.number, l: [{ line: 1, quantity: 1 }] });
    expect(result.errors).toBeUndefined();
    const invoiced = result.data.invoiceOrder;
    expect(invoiced.status).toBe('PROCESSING');
    expect(invoiced.allowedActions).toEqual(['INVOICE', 'SHIP', 'REFUND']);
    expect(invoiced.items.map((i: { quantityInvoiced: number }) => i.quantityInvoiced)).toEqual([1, 0]);
    const [invoice] = invoiced.invoices;
    expect(invoice.number).toBe(order.number);
    expect(invoice.lines).toEqual([{ line: 1, sku: first.sku, quantity: 1 }]);
    expect(cents(invoice.subtotal.value)).toBe(1999);
    expect(invoice.shipping.value).toBe(placed.shipping.value);
    expect(cents(invoice.grandTotal.value)).toBe(
      cents(invoice.subtotal.value) -
        cents(invoice.discount.value) +
        cents(invoice.shipping.value) +
        cents(invoice.tax.value),
    );
    expect(invoiced.totalPaid.value).toBe(invoice.grandTotal.value);
  });

  it('refuses more than is left, unknown lines, negative or no quantities, and changes nothing', async () => {
    const n = order.number;
    await expectRefused(
      INVOICE,
      { n, l: [{ line: 1, quantity: 3 }] },
      n,
      /Line 1 .* has 2 left to invoice; 3 were asked/,
    );
    await expectRefused(INVOICE, { n, l: [{ line: 9, quantity: 1 }] }, n, /has no line 9/);
    await expectRefused(INVOICE, { n, l: [{ line: 2, quantity: -1 }] }, n, /whole number, 0 or more/);
    await expectRefused(INVOICE, { n, l: [{ line: 2, quantity: 0 }] }, n, /at least one unit to invoice/);
    await expectRefused(
      INVOICE,
      {
        n,
        l: [
          { line: 2, quantity: 1 },
          { line: 2, quantity: 1 },
        ],
      },
      n,
      /listed twice/,
    );
    const ship = (lines: unknown) => ({ i: { number: n, carrier: 'ups', trackingNumber: '1Z0001', lines } });
    await expectRefused(SHIP, ship([{ line: 2, quantity: 3 }]), n, /Line 2 .* has 2 left to ship; 3 were asked/);
    // Only what was invoiced (paid) can be refunded.
    await expectRefused(
      REFUND,
      { i: { number: n, lines: [{ line: 1, quantity: 2 }], returnToStock: false } },
      n,
      /Line 1 .* has 1 left to refund; 2 were asked/,
    );
  });

  it('two clerks invoicing the last two units of line 1 at once: one invoice, never five units', async () => {
    const variables = { n: order.number, l: [{ line: 1, quantity: 2 }] };
    const results = await Promise.all([staff.gql(INVOICE, variables), other.gql(INVOICE, variables)]);
    expect(results.filter((r) => r.data?.invoiceOrder)).toHaveLength(1);
    expect(results.filter((r) => /has 0 left to invoice/.test(r.errors?.[0]?.message ?? ''))).toHaveLength(1);
    const read = (await staff.gql(READ, { n: order.number })).data.order;
    expect(read.items[0].quantityInvoiced).toBe(3);
    expect(read.invoices).toHaveLength(2);
    // The second invoice carries no shipping: the first one did.
    expect(read.invoices[1].shipping.value).toBe(0);
    expect(cents(read.invoices[0].subtotal.value) + cents(read.invoices[1].subtotal.value)).toBe(
      cents(read.items[0].rowTotal.value),
    );
  });

  it('two clerks shipping line 1 at once: one parcel; the order stays processing', async () => {
    const ship = (tracking: string) => ({
      i: { number: order.number, carrier: 'ups', trackingNumber: tracking, lines: [{ line: 1, quantity: 3 }] },
    });
    const results = await Promise.all([staff.gql(SHIP, ship('1Z0001')), other.gql(SHIP, ship('1Z0002'))]);
    expect(results.filter((r) => r.data?.shipOrder)).toHaveLength(1);
    expect(results.filter((r) => /has 0 left to ship/.test(r.errors?.[0]?.message ?? ''))).toHaveLength(1);
    const read = (await staff.gql(READ, { n: order.number })).data.order;
    expect(read.status).toBe('PROCESSING');
    expect(read.shipments).toHaveLength(1);
    expect(read.shipments[0].lines).toEqual([{ line: 1, sku: first.sku, quantity: 3 }]);
    expect(read.items.map((i: { quantityShipped: number }) => i.quantityShipped)).toEqual([3, 0]);
  });

  it('shipping the rest leaves it processing while line 2 is not invoiced; invoicing it completes the order', async () => {
    const shipped = await staff.gql(SHIP, { i: { number: order.number, carrier: 'dhl', trackingNumber: 'JD0002' } });
    expect(shipped.errors).toBeUndefined();
    expect(shipped.data.shipOrder.status).toBe('PROCESSING');
    expect(shipped.data.shipOrder.allowedActions).toEqual(['INVOICE', 'REFUND']);
    expect(shipped.data.shipOrder.shipments[1]).toEqual({
      number: `${order.number}-2`,
      trackingNumber: 'JD0002',
      lines: [{ line: 2, sku: second.sku, quantity: 2 }],
    });
    const invoiced = await staff.gql(INVOICE, { n: order.number });
    expect(invoiced.errors).toBeUndefined();
    const done = invoiced.data.invoiceOrder;
    expect(done.status).toBe('COMPLETE');
    expect(done.allowedActions).toEqual(['REFUND']);
    expect(done.invoices.map((i: { number: string }) => i.number)).toEqual([
      order.number,
      `${order.number}-2`,
      `${order.number}-3`,
    ]);
    // Every invoice's share adds up to the order: nothing lost or charged twice to rounding.
    const sum = (pick: (i: Record<string, { value: number }>) => number) =>
      done.invoices.reduce((total: number, i: Record<string, { value: number }>) => total + pick(i), 0);
    expect(sum((i) => cents(i.grandTotal!.value))).toBe(cents(placed.grandTotal.value));
    expect(sum((i) => cents(i.tax!.value))).toBe(cents(placed.tax.value));
    expect(done.totalPaid.value).toBe(placed.grandTotal.value);
    // Invoices and shipments move no stock: it was taken when the order was placed.
    expect(stockOf(first.id)).toBe(17);
    expect(stockOf(second.id)).toBe(18);
  });

  it("the shopper's account lists every invoice, shipment and credit memo with its lines", async () => {
    const refunded = await staff.gql(REFUND, {
      i: { number: order.number, lines: [{ line: 2, quantity: 1 }], returnToStock: true },
    });
    expect(refunded.errors).toBeUndefined();
    expect(stockOf(second.id)).toBe(19);
    const seen = (await shop.gql(CUSTOMER_VIEW, { t: order.token })).data.guestOrderByToken;
    expect(seen.status).toBe('Complete');
    expect(seen.items).toEqual([
      { product_sku: first.sku, quantity_ordered: 3, quantity_invoiced: 3, quantity_shipped: 3, quantity_refunded: 0 },
      { product_sku: second.sku, quantity_ordered: 2, quantity_invoiced: 2, quantity_shipped: 2, quantity_refunded: 1 },
    ]);
    expect(
      seen.invoices.map((i: { number: string; items: unknown[] }) => ({ number: i.number, items: i.items })),
    ).toEqual([
      { number: order.number, items: [{ product_sku: first.sku, quantity_invoiced: 1 }] },
      { number: `${order.number}-2`, items: [{ product_sku: first.sku, quantity_invoiced: 2 }] },
      { number: `${order.number}-3`, items: [{ product_sku: second.sku, quantity_invoiced: 2 }] },
    ]);
    expect(seen.invoices[0].total.total_shipping.value).toBe(placed.shipping.value);
    expect(seen.invoices[0].total.grand_total.currency).toBe('USD');
    expect(seen.shipments.map((s: { items: unknown[] }) => s.items)).toEqual([
      [{ product_sku: first.sku, quantity_shipped: 3 }],
      [{ product_sku: second.sku, quantity_shipped: 2 }],
    ]);
    expect(seen.credit_memos).toEqual([
      {
        number: `${order.number}-R1`,
        items: [{ product_sku: second.sku, quantity_refunded: 1 }],
        total: { grand_total: { value: refunded.data.refundOrder.totalRefunded.value } },
      },
    ]);
  });
});
