// Configurable products in the back office: created with their variants in one go, variants added
// and taken out, and the storefront's configurable options, variants and price range following
// at once. Every refused input names its problem and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser, AUDITED_CHANGES } from './backOfficeHarness';

let shop: Shop;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let mediaDir: string;
const now = () => new Date('2026-11-26T09:00:00Z');

const PRODUCT = `sku type name enabled minPrice { value } maxPrice { value } stockQty
  configurableAttributes { code label } variants { sku options price { value } stockQty enabled }`;
const CREATE = `mutation($i: AdminNewConfigurableInput!) { createConfigurableProduct(input: $i) { ${PRODUCT} } }`;
const ADD = `mutation($s: String!, $v: [AdminVariantInput!]!) { addProductVariants(sku: $s, variants: $v) { ${PRODUCT} } }`;
const REMOVE = `mutation($s: String!, $v: String!) { removeProductVariant(sku: $s, variantSku: $v) { ${PRODUCT} } }`;

interface Storefront {
  __typename: string;
  sku: string;
  configurable_options: Array<{ attribute_code: string; values: Array<{ label: string }> }>;
  variants: Array<{ product: { sku: string }; attributes: Array<{ code: string; label: string }> }>;
  price_range: { minimum_price: { final_price: { value: number } }; maximum_price: { final_price: { value: number } } };
}

async function storefront(sku: string): Promise<Storefront | undefined> {
  const query = `{ products(filter: { sku: { eq: "${sku}" } }) { items { __typename sku
    price_range { minimum_price { final_price { value } } maximum_price { final_price { value } } }
    ... on ConfigurableProduct { configurable_options { attribute_code values { label } }
      variants { product { sku } attributes { code label } } } } } }`;
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, { headers: { store: 'default' } }),
  );
  const body = (await response.json()) as GraphQLResult<{ products: { items: Storefront[] } }>;
  expect(body.errors).toBeUndefined();
  return body.data!.products.items[0];
}

function ok<T = any>(result: GraphQLResult<T>): T {
  expect(result.errors).toBeUndefined();
  return result.data as T;
}

function snapshot(): string {
  return JSON.stringify([
    shop.sql.prepare('select count(*) as n, max(id) as last from product').get(),
    shop.sql.prepare('select count(*) as n from product_attribute_value').get(),
    shop.sql.prepare('select count(*) as n from attribute_option').get(),
    shop.sql.prepare('select count(*) as n from configurable_attribute').get(),
    shop.sql
      .prepare('select id, parent_id, status, price, stock_qty from product where parent_id is not null order by id')
      .all(),
    shop.sql.prepare(AUDITED_CHANGES).get(),
    shop.sql.prepare('select version from catalog_version').get(),
  ]);
}

