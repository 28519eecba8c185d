// Downloadable products bought and downloaded (issue 32): links chosen in the cart (Magento's
// uids and the older mutation's link ids), their prices added on the server, a cart of them with
// no shipping step, DownloadableOrderItem, customerDownloadableProducts, and the download address
// that answers the buyer only, once invoiced, as often as the link allows; samples for anyone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import { importCatalogCsv } from '../src/domains/catalogTransfer/catalogImportService';
import { ADDRESS_CA, openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

let shop: Shop;
let maintenance: ShopMaintenance;
let staff: StaffBrowser;
let mediaDir: string;
const clock = () => new Date();

const SKU = 'field-guide';
const PDF = Buffer.from('%PDF-1.4 the field guide, every page\n');
const EPUB = Buffer.from('PK the field guide as an e-book\n');
const SAMPLE = Buffer.from('%PDF-1.4 chapter one\n');

const row = {
  sku: SKU,
  product_type: 'downloadable',
  attribute_set_code: 'Default',
  product_websites: 'base',
  name: 'Field guide',
  price: '10.0000',
  qty: '100.0000',
  is_in_stock: '1',
  visibility: 'Catalog, Search',
  product_online: '1',
  url_key: 'field-guide',
  downloadable_links:
    'group_title=Formats,title=PDF,price=5,downloads=2,sortorder=1,file=/f/i/field-guide.pdf|title=EPUB,price=3,downloads=unlimited,sortorder=2,file=/f/i/field-guide.epub',
  downloadable_samples: 'group_title=Samples,title=Chapter one,sortorder=1,file=/c/h/chapter-one.pdf',
};

const linkIds = () =>
  (
    shop.sql.prepare('select id, title from downloadable_link order by sort_order').all() as Array<{
      id: number;
      title: string;
    }>
  ).map((l) => l.id);
const linkUid = (id: number) => Buffer.from(`downloadable/${id}`).toString('base64');

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GraphQLResult> {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return (await response.json()) as GraphQLResult;
}

async function ok(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const result = await gql(query, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data;
}

const download = (url: string, token?: string, address = '203.0.113.9') =>
  shop.commerce.download(new Request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }), { address });

const CART_LINES = `items { __typename quantity prices { price { value } row_total { value } }
  ... on DownloadableCartItem { links { uid title price } samples { title sample_url } } }
  is_virtual prices { grand_total { value } }`;
const ADD = `mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) {
  user_errors { code message } cart { ${CART_LINES} } } }`;
const ADD_OLD = `mutation($id: String!, $links: [DownloadableProductLinksInput]) { addDownloadableProductsToCart(input: {
  cart_id: $id, cart_items: [{ data: { sku: "${SKU}", quantity: 1 }, downloadable_product_links: $links }] }) { cart { ${CART_LINES} } } }`;

