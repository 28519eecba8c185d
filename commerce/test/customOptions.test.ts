// Custom options (issue 32): Magento's `custom_options` column imported and exported, the options
// in Magento's GraphQL types on the product, required ones enforced when adding to the cart,
// priced on the server (fixed and percent of the final price), kept per line and on the order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMaintenance, type ShopMaintenance } from '../src/maintenance';
import { importCatalogCsv } from '../src/domains/catalogTransfer/catalogImportService';
import { exportCatalogCsv } from '../src/domains/catalogTransfer/catalogExportService';
import { PLACE_ORDER, newCart, openShop, prepareCheckout, type Shop } from './cartHarness';
import { createStaff, signedIn } from './backOfficeHarness';

let shop: Shop;
let maintenance: ShopMaintenance;

const SKU = 'engraved-mug';
const OPTIONS = [
  'name=Engraving,type=field,required=1,price=5.00,sku=engr,max_characters=10,price_type=fixed',
  'name=Gift box,type=drop_down,required=0,price=2.00,sku=box-s,price_type=fixed,option_title=Small',
  'name=Gift box,type=drop_down,required=0,price=10,sku=box-l,price_type=percent,option_title=Large',
  'name=Extras,type=checkbox,required=0,price=1.00,sku=ribbon,option_title=Ribbon',
  'name=Extras,type=checkbox,required=0,price=0.50,sku=card,option_title=Card',
  'name=Message,type=area,required=0,price=5,price_type=percent',
  'name=Delivery date,type=date,required=0,price=0',
].join('|');

function csv(rows: Array<Record<string, string>>): string {
  return stringifySync(rows, { header: true });
}

const productRow = (customOptions: string) => ({
  sku: SKU,
  product_type: 'simple',
  attribute_set_code: 'Default',
  name: 'Engraved mug',
  price: '20.00',
  qty: '50',
  is_in_stock: '1',
  visibility: 'Catalog, Search',
  product_online: '1',
  url_key: 'engraved-mug',
  custom_options: customOptions,
});

async function importCsv(text: string) {
  return importCatalogCsv(maintenance.connection.db, maintenance.connection.searchIndex, Readable.from([text]), {
    mediaDir: path.join(shop.dir, 'media'),
  });
}

async function exportRows(): Promise<Array<Record<string, string>>> {
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
  return parseSync(Buffer.concat(chunks).toString('utf8'), { columns: true }) as Array<Record<string, string>>;
}

const PRODUCT = `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku
  ... on CustomizableProductInterface { options { __typename uid option_id title required sort_order
    ... on CustomizableFieldOption { product_sku field: value { uid max_characters price price_type sku } }
    ... on CustomizableAreaOption { area: value { uid max_characters price price_type } }
    ... on CustomizableDateOption { date: value { uid type price price_type } }
    ... on CustomizableDropDownOption { values: value { uid option_type_id title price price_type sku sort_order } }
    ... on CustomizableCheckboxOption { values: value { uid option_type_id title price price_type sku } }
  } } } } }`;

const ADD = `mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) {
  user_errors { code message }
  cart { items { uid quantity prices { price { value } row_total { value } }
    ... on SimpleCartItem { customizable_options { customizable_option_uid label type is_required
      values { customizable_option_value_uid label value price { type units value } } } } }
    prices { subtotal_excluding_tax { value } } } } }`;

interface Option {
  __typename: string;
  uid: string;
  title: string;
  field?: unknown;
  area?: unknown;
  date?: unknown;
  values?: Array<{ title: string; uid: string; option_type_id: number }>;
}
let options: Option[];
const option = (title: string) => options.find((o) => o.title === title) as Option & Record<string, any>;
const valueUid = (title: string, value: string) => option(title).values!.find((v) => v.title === value)!.uid;

