// Virtual products (issue 32): Magento's `virtual` type imported from a Magento CSV, answered as
// VirtualProduct, added by addProductsToCart and addVirtualProductsToCart; a cart of them alone is
// virtual (no shipping address, method or amount; taxed where it is billed) and becomes an order
// with nothing to ship, which invoicing completes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import { importCatalogCsv } from '../src/domains/catalogTransfer/catalogImportService';
import {
  ADDRESS_CA,
  addToCart,
  newCart,
  openShop,
  PLACE_ORDER,
  prepareCheckout,
  readCart,
  setShippingAddress,
  simpleProduct,
  type Shop,
} from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

let shop: Shop;
let maintenance: ShopMaintenance;
let staff: StaffBrowser;
const clock = () => new Date();

const SKU = 'extended-warranty';
const row = {
  sku: SKU,
  product_type: 'virtual',
  attribute_set_code: 'Default',
  product_websites: 'base',
  name: 'Extended warranty',
  price: '25.0000',
  weight: '',
  qty: '100.0000',
  is_in_stock: '1',
  visibility: 'Catalog, Search',
  product_online: '1',
  url_key: 'extended-warranty',
};

const GUEST_EMAIL = `mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "ada@example.com" }) { cart { id } } }`;
const BILLING = `mutation($id: String!, $a: CartAddressInput!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { address: $a } }) { cart { id } } }`;
const PAYMENT = `mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }`;
const METHOD = `mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }`;
const ORDER = `number status allowedActions items { line sku quantityOrdered } shippingMethod shippingAddress`;

const stockOf = (sku: string) =>
  (shop.sql.prepare('select stock_qty from product where sku = ?').get(sku) as { stock_qty: number }).stock_qty;

