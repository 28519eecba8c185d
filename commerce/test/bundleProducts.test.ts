// Bundle and grouped products (issue 32): Magento's bundle_values and associated_skus columns
// imported and exported, BundleProduct and GroupedProduct in Magento's GraphQL shapes, bundles
// added with Magento's uids and with addBundleProductsToCart, required options enforced, prices
// computed on the server (dynamic and fixed), the chosen products' stock checked and taken, and
// the choices kept on the order, its mail and its documents.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import { importCatalogCsv } from '../src/domains/catalogTransfer/catalogImportService';
import { exportCatalogCsv } from '../src/domains/catalogTransfer/catalogExportService';
import { PLACE_ORDER, newCart, openShop, prepareCheckout, type Shop } from './cartHarness';

let shop: Shop;
let maintenance: ShopMaintenance;

const simple = (sku: string, price: string, qty: string) => ({
  sku,
  product_type: 'simple',
  name: `Part ${sku}`,
  price,
  qty,
  visibility: 'Not Visible Individually',
  url_key: sku,
});

const ROWS: Array<Record<string, string>> = [
  // Magento writes the bundle before or after its parts: the parts come later here.
  {
    sku: 'kit-dynamic',
    product_type: 'bundle',
    name: 'Desk kit',
    price: '',
    qty: '0',
    visibility: 'Catalog, Search',
    url_key: 'desk-kit',
    additional_attributes: 'shipment_type=Separately',
    bundle_price_type: 'dynamic',
    bundle_sku_type: 'dynamic',
    bundle_price_view: 'Price range',
    bundle_weight_type: 'dynamic',
    bundle_values: [
      'name=Lamp,type=radiobutton,required=1,sku=lamp-a,price=0.0000,default=1,default_qty=1.0000,price_type=fixed,can_change_qty=0',
      'name=Lamp,type=radiobutton,required=1,sku=lamp-b,price=0.0000,default=0,default_qty=1.0000,price_type=fixed,can_change_qty=0',
      'name=Pens,type=checkbox,required=0,sku=pen,price=0.0000,default=0,default_qty=2.0000,price_type=fixed,can_change_qty=1',
      'name=Pens,type=checkbox,required=0,sku=pencil,price=0.0000,default=0,default_qty=3.0000,price_type=fixed,can_change_qty=0',
    ].join('|'),
  },
  {
    sku: 'kit-fixed',
    product_type: 'bundle',
    name: 'Gift kit',
    price: '50.00',
    qty: '0',
    visibility: 'Catalog, Search',
    url_key: 'gift-kit',
    bundle_price_type: 'fixed',
    bundle_sku_type: 'fixed',
    bundle_price_view: 'As low as',
    bundle_weight_type: 'fixed',
    bundle_shipment_type: 'together',
    bundle_values: [
      'name=Wrap,type=dropdown,required=1,sku=lamp-a,price=5.0000,default=1,default_qty=1.0000,price_type=fixed,can_change_qty=0',
      'name=Wrap,type=dropdown,required=1,sku=pen,price=10.0000,default=0,default_qty=1.0000,price_type=percent,can_change_qty=0',
    ].join('|'),
  },
  {
    sku: 'stationery-set',
    product_type: 'grouped',
    name: 'Stationery set',
    price: '',
    visibility: 'Catalog, Search',
    url_key: 'stationery-set',
    associated_skus: 'pen=2.0000,pencil=0.0000',
  },
  simple('lamp-a', '30.00', '5'),
  simple('lamp-b', '45.00', '5'),
  simple('pen', '2.50', '100'),
  simple('pencil', '1.00', '7'),
];

const csv = (rows: Array<Record<string, string>>) =>
  stringifySync(rows, {
    header: true,
    columns: Object.keys(ROWS[0]!).concat(['bundle_shipment_type', 'associated_skus']),
  });

async function importCsv(text: string) {
  return importCatalogCsv(maintenance.connection.db, maintenance.connection.searchIndex, Readable.from([text]), {
    mediaDir: path.join(shop.dir, 'media'),
  });
}

async function exportText(): Promise<string> {
  const chunks: Buffer[] = [];
  await exportCatalogCsv(
    maintenance.connection.db,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks).toString('utf8');
}