beforeAll(async () => {
  shop = await openShop();
  maintenance = await openShopMaintenance(shop.database);
  const report = await importCsv(csv([productRow(OPTIONS)]));
  expect(report.rejected).toEqual([]);
  expect(report.droppedColumns).toEqual([]);
  const result = await shop.gql(PRODUCT, { sku: SKU });
  expect(result.errors).toBeUndefined();
  options = result.data.products.items[0].options;
});
afterAll(async () => {
  await maintenance?.close();
  await shop?.close();
});

describe('custom options on the product', () => {
  it("imports Magento's custom_options column into Magento's option types", () => {
    expect(options.map((o) => [o.__typename, o.title])).toEqual([
      ['CustomizableFieldOption', 'Engraving'],
      ['CustomizableDropDownOption', 'Gift box'],
      ['CustomizableCheckboxOption', 'Extras'],
      ['CustomizableAreaOption', 'Message'],
      ['CustomizableDateOption', 'Delivery date'],
    ]);
    const engraving = option('Engraving');
    expect(engraving.required).toBe(true);
    expect(engraving.product_sku).toBe(SKU);
    expect(engraving.field).toMatchObject({ max_characters: 10, price: 5, price_type: 'FIXED', sku: 'engr' });
    // Magento's uid: base64 of custom-option/{option_id}, and /{value_id} for a value.
    expect(Buffer.from(engraving.uid, 'base64').toString()).toBe(`custom-option/${engraving.option_id}`);
    const box = option('Gift box');
    expect(box.values).toEqual([
      expect.objectContaining({ title: 'Small', price: 2, price_type: 'FIXED', sku: 'box-s' }),
      expect.objectContaining({ title: 'Large', price: 10, price_type: 'PERCENT', sku: 'box-l' }),
    ]);
    expect(Buffer.from(box.values![1]!.uid, 'base64').toString()).toBe(
      `custom-option/${box.option_id}/${box.values![1]!.option_type_id}`,
    );
    expect(option('Message').area).toMatchObject({ price: 5, price_type: 'PERCENT' });
    expect(option('Delivery date').date).toMatchObject({ type: 'DATE' });
  });

  it("exports the column as Magento's exporter writes it, and re-importing it changes nothing", async () => {
    const ids = shop.sql.prepare('select id from product_option order by id').all();
    const row = (await exportRows()).find((r) => r.sku === SKU)!;
    const cell = row.custom_options ?? '';
    expect(cell.split('|')[0]).toBe(
      'name=Engraving,type=field,required=1,price=5.00,sku=engr,max_characters=10,file_extension=,image_size_x=0,image_size_y=0,price_type=fixed',
    );
    expect(cell.split('|')[2]).toBe(
      'name=Gift box,type=drop_down,required=0,price=10.00,sku=box-l,max_characters=0,file_extension=,image_size_x=0,image_size_y=0,price_type=percent,option_title=Large',
    );
    const again = await importCsv(csv([{ ...productRow(cell) }]));
    expect(again).toMatchObject({ rejected: [], created: 0 });
    expect(shop.sql.prepare('select id from product_option order by id').all()).toEqual(ids);
    expect((await exportRows()).find((r) => r.sku === SKU)!.custom_options).toBe(cell);
  });

  it('refuses a row whose options cannot be read, so the product never sells without them', async () => {
    const report = await importCsv(
      csv([{ ...productRow('name=Photo,type=file,required=1,price=1'), sku: 'photo-mug', url_key: 'photo-mug' }]),
    );
    expect(report.rejected).toEqual([
      expect.objectContaining({
        row: 2,
        sku: 'photo-mug',
        reason: expect.stringMatching(/asks the shopper for a file/),
      }),
    ]);
    expect(shop.sql.prepare("select count(*) as n from product where sku = 'photo-mug'").get()).toEqual({ n: 0 });
  });
});