const variant = (sku: string, color: string, size: string, price = 40, stockQty = 5) => ({
  sku,
  options: [
    { code: 'color', label: color },
    { code: 'size', label: size },
  ],
  price,
  stockQty,
});

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(os.tmpdir(), 'vela-media-'));
  shop = await openShop({ now, mediaDir });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
}, 60_000);
afterAll(async () => {
  await shop?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('configurable products', () => {
  it('lists the attributes a product can be configured by, with the values the shop has', async () => {
    const data = ok(await viewer.gql('{ configurableAttributeChoices { code label options } }'));
    const color = data.configurableAttributeChoices.find((a: { code: string }) => a.code === 'color');
    expect(color.label).toBe('Color');
    expect(color.options.length).toBeGreaterThan(2);
    expect(data.configurableAttributeChoices.map((a: { code: string }) => a.code)).toContain('size');
  });

  it('creates one with its variants; the storefront offers its options and price range at once', async () => {
    // Warm the response cache with the answer "no such product".
    expect(await storefront('BO-CAPE')).toBeUndefined();
    const data = ok(
      await staff.gql(CREATE, {
        i: {
          sku: 'BO-CAPE',
          name: 'Drift Rain Cape',
          attributeCodes: ['color', 'size'],
          variants: [
            variant('BO-CAPE-OCEAN-S', 'Ocean', 'S', 80),
            variant('BO-CAPE-OCEAN-M', 'Ocean', 'M', 85),
            variant('BO-CAPE-BLACK-M', 'Black', 'M', 90, 0),
          ],
        },
      }),
    );
    const product = data.createConfigurableProduct;
    expect(product).toMatchObject({ sku: 'BO-CAPE', type: 'CONFIGURABLE', enabled: true });
    expect(product.configurableAttributes).toEqual([
      { code: 'color', label: 'Color' },
      { code: 'size', label: 'Size' },
    ]);
    expect(product.variants.map((v: { sku: string }) => v.sku).sort()).toEqual([
      'BO-CAPE-BLACK-M',
      'BO-CAPE-OCEAN-M',
      'BO-CAPE-OCEAN-S',
    ]);
    expect(product.variants.find((v: { sku: string }) => v.sku === 'BO-CAPE-OCEAN-S').options).toEqual([
      'Color: Ocean',
      'Size: S',
    ]);
    const shown = await storefront('BO-CAPE');
    expect(shown?.__typename).toBe('ConfigurableProduct');
    expect(shown?.configurable_options.map((o) => o.attribute_code)).toEqual(['color', 'size']);
    expect(shown?.configurable_options[0]!.values.map((v) => v.label).sort()).toEqual(['Black', 'Ocean']);
    expect(shown?.variants).toHaveLength(3);
    // Prices follow the in-stock variants.
    expect(shown?.price_range.minimum_price.final_price.value).toBe(80);
    expect(shown?.price_range.maximum_price.final_price.value).toBe(85);
    const audit = shop.sql
      .prepare("select after from audit_log where action = 'product.create' and entity_id = 'BO-CAPE'")
      .get() as { after: string };
    expect(JSON.parse(audit.after).variants).toHaveLength(3);
  });

  it('adds a variant with a new value; the storefront offers it at once', async () => {
    const data = ok(await staff.gql(ADD, { s: 'BO-CAPE', v: [variant('BO-CAPE-MOSS-L', 'Moss', 'L', 70, 3)] }));
    expect(data.addProductVariants.variants).toHaveLength(4);
    expect(data.addProductVariants.minPrice.value).toBe(70);
    const shown = await storefront('BO-CAPE');
    expect(shown?.variants.map((v) => v.product.sku)).toContain('BO-CAPE-MOSS-L');
    expect(shown?.configurable_options[0]!.values.map((v) => v.label)).toContain('Moss');
    expect(shown?.price_range.minimum_price.final_price.value).toBe(70);
  });

  it('takes a variant out: switched off, no longer offered; the last one cannot go', async () => {
    const data = ok(await staff.gql(REMOVE, { s: 'BO-CAPE', v: 'BO-CAPE-MOSS-L' }));
    expect(data.removeProductVariant.variants.map((v: { sku: string }) => v.sku)).not.toContain('BO-CAPE-MOSS-L');
    const shown = await storefront('BO-CAPE');
    expect(shown?.variants.map((v) => v.product.sku)).not.toContain('BO-CAPE-MOSS-L');
    expect(shown?.price_range.minimum_price.final_price.value).toBe(80);
    const removed = shop.sql.prepare("select parent_id, status from product where sku = 'BO-CAPE-MOSS-L'").get() as {
      parent_id: number | null;
      status: number;
    };
    expect(removed).toEqual({ parent_id: null, status: 2 });

    ok(await staff.gql(REMOVE, { s: 'BO-CAPE', v: 'BO-CAPE-BLACK-M' }));
    ok(await staff.gql(REMOVE, { s: 'BO-CAPE', v: 'BO-CAPE-OCEAN-M' }));
    const before = snapshot();
    const last = await staff.gql(REMOVE, { s: 'BO-CAPE', v: 'BO-CAPE-OCEAN-S' });
    expect(last.errors?.[0]?.message).toContain('This is the last variant');
    expect(snapshot()).toBe(before);
  });

  it('refuses bad input with a message naming it, and changes nothing', async () => {
    const simple = (
      shop.sql.prepare("select sku from product where type = 'simple' and parent_id is null limit 1").get() as {
        sku: string;
      }
    ).sku;
    const base = {
      sku: 'BO-NEW',
      name: 'New cape',
      attributeCodes: ['color', 'size'],
      variants: [variant('BO-NEW-1', 'Red', 'S')],
    };
    const creates: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, attributeCodes: [] }, /Choose at least one attribute/],
      [{ ...base, attributeCodes: ['no_such_code'] }, /There is no attribute "no_such_code"/],
      [{ ...base, variants: [] }, /needs at least one variant/],
      [{ ...base, sku: simple }, new RegExp(`The SKU "${simple}" is taken`)],
      [{ ...base, name: '' }, /Name: This field is required/],
      [{ ...base, variants: [variant(simple, 'Red', 'S')] }, new RegExp(`The SKU "${simple}" is taken`)],
      [{ ...base, variants: [variant('BO-NEW-1', 'Red, bright', 'S')] }, /must not contain , \| or =/],
      [{ ...base, variants: [variant('BO-NEW-1', '', 'S')] }, /every option needs a value/],
      [{ ...base, variants: [variant('BO-NEW-1', 'Red', 'S', -1)] }, /must not be negative/],
      [{ ...base, variants: [variant('BO-NEW-1', 'Red', 'S', 1.234)] }, /more than 2 decimals/],
      [{ ...base, variants: [variant('BO-NEW-1', 'Red', 'S', 10, -2)] }, /Stock must not be negative/],
      [
        { ...base, variants: [variant('BO-NEW-1', 'Red', 'S'), variant('BO-NEW-2', 'red', 's')] },
        /has the same options as BO-NEW-1/,
      ],
      [
        { ...base, variants: [variant('BO-NEW-1', 'Red', 'S'), variant('BO-NEW-1', 'Blue', 'S')] },
        /The SKU "BO-NEW-1" is taken/,
      ],
      [
        { ...base, variants: [{ ...variant('BO-NEW-1', 'Red', 'S'), options: [{ code: 'color', label: 'Red' }] }] },
        /needs exactly one value for size/,
      ],
      // 'Not a key!' would be made not-a-key, as Magento does; a key with nothing to make one from is refused.
      [{ ...base, urlKey: '!!!' }, /url_key|URL key/i],
    ];
    const before = snapshot();
    for (const [input, message] of creates) {
      const result = await staff.gql(CREATE, { i: input });
      expect(result.errors?.[0]?.message, JSON.stringify(input).slice(0, 120)).toMatch(message);
      expect(snapshot()).toBe(before);
    }
    const adds: Array<[string, unknown[], RegExp]> = [
      [simple, [variant('BO-X-1', 'Red', 'S')], /is a simple product: only configurable products have variants/],
      ['NO-SUCH-SKU', [variant('BO-X-1', 'Red', 'S')], /There is no product with the sku "NO-SUCH-SKU"/],
      ['BO-CAPE', [variant('BO-X-1', 'ocean', 's')], /has the same options as BO-CAPE-OCEAN-S/],
      ['BO-CAPE', [], /Give at least one variant/],
    ];
    for (const [sku, variants, message] of adds) {
      const result = await staff.gql(ADD, { s: sku, v: variants });
      expect(result.errors?.[0]?.message).toMatch(message);
      expect(snapshot()).toBe(before);
    }
    const refused = await viewer.gql(ADD, { s: 'BO-CAPE', v: [variant('BO-X-1', 'Red', 'S')] });
    expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    expect(snapshot()).toBe(before);
  });
});