const PRODUCT = `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { __typename sku stock_status
  price_range { minimum_price { final_price { value } } maximum_price { final_price { value } } }
  ... on BundleProduct { dynamic_price dynamic_sku price_view ship_bundle_items
    items { uid option_id title required type position
      options { uid id label quantity can_change_quantity is_default price price_type product { sku } } } }
  ... on GroupedProduct { items { qty position product { sku } } } } } }`;

const ADD = `mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) {
  user_errors { code message }
  cart { items { uid quantity prices { price { value } row_total { value } } product { sku }
    ... on BundleCartItem { bundle_options { uid label type values { id label quantity price } } } } } } }`;

const ADD_BUNDLE = `mutation($input: AddBundleProductsToCartInput) { addBundleProductsToCart(input: $input) {
  cart { items { quantity prices { price { value } } ... on BundleCartItem { bundle_options { label values { label quantity price } } } } } } }`;

interface Item {
  uid: string;
  option_id: number;
  title: string;
  options: Array<{ uid: string; id: number; label: string; product: { sku: string } }>;
}
let dynamicItems: Item[];
let fixedItems: Item[];
const selection = (items: Item[], title: string, sku: string) =>
  items.find((i) => i.title === title)!.options.find((o) => o.product.sku === sku)!;
/** Magento's selection uid with another quantity (the shopper's, where the option allows it). */
const withQty = (uid: string, qty: number) =>
  Buffer.from(
    Buffer.from(uid, 'base64')
      .toString('utf8')
      .replace(/\/[^/]+$/, `/${qty}`),
  ).toString('base64');

const stockOf = (sku: string) =>
  Number((shop.sql.prepare('SELECT stock_qty FROM product WHERE sku = ?').get(sku) as { stock_qty: number }).stock_qty);

beforeAll(async () => {
  shop = await openShop();
  maintenance = await openShopMaintenance(shop.database);
  const report = await importCsv(csv(ROWS));
  expect(report.rejected).toEqual([]);
  expect(report.droppedColumns).toEqual([]);
  const dynamic = await shop.gql(PRODUCT, { sku: 'kit-dynamic' });
  expect(dynamic.errors).toBeUndefined();
  dynamicItems = dynamic.data.products.items[0].items;
  fixedItems = (await shop.gql(PRODUCT, { sku: 'kit-fixed' })).data.products.items[0].items;
});
afterAll(async () => {
  await maintenance?.close();
  await shop?.close();
});