describe('custom options in the cart and on the order', () => {
  it("refuses the product without its required option, with Magento's message", async () => {
    const cartId = await newCart(shop);
    const result = await shop.gql(ADD, { id: cartId, items: [{ sku: SKU, quantity: 1 }] });
    expect(result.data.addProductsToCart.user_errors).toEqual([
      {
        code: 'UNDEFINED',
        message: "The product's required option(s) weren't entered. Make sure the options are entered and try again.",
      },
    ]);
    expect(result.data.addProductsToCart.cart.items).toEqual([]);
    const tooLong = await shop.gql(ADD, {
      id: cartId,
      items: [{ sku: SKU, quantity: 1, entered_options: [{ uid: option('Engraving').uid, value: 'ELEVEN CHARS' }] }],
    });
    expect(tooLong.data.addProductsToCart.user_errors[0].message).toBe(
      'The text is too long. Shorten the text and try again.',
    );
    const legacy = await shop.gql(
      `mutation($id: String!) { addSimpleProductsToCart(input: { cart_id: $id, cart_items: [{ data: { sku: "${SKU}", quantity: 1 } }] }) { cart { id } } }`,
      { id: cartId },
    );
    expect(legacy.errors?.[0]?.message).toMatch(/required option\(s\) weren't entered/);
  });

  it('prices the options on the server, keeps other choices on another line, and orders them', async () => {
    const cartId = await newCart(shop);
    const line = (engraving: string) => ({
      sku: SKU,
      quantity: 2,
      entered_options: [{ uid: option('Engraving').uid, value: engraving }],
      selected_options: [valueUid('Gift box', 'Large'), valueUid('Extras', 'Ribbon'), valueUid('Extras', 'Card')],
    });
    const added = await shop.gql(ADD, { id: cartId, items: [line('ADA')] });
    expect(added.errors).toBeUndefined();
    expect(added.data.addProductsToCart.user_errors).toEqual([]);
    const [first] = added.data.addProductsToCart.cart.items;
    // 20.00 + engraving 5.00 + large box 10 % of 20.00 + ribbon 1.00 + card 0.50
    expect(first.prices.price.value).toBe(28.5);
    expect(first.prices.row_total.value).toBe(57);
    expect(first.customizable_options.map((o: { label: string }) => o.label)).toEqual([
      'Engraving',
      'Gift box',
      'Extras',
    ]);
    expect(first.customizable_options[0].values).toEqual([
      {
        customizable_option_value_uid: option('Engraving').uid,
        label: '',
        value: 'ADA',
        price: { type: 'FIXED', units: '$', value: 5 },
      },
    ]);
    expect(first.customizable_options[1].values[0]).toMatchObject({
      label: 'Large',
      price: { type: 'PERCENT', units: '%', value: 10 },
    });

    // Another engraving is another line; the same choices again add to the first line.
    const more = await shop.gql(ADD, { id: cartId, items: [line('BOB'), line('ADA')] });
    const items = more.data.addProductsToCart.cart.items;
    expect(items.map((i: { quantity: number }) => i.quantity)).toEqual([4, 2]);
    expect(more.data.addProductsToCart.cart.prices.subtotal_excluding_tax.value).toBe(171);

    await prepareCheckout(shop, cartId);
    const placed = await shop.gql(
      PLACE_ORDER.replace(
        'selected_options { label value }',
        'selected_options { label value } entered_options { label value }',
      ),
      { id: cartId },
    );
    expect(placed.errors).toBeUndefined();
    const order = placed.data.placeOrder.orderV2;
    expect(order.total.subtotal.value).toBe(171);
    expect(order.items[0]).toMatchObject({
      product_sku: SKU,
      quantity_ordered: 4,
      product_sale_price: { value: 28.5 },
      entered_options: [{ label: 'Engraving', value: 'ADA' }],
      selected_options: [
        { label: 'Gift box', value: 'Large' },
        { label: 'Extras', value: 'Ribbon, Card' },
      ],
    });
    expect(order.items[1].entered_options).toEqual([{ label: 'Engraving', value: 'BOB' }]);
  });

  it('refuses a value of another option and a second value of a drop-down', async () => {
    const cartId = await newCart(shop);
    const base = { sku: SKU, quantity: 1, entered_options: [{ uid: option('Engraving').uid, value: 'X' }] };
    const twoBoxes = await shop.gql(ADD, {
      id: cartId,
      items: [{ ...base, selected_options: [valueUid('Gift box', 'Small'), valueUid('Gift box', 'Large')] }],
    });
    expect(twoBoxes.data.addProductsToCart.user_errors[0].message).toBe(
      'Some of the selected item options are not currently available.',
    );
    const forged = Buffer.from(`custom-option/${option('Gift box').option_id}/999999`).toString('base64');
    const unknown = await shop.gql(ADD, { id: cartId, items: [{ ...base, selected_options: [forged] }] });
    expect(unknown.data.addProductsToCart.user_errors[0].message).toBe(
      'Some of the selected item options are not currently available.',
    );
    expect(unknown.data.addProductsToCart.cart.items).toEqual([]);
  });
});

describe("Magento's legacy custom option rows", () => {
  it('reads the rows without sku below a product as its options', async () => {
    const text = readFileSync(
      path.join(import.meta.dirname, 'fixtures/magento-import/CatalogImportExport/product_with_custom_options_new.csv'),
      'utf8',
    );
    const report = await importCsv(text);
    expect(report.rejected).toEqual([]);
    const result = await shop.gql(PRODUCT, { sku: 'simple_new' });
    const found: Option[] = result.data.products.items[0].options;
    expect(found.map((o) => o.title)).toEqual(['Test Field', 'Test Date and Time', 'New Select', 'New Radio']);
    expect(found[0]!.field).toMatchObject({ max_characters: 100, price: 1, sku: '1-text' });
    expect(found[2]!.values!.map((v) => v.title)).toEqual(['Option 1', 'Option 2']);
  });
});

describe('custom options in the back office', () => {
  const SET = `mutation($sku: String!, $o: [AdminCustomOptionInput!]!) { setProductCustomOptions(sku: $sku, options: $o) {
    id type title required price priceType values { id title price priceType } } }`;
  const options = [
    { type: 'field', title: 'Name', required: true, sortOrder: 1, price: 3, priceType: 'fixed', maxCharacters: 12 },
    {
      type: 'radio',
      title: 'Wrap',
      required: false,
      sortOrder: 2,
      values: [{ title: 'Paper', sortOrder: 1, price: 15, priceType: 'percent' }],
    },
  ];

  it('staff replace the options (audited), viewers only read them, and shoppers see them', async () => {
    const now = () => new Date('2026-11-28T02:00:00Z');
    await createStaff(shop, 'staff@example.com', 'staff');
    await createStaff(shop, 'viewer@example.com', 'viewer');
    const staff = (await signedIn(shop, 'staff@example.com', now)).browser;
    const viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
    const sku = (
      shop.sql.prepare("select sku from product where type = 'simple' and parent_id is null limit 1").get() as {
        sku: string;
      }
    ).sku;

    expect((await viewer.gql(SET, { sku, o: options })).errors?.[0]?.message).toMatch(/staff/i);
    const bad = await staff.gql(SET, { sku, o: [{ ...options[1], values: [] }] });
    expect(bad.errors?.[0]?.message).toBe('The custom option "Wrap" needs at least one value.');

    const saved = await staff.gql(SET, { sku, o: options });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.setProductCustomOptions).toMatchObject([
      { type: 'field', title: 'Name', required: true, price: 3, priceType: 'fixed' },
      { type: 'radio', title: 'Wrap', values: [{ title: 'Paper', price: 15, priceType: 'percent' }] },
    ]);
    const listed = await viewer.gql(`query($sku: String!) { productCustomOptions(sku: $sku) { title } }`, { sku });
    expect(listed.data.productCustomOptions.map((o: { title: string }) => o.title)).toEqual(['Name', 'Wrap']);
    expect(
      shop.sql.prepare("select count(*) as n from audit_log where action = 'product.custom_options'").get(),
    ).toEqual({ n: 1 });
    const seen = await shop.gql(PRODUCT, { sku });
    expect(seen.data.products.items[0].options.map((o: Option) => o.title)).toEqual(['Name', 'Wrap']);
  });
});