async function virtualCart(quantity = 1): Promise<string> {
  const id = await newCart(shop);
  const added = await addToCart(shop, id, [{ sku: SKU, quantity }]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  return id;
}

async function step(query: string, variables: Record<string, unknown>) {
  const result = await shop.gql(query, variables);
  expect(result.errors).toBeUndefined();
  return result;
}

beforeAll(async () => {
  shop = await openShop({ now: clock });
  maintenance = await openShopMaintenance(shop.database);
  const report = await importCatalogCsv(
    maintenance.connection.db,
    maintenance.connection.searchIndex,
    Readable.from([stringifySync([row], { header: true })]),
    { mediaDir: path.join(shop.dir, 'media') },
  );
  expect(report.rejected).toEqual([]);
  await createStaff(shop, 'clerk@example.com', 'staff');
  staff = (await signedIn(shop, 'clerk@example.com', clock)).browser;
}, 60_000);
afterAll(async () => {
  await maintenance?.close();
  await shop?.close();
});

describe('a virtual product in the catalog', () => {
  it("is imported from Magento's `virtual` rows and answers as VirtualProduct, without weight", async () => {
    const result = await shop.gql(
      `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { __typename sku type_id name stock_status
        price_range { minimum_price { final_price { value } } } } } }`,
      { sku: SKU },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.products.items).toEqual([
      {
        __typename: 'VirtualProduct',
        sku: SKU,
        type_id: 'virtual',
        name: 'Extended warranty',
        stock_status: 'IN_STOCK',
        price_range: { minimum_price: { final_price: { value: 25 } } },
      },
    ]);
    expect(shop.sql.prepare('select type, weight from product where sku = ?').get(SKU)).toEqual({
      type: 'virtual',
      weight: null,
    });
    const route = await shop.gql(`{ route(url: "extended-warranty.html") { __typename } }`);
    expect(route.data.route).toEqual({ __typename: 'VirtualProduct' });
  });
});

describe('a virtual product in the back office', () => {
  it('is listed with its type, and the type filter finds it', async () => {
    const listed = await staff.gql(
      `{ products(filter: { type: VIRTUAL }) { items { sku type } } all: products(filter: { search: "${SKU}" }) { items { sku type } } }`,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data.products.items).toEqual([{ sku: SKU, type: 'VIRTUAL' }]);
    expect(listed.data.all.items).toEqual([{ sku: SKU, type: 'VIRTUAL' }]);
  });
});

describe('a cart of virtual products', () => {
  it('holds VirtualCartItem lines, from addProductsToCart and addVirtualProductsToCart, and is virtual', async () => {
    const id = await virtualCart(2);
    const added = await shop.gql(
      `mutation($id: String!) { addVirtualProductsToCart(input: { cart_id: $id, cart_items: [{ data: { sku: "${SKU}", quantity: 1 } }] }) {
        cart { is_virtual total_quantity items { __typename product { __typename sku } quantity } } } }`,
      { id },
    );
    expect(added.errors).toBeUndefined();
    expect(added.data.addVirtualProductsToCart.cart).toEqual({
      is_virtual: true,
      total_quantity: 3,
      items: [{ __typename: 'VirtualCartItem', product: { __typename: 'VirtualProduct', sku: SKU }, quantity: 3 }],
    });
    const unknown = await shop.gql(
      `mutation($id: String!) { addVirtualProductsToCart(input: { cart_id: $id, cart_items: [{ data: { sku: "no-such-sku", quantity: 1 } }] }) { cart { id } } }`,
      { id },
    );
    expect(unknown.errors?.[0]?.message).toBe('Could not find a product with SKU "no-such-sku"');
  });

  it('refuses a shipping address or method, changing nothing, and offers no shipping', async () => {
    const id = await virtualCart();
    const before = await readCart(shop, id);
    const address = await setShippingAddress(shop, id, ADDRESS_CA);
    expect(address.errors?.[0]?.message).toBe(
      'Shipping address is not allowed on cart: cart contains no items for shipment.',
    );
    const method = await shop.gql(METHOD, { id });
    expect(method.errors?.[0]?.message).toBe(
      'Shipping address is not allowed on cart: cart contains no items for shipment.',
    );
    expect(await readCart(shop, id)).toEqual(before);
    expect(before.shipping_addresses).toEqual([]);
  });

  it('is taxed where it is billed, and its total has no shipping', async () => {
    const id = await virtualCart(2);
    await step(BILLING, { id, a: ADDRESS_CA });
    const cart = await readCart(shop, id);
    // 50.00 × 7.25 % = 3.625 → 3.63, billed to California; no shipping amount.
    expect(cart.prices.applied_taxes).toEqual([{ amount: { value: 3.63 }, label: 'US-CA Sales Tax' }]);
    expect(cart.prices.grand_total.value).toBeCloseTo(53.63, 2);
  });

  it('a cart with a product to ship as well is not virtual, and still needs shipping', async () => {
    const physical = simpleProduct(shop, { price: 1000, stock: 10 });
    const id = await virtualCart();
    const added = await addToCart(shop, id, [{ sku: physical.sku, quantity: 1 }]);
    expect(added.data.addProductsToCart.cart.is_virtual).toBe(false);
    await step(GUEST_EMAIL, { id });
    await step(BILLING, { id, a: ADDRESS_CA });
    await step(PAYMENT, { id });
    const placed = await shop.gql(PLACE_ORDER, { id });
    expect(placed.data.placeOrder.errors).toEqual([
      {
        code: 'UNABLE_TO_PLACE_ORDER',
        message:
          'Please check the shipping address information. The shipping address is missing. Set the address and try again.',
      },
    ]);
    // With shipping set, the flat rate counts the shipped unit only (5.00 a unit).
    await prepareCheckout(shop, id);
    const cart = await readCart(shop, id);
    expect(cart.shipping_addresses[0].selected_shipping_method.amount.value).toBe(5);
  });
});

describe('an order with nothing to ship', () => {
  let number: string;

  it('is placed without a shipping address or method, takes stock, and mails no shipping', async () => {
    const stock = stockOf(SKU);
    const id = await virtualCart(2);
    await step(GUEST_EMAIL, { id });
    await step(BILLING, { id, a: ADDRESS_CA });
    await step(PAYMENT, { id });
    const placed = await shop.gql(PLACE_ORDER, { id });
    expect(placed.errors).toBeUndefined();
    expect(placed.data.placeOrder.errors).toEqual([]);
    const order = placed.data.placeOrder.orderV2;
    number = order.number;
    expect(order.shipping_address).toBeNull();
    expect(order.shipping_method).toBeNull();
    expect(order.billing_address).toEqual({ lastname: 'Lovelace' });
    expect(order.total.total_shipping.value).toBe(0);
    expect(order.total.grand_total.value).toBeCloseTo(53.63, 2);
    expect(stockOf(SKU)).toBe(stock - 2);

    await shop.commerce.deliverMail();
    expect(readdirSync(shop.mailDir)).toContain(`order-${number}.eml`);
    const mail = readFileSync(path.join(shop.mailDir, `order-${number}.eml`), 'utf8');
    expect(mail).toContain('Extended warranty');
    expect(mail).not.toMatch(/Shipping address|Flat Rate/);
  });

  it('offers no "Ship" in the back office, and invoicing completes it', async () => {
    const read = await staff.gql(`query($n: String!) { order(number: $n) { ${ORDER} } }`, { n: number });
    expect(read.errors).toBeUndefined();
    expect(read.data.order).toMatchObject({
      status: 'PENDING',
      allowedActions: ['INVOICE', 'CANCEL'],
      shippingMethod: '',
      shippingAddress: [],
    });
    const invoiced = await staff.gql(`mutation($n: String!) { invoiceOrder(number: $n) { ${ORDER} } }`, { n: number });
    expect(invoiced.errors).toBeUndefined();
    expect(invoiced.data.invoiceOrder.status).toBe('COMPLETE');
    expect(invoiced.data.invoiceOrder.allowedActions).toEqual(['REFUND']);
    const ship = await staff.gql(`mutation($i: ShipOrderInput!) { shipOrder(input: $i) { number } }`, {
      i: { number, carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    });
    expect(ship.errors?.[0]?.message).toMatch(/cannot be shipped/);
  });
});