describe('bundle and grouped products in the catalog', () => {
  it("imports Magento's bundle columns into BundleProduct with its options, selections and price range", async () => {
    const result = await shop.gql(PRODUCT, { sku: 'kit-dynamic' });
    const product = result.data.products.items[0];
    expect(product).toMatchObject({
      __typename: 'BundleProduct',
      dynamic_price: true,
      dynamic_sku: true,
      price_view: 'PRICE_RANGE',
      ship_bundle_items: 'SEPARATELY',
      stock_status: 'IN_STOCK',
      // Cheapest lamp; every lamp at most (one of them) plus every pen and pencil at their default quantities.
      price_range: { minimum_price: { final_price: { value: 30 } }, maximum_price: { final_price: { value: 53 } } },
    });
    expect(product.items.map((i: Item & { type: string; required: boolean }) => [i.title, i.type, i.required])).toEqual(
      [
        ['Lamp', 'radio', true],
        ['Pens', 'checkbox', false],
      ],
    );
    expect(Buffer.from(product.items[0].options[0].uid, 'base64').toString()).toBe(
      `bundle/${product.items[0].option_id}/${product.items[0].options[0].id}/1`,
    );
    expect(product.items[1].options[0]).toMatchObject({ label: 'Part pen', quantity: 2, can_change_quantity: true });
    // The shipment type is a bundle setting, not a filterable attribute.
    expect(shop.sql.prepare("SELECT code FROM attribute WHERE code = 'shipment_type'").all()).toEqual([]);
  });

  it('prices a fixed bundle from its own price plus fixed and percent selections', async () => {
    const product = (await shop.gql(PRODUCT, { sku: 'kit-fixed' })).data.products.items[0];
    expect(product).toMatchObject({
      dynamic_price: false,
      price_view: 'AS_LOW_AS',
      ship_bundle_items: 'TOGETHER',
      price_range: { minimum_price: { final_price: { value: 55 } }, maximum_price: { final_price: { value: 55 } } },
    });
    expect(selection(fixedItems, 'Wrap', 'pen')).toMatchObject({ price: 10, price_type: 'PERCENT' });
  });

  it("answers a grouped product's members with their default quantities", async () => {
    const result = await shop.gql(PRODUCT, { sku: 'stationery-set' });
    expect(result.errors).toBeUndefined();
    const product = result.data.products.items[0];
    expect(product.__typename).toBe('GroupedProduct');
    expect(product.items).toEqual([
      { qty: 2, position: 0, product: { sku: 'pen' } },
      { qty: 0, position: 1, product: { sku: 'pencil' } },
    ]);
    expect(product.price_range.minimum_price.final_price.value).toBe(1);
  });

  it('exports the bundle and grouped columns as Magento writes them, and a re-import changes nothing', async () => {
    const first = await exportText();
    const rows = parseSync(first, { columns: true }) as Array<Record<string, string>>;
    const kit = rows.find((r) => r.sku === 'kit-dynamic')!;
    expect(kit).toMatchObject({
      product_type: 'bundle',
      bundle_price_type: 'dynamic',
      bundle_price_view: 'Price range',
      bundle_shipment_type: 'separately',
    });
    expect(kit.bundle_values).toBe(
      'name=Lamp,type=radiobutton,required=1,sku=lamp-a,price=0.0000,default=1,default_qty=1.0000,price_type=fixed,can_change_qty=0|' +
        'name=Lamp,type=radiobutton,required=1,sku=lamp-b,price=0.0000,default=0,default_qty=1.0000,price_type=fixed,can_change_qty=0|' +
        'name=Pens,type=checkbox,required=0,sku=pen,price=0.0000,default=0,default_qty=2.0000,price_type=fixed,can_change_qty=1|' +
        'name=Pens,type=checkbox,required=0,sku=pencil,price=0.0000,default=0,default_qty=3.0000,price_type=fixed,can_change_qty=0',
    );
    expect(rows.find((r) => r.sku === 'stationery-set')!.associated_skus).toBe('pen=2.0000,pencil=0.0000');
    const report = await importCsv(first);
    expect(report.rejected).toEqual([]);
    expect(await exportText()).toBe(first);
    // Ids are kept: the uids carts hold stay valid.
    const again = (await shop.gql(PRODUCT, { sku: 'kit-dynamic' })).data.products.items[0].items;
    expect(again.map((i: Item) => i.options.map((o) => o.uid))).toEqual(
      dynamicItems.map((i) => i.options.map((o) => o.uid)),
    );
  });

  it('refuses a bundle whose selection is not a simple product, by row and column', async () => {
    const report = await importCsv(
      csv([
        {
          ...ROWS[0]!,
          sku: 'kit-bad',
          url_key: 'kit-bad',
          bundle_values: 'name=Set,type=dropdown,required=1,sku=stationery-set,price=0,default=1,default_qty=1',
        },
      ]),
    );
    expect(report.rejected).toEqual([
      expect.objectContaining({
        sku: 'kit-bad',
        reason: expect.stringContaining('bundle_values: sku stationery-set is a grouped product'),
      }),
    ]);
  });
});