async function customer(name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`;
  await ok(`mutation($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }`, {
    i: { firstname: name, lastname: 'Buyer', email, password: 'Correct-Horse-9' },
  });
  const signedInAs = await ok(
    `mutation($e: String!) { generateCustomerToken(email: $e, password: "Correct-Horse-9") { token } }`,
    { e: email },
  );
  return signedInAs.generateCustomerToken.token as string;
}

/** A customer's cart with the PDF link, through billing and payment: no shipping step. */
async function buy(token: string): Promise<string> {
  const cartId = (await ok('{ customerCart { id } }', {}, token)).customerCart.id as string;
  const added = await ok(
    ADD,
    { id: cartId, items: [{ sku: SKU, quantity: 1, selected_options: [linkUid(linkIds()[0]!)] }] },
    token,
  );
  expect(added.addProductsToCart.user_errors).toEqual([]);
  await ok(
    `mutation($id: String!, $a: CartAddressInput!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { address: $a } }) { cart { id } } }`,
    { id: cartId, a: ADDRESS_CA },
    token,
  );
  await ok(
    `mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }`,
    { id: cartId },
    token,
  );
  const placed = await ok(
    `mutation($id: String!) { placeOrder(input: { cart_id: $id }) { errors { message } orderV2 { number
      items { __typename product_sku ... on DownloadableOrderItem { downloadable_links { uid title sort_order } } } } } }`,
    { id: cartId },
    token,
  );
  expect(placed.placeOrder.errors).toEqual([]);
  expect(placed.placeOrder.orderV2.items).toEqual([
    {
      __typename: 'DownloadableOrderItem',
      product_sku: SKU,
      downloadable_links: [{ uid: linkUid(linkIds()[0]!), title: 'PDF', sort_order: 1 }],
    },
  ]);
  return placed.placeOrder.orderV2.number as string;
}

const MINE =
  '{ customerDownloadableProducts { items { date download_url order_increment_id remaining_downloads status } } }';

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'vela-downloads-'));
  const files = path.join(mediaDir, 'downloadable', 'files');
  mkdirSync(path.join(files, 'links', 'f', 'i'), { recursive: true });
  mkdirSync(path.join(files, 'samples', 'c', 'h'), { recursive: true });
  writeFileSync(path.join(files, 'links', 'f', 'i', 'field-guide.pdf'), PDF);
  writeFileSync(path.join(files, 'links', 'f', 'i', 'field-guide.epub'), EPUB);
  writeFileSync(path.join(files, 'samples', 'c', 'h', 'chapter-one.pdf'), SAMPLE);
  shop = await openShop({ now: clock, mediaDir });
  maintenance = await openShopMaintenance(shop.database);
  const report = await importCatalogCsv(
    maintenance.connection.db,
    maintenance.connection.searchIndex,
    Readable.from([stringifySync([row], { header: true })]),
    { mediaDir },
  );
  expect(report.rejected).toEqual([]);
  await createStaff(shop, 'clerk@example.com', 'staff');
  staff = (await signedIn(shop, 'clerk@example.com', clock)).browser;
}, 60_000);
afterAll(async () => {
  await maintenance?.close();
  await shop?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('a downloadable product in the cart', () => {
  it('adds the chosen links by uid, their prices on the server; the cart ships nothing', async () => {
    const cartId = (await ok('mutation { createGuestCart { cart { id } } }')).createGuestCart.cart.id as string;
    const [pdf, epub] = linkIds();
    const added = await ok(ADD, {
      id: cartId,
      items: [{ sku: SKU, quantity: 2, selected_options: [linkUid(pdf!), linkUid(epub!)] }],
    });
    expect(added.addProductsToCart.user_errors).toEqual([]);
    const cart = added.addProductsToCart.cart;
    expect(cart.is_virtual).toBe(true);
    expect(cart.items).toEqual([
      {
        __typename: 'DownloadableCartItem',
        quantity: 2,
        // 10 + 5 + 3 a unit.
        prices: { price: { value: 18 }, row_total: { value: 36 } },
        links: [
          { uid: linkUid(pdf!), title: 'PDF', price: 5 },
          { uid: linkUid(epub!), title: 'EPUB', price: 3 },
        ],
        samples: [
          {
            title: 'Chapter one',
            sample_url: expect.stringMatching(/\/downloadable\/download\/sample\/sample_id\/\d+$/),
          },
        ],
      },
    ]);
    const shipping = await gql(
      `mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { id } } }`,
      { id: cartId, a: ADDRESS_CA },
    );
    expect(shipping.errors?.[0]?.message).toBe(
      'Shipping address is not allowed on cart: cart contains no items for shipment.',
    );
  });

  it("refuses a product whose links are bought separately without any, and another product's link, adding nothing", async () => {
    const cartId = (await ok('mutation { createGuestCart { cart { id } } }')).createGuestCart.cart.id as string;
    const none = await ok(ADD, { id: cartId, items: [{ sku: SKU, quantity: 1 }] });
    expect(none.addProductsToCart.user_errors).toEqual([
      { code: 'UNDEFINED', message: 'Please specify product link(s).' },
    ]);
    const foreign = await ok(ADD, {
      id: cartId,
      items: [{ sku: SKU, quantity: 1, selected_options: [linkUid(999_999)] }],
    });
    expect(foreign.addProductsToCart.user_errors).toEqual([
      { code: 'UNDEFINED', message: 'Some of the selected links are not links of this product.' },
    ]);
    expect(foreign.addProductsToCart.cart.items).toEqual([]);
    const old = await gql(ADD_OLD, { id: cartId, links: [] });
    expect(old.errors?.[0]?.message).toBe('Please specify product link(s).');
  });

  it('takes the older mutation with link ids; the same links again add to the line', async () => {
    const cartId = (await ok('mutation { createGuestCart { cart { id } } }')).createGuestCart.cart.id as string;
    const epub = linkIds()[1]!;
    await ok(ADD_OLD, { id: cartId, links: [{ link_id: epub }] });
    const again = await ok(ADD_OLD, { id: cartId, links: [{ link_id: epub }] });
    expect(again.addDownloadableProductsToCart.cart.items).toEqual([
      expect.objectContaining({ quantity: 2, prices: { price: { value: 13 }, row_total: { value: 26 } } }),
    ]);
  });

  it('comes with all its links, at its own price, when they are not bought separately', async () => {
    shop.sql.prepare('update downloadable_product set links_purchased_separately = 0').run();
    try {
      const cartId = (await ok('mutation { createGuestCart { cart { id } } }')).createGuestCart.cart.id as string;
      const added = await ok(ADD, { id: cartId, items: [{ sku: SKU, quantity: 1 }] });
      expect(added.addProductsToCart.user_errors).toEqual([]);
      expect(added.addProductsToCart.cart.items[0]).toMatchObject({
        prices: { price: { value: 10 } },
        links: [
          { title: 'PDF', price: 0 },
          { title: 'EPUB', price: 0 },
        ],
      });
    } finally {
      shop.sql.prepare('update downloadable_product set links_purchased_separately = 1').run();
    }
  });
});

describe('a bought link', () => {
  let buyer: string;
  let number: string;
  let url: string;

  it('is listed for its buyer as pending, and not downloaded, until the order is invoiced', async () => {
    buyer = await customer('buyer');
    number = await buy(buyer);
    const listed = (await ok(MINE, {}, buyer)).customerDownloadableProducts.items;
    expect(listed).toEqual([
      {
        date: expect.any(String),
        download_url: expect.stringMatching(
          /^http:\/\/localhost:3000\/downloadable\/download\/link\/id\/[A-Za-z0-9_-]{43}$/,
        ),
        order_increment_id: number,
        remaining_downloads: '2',
        status: 'pending',
      },
    ]);
    url = listed[0].download_url;
    const early = await download(url, buyer);
    expect(early.status).toBe(403);
    expect(await early.text()).toMatch(/not been invoiced/);
  });

  it('downloads, once invoiced, the very bytes for its buyer, as often as allowed', async () => {
    const invoiced = await staff.gql(`mutation($n: String!) { invoiceOrder(number: $n) { status } }`, { n: number });
    expect(invoiced.errors).toBeUndefined();
    expect((await ok(MINE, {}, buyer)).customerDownloadableProducts.items[0].status).toBe('available');
    const first = await download(url, buyer);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="field-guide.pdf"');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PDF);
    expect((await ok(MINE, {}, buyer)).customerDownloadableProducts.items[0].remaining_downloads).toBe('1');
    // Two at once with one download left: one file, one refusal.
    const racing = await Promise.all([download(url, buyer), download(url, buyer)]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 403]);
    for (const r of racing) await r.body?.cancel();
    const listed = (await ok(MINE, {}, buyer)).customerDownloadableProducts.items[0];
    expect(listed).toMatchObject({ remaining_downloads: '0', status: 'expired' });
  });

  it('is refused to a stranger, signed in or not, and to an address that is not one', async () => {
    const other = await buy(buyer);
    await staff.gql(`mutation($n: String!) { invoiceOrder(number: $n) { status } }`, { n: other });
    const fresh = (await ok(MINE, {}, buyer)).customerDownloadableProducts.items.find(
      (i: { order_increment_id: string }) => i.order_increment_id === other,
    ).download_url as string;
    expect((await download(fresh)).status).toBe(401);
    const stranger = await customer('stranger');
    expect((await download(fresh, stranger)).status).toBe(404);
    expect((await ok(MINE, {}, stranger)).customerDownloadableProducts.items).toEqual([]);
    expect((await download(fresh.replace(/.{4}$/, 'AAAA'), buyer)).status).toBe(404);
    expect((await download('http://localhost/downloadable/download/link/id/..%2f..%2fetc', buyer)).status).toBe(404);
    const mine = await download(fresh, buyer);
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(PDF);
    const guest = await gql(MINE);
    expect(guest.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
  });

  it('serves samples to anyone, and refuses the private folder as media', async () => {
    const sampleUrl = (
      await ok(`{ products(filter: { sku: { eq: "${SKU}" } }) { items { ... on DownloadableProduct {
        downloadable_product_samples { sample_url } } } } }`)
    ).products.items[0].downloadable_product_samples[0].sample_url as string;
    const sample = await download(sampleUrl);
    expect(sample.status).toBe(200);
    expect(Buffer.from(await sample.arrayBuffer())).toEqual(SAMPLE);
    expect((await download('http://localhost/downloadable/download/sample/sample_id/999999')).status).toBe(404);
  });

  it('limits how often one client downloads', async () => {
    const sampleUrl = 'http://localhost/downloadable/download/sample/sample_id/999999';
    const answers: number[] = [];
    for (let i = 0; i < 61; i += 1) answers.push((await download(sampleUrl, undefined, '198.51.100.7')).status);
    expect(answers.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(answers[60]).toBe(429);
  });
});