describe('bundles in the cart and the order', () => {
  it("refuses a bundle without its required option, with Magento's messages", async () => {
    const cartId = await newCart(shop);
    const none = await shop.gql(ADD, { id: cartId, items: [{ sku: 'kit-dynamic', quantity: 1 }] });
    expect(none.data.addProductsToCart.user_errors).toEqual([
      { code: 'UNDEFINED', message: 'Please specify product option(s).' },
    ]);
    const pensOnly = await shop.gql(ADD, {
      id: cartId,
      items: [{ sku: 'kit-dynamic', quantity: 1, selected_options: [selection(dynamicItems, 'Pens', 'pen').uid] }],
    });
    expect(pensOnly.data.addProductsToCart.user_errors).toEqual([
      { code: 'UNDEFINED', message: 'Please select all required options.' },
    ]);
    const twoLamps = await shop.gql(ADD, {
      id: cartId,
      items: [
        {
          sku: 'kit-dynamic',
          quantity: 1,
          selected_options: [
            selection(dynamicItems, 'Lamp', 'lamp-a').uid,
            selection(dynamicItems, 'Lamp', 'lamp-b').uid,
          ],
        },
      ],
    });
    expect(twoLamps.data.addProductsToCart.user_errors[0].message).toBe('The options you selected are not available.');
    expect((await shop.gql(ADD, { id: cartId, items: [] })).data.addProductsToCart.cart.items).toEqual([]);
  });

  it('prices a dynamic bundle as the sum of its chosen products, each choice its own line', async () => {
    const cartId = await newCart(shop);
    const lampA = selection(dynamicItems, 'Lamp', 'lamp-a').uid;
    const pen = selection(dynamicItems, 'Pens', 'pen').uid;
    const pencil = selection(dynamicItems, 'Pens', 'pencil').uid;
    const result = await shop.gql(ADD, {
      id: cartId,
      items: [
        // The pen's quantity may change (4); the pencil's may not: asking 9 gets its default, 3.
        { sku: 'kit-dynamic', quantity: 2, selected_options: [lampA, withQty(pen, 4), withQty(pencil, 9)] },
        { sku: 'kit-dynamic', quantity: 1, selected_options: [lampA] },
        { sku: 'kit-dynamic', quantity: 1, selected_options: [lampA] },
      ],
    });
    expect(result.data.addProductsToCart.user_errors).toEqual([]);
    const items = result.data.addProductsToCart.cart.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      quantity: 2,
      prices: { price: { value: 43 }, row_total: { value: 86 } },
      bundle_options: [
        { label: 'Lamp', type: 'radio', values: [{ label: 'Part lamp-a', quantity: 1, price: 30 }] },
        {
          label: 'Pens',
          values: [
            { label: 'Part pen', quantity: 4, price: 2.5 },
            { label: 'Part pencil', quantity: 3, price: 1 },
          ],
        },
      ],
    });
    expect(items[1]).toMatchObject({ quantity: 2, prices: { price: { value: 30 } } });
  });

  it('adds with addBundleProductsToCart and prices a fixed bundle on the server', async () => {
    const cartId = await newCart(shop);
    const wrap = fixedItems.find((i) => i.title === 'Wrap')!;
    const result = await shop.gql(ADD_BUNDLE, {
      input: {
        cart_id: cartId,
        cart_items: [
          {
            data: { sku: 'kit-fixed', quantity: 1 },
            bundle_options: [
              { id: wrap.option_id, quantity: 1, value: [String(selection(fixedItems, 'Wrap', 'pen').id)] },
            ],
          },
        ],
      },
    });
    expect(result.errors).toBeUndefined();
    // 50 plus 10 % of 50.
    expect(result.data.addBundleProductsToCart.cart.items[0]).toMatchObject({
      prices: { price: { value: 55 } },
      bundle_options: [{ label: 'Wrap', values: [{ label: 'Part pen', quantity: 1, price: 5 }] }],
    });
    const missing = await shop.gql(ADD_BUNDLE, {
      input: { cart_id: cartId, cart_items: [{ data: { sku: 'kit-fixed', quantity: 1 }, bundle_options: [] }] },
    });
    expect(missing.errors?.[0]?.message).toBe('Please specify product option(s).');
  });

  it("checks the chosen products' stock across lines", async () => {
    const cartId = await newCart(shop);
    const pencil = selection(dynamicItems, 'Pens', 'pencil').uid;
    const lampB = selection(dynamicItems, 'Lamp', 'lamp-b').uid;
    // Seven pencils in stock, three in each bundle: three bundles need nine.
    const result = await shop.gql(ADD, {
      id: cartId,
      items: [{ sku: 'kit-dynamic', quantity: 3, selected_options: [lampB, pencil] }],
    });
    expect(result.data.addProductsToCart.user_errors).toEqual([
      { code: 'INSUFFICIENT_STOCK', message: 'The requested qty is not available' },
    ]);
    const one = await shop.gql(ADD, {
      id: cartId,
      items: [{ sku: 'kit-dynamic', quantity: 1, selected_options: [lampB, pencil] }],
    });
    expect(one.data.addProductsToCart.user_errors).toEqual([]);
    // A pencil line beside it: 3 + 5 > 7.
    const more = await shop.gql(ADD, { id: cartId, items: [{ sku: 'pencil', quantity: 5 }] });
    expect(more.data.addProductsToCart.user_errors[0].code).toBe('INSUFFICIENT_STOCK');
  });

  it('places the order: takes the chosen products from stock and keeps the bundle on the line, the mail and the account', async () => {
    const cartId = await newCart(shop);
    const lampB = selection(dynamicItems, 'Lamp', 'lamp-b').uid;
    const pen = selection(dynamicItems, 'Pens', 'pen').uid;
    const before = { lamp: stockOf('lamp-b'), pen: stockOf('pen') };
    const added = await shop.gql(ADD, {
      id: cartId,
      items: [{ sku: 'kit-dynamic', quantity: 2, selected_options: [lampB, withQty(pen, 3)] }],
    });
    expect(added.data.addProductsToCart.user_errors).toEqual([]);
    await prepareCheckout(shop, cartId, { email: 'bundle@example.com' });
    const placed = await shop.gql(
      PLACE_ORDER.replace(
        'selected_options { label value }',
        'selected_options { label value } ... on BundleOrderItem { bundle_options { label values { product_name product_sku quantity price { value } } } }',
      ),
      { id: cartId },
    );
    expect(placed.errors).toBeUndefined();
    const order = placed.data.placeOrder.orderV2;
    expect(order.total.subtotal.value).toBe(2 * (45 + 3 * 2.5));
    expect(order.items[0]).toMatchObject({
      product_sku: 'kit-dynamic',
      quantity_ordered: 2,
      product_sale_price: { value: 52.5 },
      bundle_options: [
        {
          label: 'Lamp',
          values: [{ product_name: 'Part lamp-b', product_sku: 'lamp-b', quantity: 1, price: { value: 45 } }],
        },
        {
          label: 'Pens',
          values: [{ product_name: 'Part pen', product_sku: 'pen', quantity: 3, price: { value: 2.5 } }],
        },
      ],
    });
    expect(stockOf('lamp-b')).toBe(before.lamp - 2);
    expect(stockOf('pen')).toBe(before.pen - 6);
    await shop.commerce.deliverMail();
    const mail = readdirSync(shop.mailDir)
      .filter((f) => f.includes(order.number))
      .map((f) => readFileSync(path.join(shop.mailDir, f), 'utf8'))
      .join('\n');
    expect(mail).toContain('Lamp: 1 x Part lamp-b');
    expect(mail).toContain('Pens: 3 x Part pen');
  });

  it('sells a bundle out when a required option has nothing left in stock', async () => {
    shop.sql.prepare("UPDATE product SET stock_qty = 0, in_stock = 0 WHERE sku IN ('lamp-a', 'lamp-b')").run();
    const cartId = await newCart(shop);
    const result = await shop.gql(ADD, {
      id: cartId,
      items: [{ sku: 'kit-dynamic', quantity: 1, selected_options: [selection(dynamicItems, 'Lamp', 'lamp-a').uid] }],
    });
    expect(result.data.addProductsToCart.user_errors[0].code).toBe('NOT_SALABLE');
    shop.sql.prepare("UPDATE product SET stock_qty = 5, in_stock = 1 WHERE sku IN ('lamp-a', 'lamp-b')").run();
  });

  it("adds a grouped product's members in one request, each its own line; the group itself is refused", async () => {
    const cartId = await newCart(shop);
    const result = await shop.gql(ADD, {
      id: cartId,
      items: [
        { sku: 'pen', quantity: 2 },
        { sku: 'pencil', quantity: 1 },
        { sku: 'stationery-set', quantity: 1 },
      ],
    });
    expect(result.data.addProductsToCart.user_errors).toEqual([
      { code: 'UNDEFINED', message: 'Please specify the quantity of product(s).' },
    ]);
    expect(
      result.data.addProductsToCart.cart.items.map((i: { product: { sku: string }; quantity: number }) => [
        i.product.sku,
        i.quantity,
      ]),
    ).toEqual([
      ['pen', 2],
      ['pencil', 1],
    ]);
  });
});
