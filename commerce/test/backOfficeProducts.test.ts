// Products in the back office: the list with its search, filters and paging; edits with every
// refusal changing nothing; a new simple product; a product switched off; and a price change the
// storefront's cached /graphql answer shows as soon as the mutation returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser, AUDITED_CHANGES } from './backOfficeHarness';

let shop: Shop;
let staff: StaffBrowser;
let viewer: StaffBrowser;
const clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;

const PRODUCT_FIELDS = `sku type parentSku name urlKey description shortDescription metaTitle metaDescription
  price { value currency } specialPrice { value } minPrice { value } maxPrice { value } stockQty inStock enabled storefrontPath
  categories { id path } images { url label } variants { sku options price { value } stockQty enabled }`;
const PRODUCT = `query($s: String!) { product(sku: $s) { ${PRODUCT_FIELDS} } }`;
const UPDATE = `mutation($s: String!, $i: AdminProductInput!) { updateProduct(sku: $s, input: $i) { ${PRODUCT_FIELDS} } }`;
const CREATE = `mutation($i: AdminNewProductInput!) { createProduct(input: $i) { ${PRODUCT_FIELDS} } }`;
const LIST = `query($f: AdminProductFilter, $p: Int, $n: Int) { products(filter: $f, page: $p, pageSize: $n) {
  totalCount page pageSize totalPages items { sku name type enabled minPrice { value } maxPrice { value } stockQty variantCount } } }`;

interface Row {
  id: number;
  sku: string;
  name: string;
  url_key: string;
}

function simpleRow(offset = 0): Row {
  return shop.sql
    .prepare(
      `select id, sku, name, url_key from product where type = 'simple' and parent_id is null and visibility = 4 and status = 1 order by id limit 1 offset ?`,
    )
    .get(offset) as Row;
}

/** Everything an edit could touch, to prove a refused one touched nothing. */
function snapshot(productId: number) {
  const q = (text: string, ...args: unknown[]) => shop.sql.prepare(text).all(...args);
  return JSON.stringify([
    q('select * from product where id = ? or id = (select parent_id from product where id = ?)', productId, productId),
    q('select * from category_product where product_id = ? order by category_id', productId),
    q("select * from url_rewrite where entity_type = 'PRODUCT' and entity_id = ? order by id", productId),
    q(AUDITED_CHANGES),
    q('select version from catalog_version'),
  ]);
}

async function storefrontGet(query: string): Promise<{ cache: string | null; body: GraphQLResult }> {
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, {
      headers: { accept: 'application/json', store: 'default' },
    }),
  );
  return { cache: response.headers.get('x-cache'), body: (await response.json()) as GraphQLResult };
}

const priceQuery = (sku: string) =>
  `{ products(filter: { sku: { eq: "${sku}" } }) { items { sku price_range { minimum_price { final_price { value } regular_price { value } } } } } }`;

function ok<T = any>(result: GraphQLResult<T>): T {
  expect(result.errors).toBeUndefined();
  return result.data as T;
}

function refusal(result: GraphQLResult): { message: string; field: unknown; category: unknown } {
  expect(result.errors).toHaveLength(1);
  const error = result.errors![0]!;
  return { message: error.message, field: error.extensions?.field, category: error.extensions?.category };
}

beforeAll(async () => {
  shop = await openShop({ now });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
}, 60_000);
afterAll(async () => shop?.close());

describe('the product list', () => {
  it('lists parents and simple products, never variants, 20 a page by default', async () => {
    const data = ok(await viewer.gql(LIST));
    const expected = shop.sql.prepare('select count(*) as n from product where parent_id is null').get() as {
      n: number;
    };
    expect(data.products.totalCount).toBe(expected.n);
    expect(data.products.items).toHaveLength(20);
    expect(data.products.totalPages).toBe(Math.ceil(expected.n / 20));
    const variantSkus = new Set(
      (shop.sql.prepare('select sku from product where parent_id is not null').all() as Array<{ sku: string }>).map(
        (r) => r.sku,
      ),
    );
    expect(data.products.items.some((i: { sku: string }) => variantSkus.has(i.sku))).toBe(false);
  });

  it('pages on the server without repeating or losing a product', async () => {
    const seen = new Set<string>();
    const first = ok(await viewer.gql(LIST, { n: 50 }));
    for (let page = 1; page <= first.products.totalPages; page++) {
      const data = ok(await viewer.gql(LIST, { p: page, n: 50 }));
      for (const item of data.products.items) seen.add(item.sku);
    }
    expect(seen.size).toBe(first.products.totalCount);
    expect(refusal(await viewer.gql(LIST, { n: 101 })).message).toMatch(/pageSize/);
    expect(refusal(await viewer.gql(LIST, { p: 0 })).message).toMatch(/page/);
  });

  it('searches by sku and by name, whatever the case, and treats % and _ as text', async () => {
    const row = simpleRow(3);
    const bySku = ok(await viewer.gql(LIST, { f: { search: row.sku.toLowerCase() } }));
    expect(bySku.products.items.map((i: { sku: string }) => i.sku)).toContain(row.sku);
    const word = row.name.split(' ')[0]!.toUpperCase();
    const byName = ok(await viewer.gql(LIST, { f: { search: word }, n: 100 }));
    expect(byName.products.totalCount).toBeGreaterThan(0);
    for (const item of byName.products.items)
      expect(`${item.sku} ${item.name}`.toLowerCase()).toContain(word.toLowerCase());
    expect(byName.products.items.map((i: { sku: string }) => i.sku)).toContain(row.sku);
    expect(ok(await viewer.gql(LIST, { f: { search: '%' } })).products.totalCount).toBe(0);
    expect(ok(await viewer.gql(LIST, { f: { search: '_' } })).products.totalCount).toBe(0);
  });

  it('filters by type, status and stock level', async () => {
    const configurables = ok(await viewer.gql(LIST, { f: { type: 'CONFIGURABLE' }, n: 100 }));
    expect(configurables.products.totalCount).toBeGreaterThan(0);
    for (const item of configurables.products.items) {
      expect(item.type).toBe('CONFIGURABLE');
      expect(item.variantCount).toBeGreaterThan(0);
    }
    const simples = ok(await viewer.gql(LIST, { f: { type: 'SIMPLE' }, n: 100 }));
    for (const item of simples.products.items) expect(item.type).toBe('SIMPLE');
    expect(simples.products.totalCount + configurables.products.totalCount).toBe(
      ok(await viewer.gql(LIST)).products.totalCount,
    );

    const out = ok(await viewer.gql(LIST, { f: { stock: 'OUT' }, n: 100 }));
    for (const item of out.products.items) expect(item.stockQty).toBe(0);
    const low = ok(await viewer.gql(LIST, { f: { stock: 'LOW' }, n: 100 }));
    expect(low.products.totalCount).toBeGreaterThan(0);
    for (const item of low.products.items) expect(item.stockQty).toBeGreaterThanOrEqual(1);
    for (const item of low.products.items) expect(item.stockQty).toBeLessThanOrEqual(5);
    const plenty = ok(await viewer.gql(LIST, { f: { stock: 'IN_STOCK', type: 'SIMPLE' }, n: 100 }));
    for (const item of plenty.products.items) expect(item.stockQty).toBeGreaterThan(5);

    // A configurable's stock is its variants'.
    const parent = configurables.products.items[0];
    const sum = shop.sql
      .prepare('select sum(stock_qty) as n from product where parent_id = (select id from product where sku = ?)')
      .get(parent.sku) as { n: number };
    expect(parent.stockQty).toBe(sum.n);

    const disabled = ok(await viewer.gql(LIST, { f: { enabled: false } }));
    expect(disabled.products.totalCount).toBe(0);
  });

  it('shows one product with its categories, images and, for a configurable, its variants', async () => {
    const parentSku = (
      shop.sql.prepare("select sku from product where type = 'configurable' order by id limit 1").get() as {
        sku: string;
      }
    ).sku;
    const { product } = ok(await viewer.gql(PRODUCT, { s: parentSku }));
    expect(product.type).toBe('CONFIGURABLE');
    expect(product.categories.length).toBeGreaterThan(0);
    expect(product.categories[0].path).toMatch(/^Default Category\//);
    expect(product.images.length).toBeGreaterThan(0);
    expect(product.variants.length).toBeGreaterThan(1);
    expect(product.variants[0].options.join(' ')).toMatch(/Color: .+/);
    expect(product.storefrontPath).toBe(`/${product.urlKey}.html`);
    const variant = ok(await viewer.gql(PRODUCT, { s: product.variants[0].sku })).product;
    expect(variant.parentSku).toBe(parentSku);
    expect(ok(await viewer.gql(PRODUCT, { s: 'NO-SUCH-SKU' })).product).toBeNull();
    const choices = ok(await viewer.gql('{ productCategoryChoices { id path } }')).productCategoryChoices;
    expect(choices.length).toBeGreaterThan(3);
    expect(choices.every((c: { path: string }) => c.path.includes('/'))).toBe(true);
  });
});

describe('editing a product', () => {
  it('changes every editable field, with an audit entry of before and after', async () => {
    const row = simpleRow(1);
    const choices = ok(await viewer.gql('{ productCategoryChoices { id path } }')).productCategoryChoices as Array<{
      id: string;
      path: string;
    }>;
    const categoryIds = [choices[0]!.id, choices[2]!.id];
    const input = {
      name: 'Edited Linen Shirt',
      urlKey: 'edited-linen-shirt',
      description: '<p>Soft <b>linen</b>.</p>',
      shortDescription: 'Soft linen.',
      metaTitle: 'Edited shirt',
      metaDescription: 'A shirt, edited.',
      price: 49.5,
      specialPrice: 39.95,
      stockQty: 3,
      enabled: true,
      categoryIds,
    };
    const { updateProduct } = ok(await staff.gql(UPDATE, { s: row.sku, i: input }));
    expect(updateProduct).toMatchObject({
      name: input.name,
      urlKey: input.urlKey,
      description: input.description,
      shortDescription: input.shortDescription,
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      price: { value: 49.5, currency: 'USD' },
      specialPrice: { value: 39.95 },
      minPrice: { value: 39.95 },
      stockQty: 3,
      inStock: true,
      storefrontPath: '/edited-linen-shirt.html',
    });
    expect(updateProduct.categories.map((c: { id: string }) => c.id).sort()).toEqual([...categoryIds].sort());
    const stored = shop.sql.prepare('select price, special_price, min_price from product where id = ?').get(row.id);
    expect(stored).toEqual({ price: 4950, special_price: 3995, min_price: 3995 });

    const audit = shop.sql
      .prepare("select * from audit_log where action = 'product.update' order by id desc limit 1")
      .get() as { staff_email: string; entity_id: string; before: string; after: string };
    expect(audit.staff_email).toBe('staff@example.com');
    expect(audit.entity_id).toBe(row.sku);
    expect(JSON.parse(audit.before)).toMatchObject({ name: row.name, urlKey: row.url_key });
    expect(JSON.parse(audit.after)).toMatchObject({ name: input.name, price: 49.5, specialPrice: 39.95, stockQty: 3 });

    // The storefront: the new address, the old one redirecting, the name found by search, the categories' listings.
    const route = await shop.gql('query($u: String!) { route(url: $u) { __typename relative_url redirect_code } }', {
      u: `${row.url_key}.html`,
    });
    expect(route.data.route).toMatchObject({ relative_url: 'edited-linen-shirt.html', redirect_code: 301 });
    const search = await shop.gql('{ products(search: "Edited Linen", pageSize: 5) { items { sku } } }');
    expect(search.data.products.items.map((i: { sku: string }) => i.sku)).toContain(row.sku);
    const uid = Buffer.from(choices[2]!.id).toString('base64');
    const listing = await shop.gql(
      `{ products(filter: { category_uid: { eq: "${uid}" } }, pageSize: 100) { items { sku } } }`,
    );
    expect(listing.data.products.items.map((i: { sku: string }) => i.sku)).toContain(row.sku);

    // Clearing the special price; a field left out stays.
    const cleared = ok(await staff.gql(UPDATE, { s: row.sku, i: { specialPrice: null } })).updateProduct;
    expect(cleared.specialPrice).toBeNull();
    expect(cleared.minPrice.value).toBe(49.5);
    expect(cleared.name).toBe(input.name);
  });

  it('refuses every bad value with a message for its field, and changes nothing', async () => {
    const row = simpleRow(2);
    const other = simpleRow(4);
    const category = shop.sql
      .prepare("select request_path from url_rewrite where entity_type = 'CATEGORY' limit 1")
      .get() as { request_path: string };
    const cms = shop.sql.prepare('select identifier from cms_page where is_active = 1 limit 1').get() as
      { identifier: string } | undefined;
    if (cms)
      shop.sql
        .prepare(
          "insert into url_rewrite (id, request_path, target_path, entity_type, entity_id, redirect_type, store_id) values ((select max(id) + 1 from url_rewrite), 'about-our-shop.html', 'cms/page/view', 'CMS_PAGE', 1, 0, 1)",
        )
        .run();
    const before = snapshot(row.id);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ name: '' }, 'name', /This field is required/],
      [{ name: '   ' }, 'name', /This field is required/],
      [{ name: 'x'.repeat(256) }, 'name', /at most 255/],
      [{ name: 'bad\u0000name' }, 'name', /not allowed/],
      [{ urlKey: '' }, 'urlKey', /This field is required/],
      // Spaces and capitals become a Magento url key ('Not a key!' is not-a-key); nothing to make one from is refused.
      [{ urlKey: '!!!' }, 'urlKey', /no letters or digits/],
      [{ urlKey: other.url_key }, 'urlKey', new RegExp(`taken: product ${other.sku}`)],
      [{ urlKey: category.request_path.replace(/\.html$/, '') }, 'urlKey', /belongs to another page \(category/],
      [{ metaTitle: 'm'.repeat(1001) }, 'metaTitle', /at most 1000/],
      [{ price: -1 }, 'price', /must not be negative/],
      [{ price: 10.005 }, 'price', /more than 2 decimals/],
      [{ price: null }, 'price', /This field is required/],
      [{ price: 1e12 }, 'price', /too large/],
      [{ specialPrice: -0.5 }, 'specialPrice', /must not be negative/],
      [{ price: 20, specialPrice: 20 }, 'specialPrice', /below the price/],
      [{ price: 20, specialPrice: 25 }, 'specialPrice', /below the price/],
      [{ stockQty: -1 }, 'stockQty', /must not be negative/],
      [{ categoryIds: ['999999'] }, 'categoryIds', /no category/],
      [{ categoryIds: ['1'] }, 'categoryIds', /no category/],
      // Everything valid but one: still nothing changes.
      [{ name: 'Would change', price: 12, stockQty: 9, urlKey: other.url_key }, 'urlKey', /taken/],
    ];
    if (cms) cases.push([{ urlKey: 'about-our-shop' }, 'urlKey', /belongs to another page \(cms page/]);
    for (const [input, field, message] of cases) {
      const error = refusal(await staff.gql(UPDATE, { s: row.sku, i: input }));
      expect(error, JSON.stringify(input)).toMatchObject({ field, category: 'graphql-input' });
      expect(error.message, JSON.stringify(input)).toMatch(message);
      expect(snapshot(row.id)).toBe(before);
    }
    expect(refusal(await staff.gql(UPDATE, { s: 'NO-SUCH-SKU', i: { name: 'x' } })).category).toBe(
      'graphql-no-such-entity',
    );
    // A configurable's price and stock are its variants'.
    const parent = shop.sql.prepare("select id, sku from product where type = 'configurable' limit 1").get() as Row;
    const parentBefore = snapshot(parent.id);
    expect(refusal(await staff.gql(UPDATE, { s: parent.sku, i: { price: 5 } })).field).toBe('price');
    expect(refusal(await staff.gql(UPDATE, { s: parent.sku, i: { stockQty: 5 } })).field).toBe('stockQty');
    expect(snapshot(parent.id)).toBe(parentBefore);
  });

  it('is refused to a viewer, and an unchanged edit writes nothing', async () => {
    const row = simpleRow(5);
    const before = snapshot(row.id);
    expect(refusal(await viewer.gql(UPDATE, { s: row.sku, i: { price: 1 } })).category).toBe('graphql-authorization');
    ok(await staff.gql(UPDATE, { s: row.sku, i: { name: row.name } }));
    expect(snapshot(row.id)).toBe(before);
  });

  it("a variant's price moves its configurable's price range", async () => {
    const parent = shop.sql
      .prepare(
        "select p.id, p.sku from product p where p.type = 'configurable' and p.status = 1 and exists (select 1 from product v where v.parent_id = p.id and v.in_stock = 1) order by p.id limit 1 offset 1",
      )
      .get() as Row;
    const variant = shop.sql
      .prepare('select sku from product where parent_id = ? and in_stock = 1 order by id limit 1')
      .get(parent.id) as { sku: string };
    ok(await staff.gql(UPDATE, { s: variant.sku, i: { price: 1.25, specialPrice: null } }));
    const after = ok(await viewer.gql(PRODUCT, { s: parent.sku })).product;
    expect(after.minPrice.value).toBe(1.25);
    const storefront = await storefrontGet(priceQuery(parent.sku));
    expect(storefront.body.data.products.items[0].price_range.minimum_price.final_price.value).toBe(1.25);
  });
});

describe('the storefront in step', () => {
  it('shows a changed price on the cached /graphql answer right after the mutation returns', async () => {
    const row = simpleRow(6);
    const query = priceQuery(row.sku);
    const first = await storefrontGet(query);
    const again = await storefrontGet(query);
    expect(again.cache).toBe('HIT');
    expect(again.body).toEqual(first.body);
    const started = performance.now();
    ok(await staff.gql(UPDATE, { s: row.sku, i: { price: 77.7, specialPrice: null } }));
    const elapsed = performance.now() - started;
    const fresh = await storefrontGet(query);
    expect(fresh.cache).toBe('MISS');
    expect(fresh.body.data.products.items[0].price_range.minimum_price).toEqual({
      final_price: { value: 77.7 },
      regular_price: { value: 77.7 },
    });
    console.info(`back office: one product edit on the demo catalog took ${elapsed.toFixed(0)} ms`);
  });

  it('hides a disabled product from the storefront, and shows it again when enabled', async () => {
    const row = simpleRow(7);
    const seen = async () => {
      const bySku = await storefrontGet(`{ products(filter: { sku: { eq: "${row.sku}" } }) { total_count } }`);
      const search = await shop.gql('query($q: String!) { products(search: $q, pageSize: 100) { items { sku } } }', {
        q: row.name,
      });
      const route = await shop.gql('query($u: String!) { route(url: $u) { __typename } }', {
        u: `${row.url_key}.html`,
      });
      return {
        bySku: bySku.body.data.products.total_count,
        inSearch: search.data.products.items.some((i: { sku: string }) => i.sku === row.sku),
        route: route.data.route !== null,
      };
    };
    expect(await seen()).toEqual({ bySku: 1, inSearch: true, route: true });
    expect(ok(await staff.gql(UPDATE, { s: row.sku, i: { enabled: false } })).updateProduct.enabled).toBe(false);
    expect(await seen()).toEqual({ bySku: 0, inSearch: false, route: false });
    expect(ok(await viewer.gql(LIST, { f: { enabled: false } })).products.items[0].sku).toBe(row.sku);
    ok(await staff.gql(UPDATE, { s: row.sku, i: { enabled: true } }));
    expect(await seen()).toEqual({ bySku: 1, inSearch: true, route: true });
  });
});

describe('creating a product', () => {
  it('creates a simple product in the catalog and search, with an address made from its name', async () => {
    const choices = ok(await viewer.gql('{ productCategoryChoices { id path } }')).productCategoryChoices;
    const input = { sku: 'NEW-TEE-1', name: 'Harbour Tee Été', price: 19, stockQty: 12, categoryIds: [choices[1].id] };
    const { createProduct } = ok(await staff.gql(CREATE, { i: input }));
    expect(createProduct).toMatchObject({
      sku: 'NEW-TEE-1',
      type: 'SIMPLE',
      name: 'Harbour Tee Été',
      urlKey: 'harbour-tee-ete',
      price: { value: 19 },
      stockQty: 12,
      inStock: true,
      enabled: true,
      storefrontPath: '/harbour-tee-ete.html',
      categories: [{ id: choices[1].id }],
    });
    const audit = shop.sql
      .prepare("select before, after from audit_log where action = 'product.create' order by id desc limit 1")
      .get() as { before: string | null; after: string };
    expect(audit.before).toBeNull();
    expect(JSON.parse(audit.after)).toMatchObject({ name: 'Harbour Tee Été', price: 19 });

    const storefront = await storefrontGet(
      '{ products(filter: { sku: { eq: "NEW-TEE-1" } }) { items { name url_key stock_status price_range { minimum_price { final_price { value } } } } } }',
    );
    expect(storefront.body.data.products.items[0]).toMatchObject({
      name: 'Harbour Tee Été',
      url_key: 'harbour-tee-ete',
      stock_status: 'IN_STOCK',
    });
    const search = await shop.gql('{ products(search: "harbour tee", pageSize: 5) { items { sku } } }');
    expect(search.data.products.items.map((i: { sku: string }) => i.sku)).toContain('NEW-TEE-1');
    const uid = Buffer.from(choices[1].id).toString('base64');
    const listing = await shop.gql(
      `{ products(filter: { category_uid: { eq: "${uid}" } }, pageSize: 100, sort: { name: ASC }) { items { sku } } }`,
    );
    expect(listing.data.products.items.map((i: { sku: string }) => i.sku)).toContain('NEW-TEE-1');
    expect(ok(await viewer.gql(LIST, { f: { search: 'new-tee' } })).products.items[0].sku).toBe('NEW-TEE-1');
  });

  it('refuses a taken sku or url key, a bad sku and missing fields, creating nothing', async () => {
    const count = () => (shop.sql.prepare('select count(*) as n from product').get() as { n: number }).n;
    const before = count();
    const existing = simpleRow(0);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ sku: existing.sku, name: 'X', price: 1 }, 'sku', /taken/],
      [{ sku: '', name: 'X', price: 1 }, 'sku', /This field is required/],
      [{ sku: 'A,B', name: 'X', price: 1 }, 'sku', /must not contain/],
      [{ sku: 'S'.repeat(65), name: 'X', price: 1 }, 'sku', /at most 64/],
      [{ sku: 'NEW-2', name: ' ', price: 1 }, 'name', /This field is required/],
      [{ sku: 'NEW-2', name: existing.name, price: 1, urlKey: existing.url_key }, 'urlKey', /taken/],
      [{ sku: 'NEW-2', name: '!!!', price: 1 }, 'urlKey', /no letters or digits/],
      [{ sku: 'NEW-2', name: 'X', price: -3 }, 'price', /must not be negative/],
      [{ sku: 'NEW-2', name: 'X', price: 3, specialPrice: 4 }, 'specialPrice', /below the price/],
      [{ sku: 'NEW-2', name: 'X', price: 3, stockQty: -4 }, 'stockQty', /must not be negative/],
    ];
    for (const [input, field, message] of cases) {
      const error = refusal(await staff.gql(CREATE, { i: input }));
      expect(error.field, JSON.stringify(input)).toBe(field);
      expect(error.message, JSON.stringify(input)).toMatch(message);
    }
    expect(count()).toBe(before);
  });
});

describe("a product's attributes", () => {
  const ATTRIBUTES = `mutation($s: String!, $i: AdminProductInput!) { updateProduct(sku: $s, input: $i) {
    sku attributes { code label values } configurableAttributes { code } } }`;
  const facet = async (sku: string) => {
    const { body } = await storefrontGet(
      `{ products(filter: { sku: { eq: "${sku}" } }) { items { sku } aggregations { attribute_code options { label } } } }`,
    );
    return body.data as {
      products: { aggregations: Array<{ attribute_code: string; options: Array<{ label: string }> }> };
    };
  };

  it("lists a product's own values, sets one to a new value, and storefront filters show it at once", async () => {
    const product = simpleRow(5);
    const read = ok(
      await viewer.gql(`query($s: String!) { product(sku: $s) { attributes { code label values } } }`, {
        s: product.sku,
      }),
    );
    expect(read.product.attributes.length).toBeGreaterThan(0);
    const before = await facet(product.sku);
    expect(
      before.products.aggregations.find((a) => a.attribute_code === 'material')?.options.map((o) => o.label),
    ).not.toContain('Hemp');

    const saved = ok(
      await staff.gql(ATTRIBUTES, {
        s: product.sku,
        i: { attributes: [{ code: 'material', values: ['Hemp', ' hemp '] }] },
      }),
    );
    expect(saved.updateProduct.attributes.find((a: { code: string }) => a.code === 'material')).toEqual({
      code: 'material',
      label: 'Material',
      values: ['Hemp'],
    });
    const after = await facet(product.sku);
    expect(
      after.products.aggregations.find((a) => a.attribute_code === 'material')?.options.map((o) => o.label),
    ).toEqual(['Hemp']);
    const audit = shop.sql
      .prepare("select before, after from audit_log where action = 'product.update' and entity_id = ? order by id desc")
      .get(product.sku) as { before: string; after: string };
    expect(JSON.parse(audit.after).attributes.material).toEqual(['Hemp']);

    // An empty list clears it; the other attributes stay.
    const cleared = ok(
      await staff.gql(ATTRIBUTES, { s: product.sku, i: { attributes: [{ code: 'material', values: [] }] } }),
    );
    expect(cleared.updateProduct.attributes.map((a: { code: string }) => a.code)).not.toContain('material');
    expect(cleared.updateProduct.attributes.length).toBe(
      read.product.attributes.length -
        (read.product.attributes.some((a: { code: string }) => a.code === 'material') ? 1 : 0),
    );
  });

  it("refuses an unknown attribute, a bad value and a configurable's own choice, changing nothing", async () => {
    const product = simpleRow(6);
    const configurable = shop.sql.prepare("select sku, id from product where type = 'configurable' limit 1").get() as {
      sku: string;
      id: number;
    };
    const cases: Array<[string, unknown, RegExp]> = [
      [product.sku, [{ code: 'no_such', values: ['x'] }], /There is no attribute "no_such"/],
      [product.sku, [{ code: 'material', values: ['a,b'] }], /without , \| or =/],
      [product.sku, [{ code: 'material', values: ['x'.repeat(256)] }], /at most 255 characters/],
      [
        product.sku,
        [
          { code: 'material', values: ['a'] },
          { code: 'material', values: ['b'] },
        ],
        /named twice/,
      ],
      [configurable.sku, [{ code: 'color', values: ['Red'] }], /what shoppers choose on this product/],
    ];
    for (const [sku, attributes, message] of cases) {
      const id = sku === configurable.sku ? configurable.id : product.id;
      const before = snapshot(id);
      const values = JSON.stringify(
        shop.sql
          .prepare('select * from product_attribute_value where product_id = ? order by attribute_code, option_id')
          .all(id),
      );
      const error = refusal(await staff.gql(ATTRIBUTES, { s: sku, i: { attributes } }));
      expect(error.field).toBe('attributes');
      expect(error.message).toMatch(message);
      expect(snapshot(id)).toBe(before);
      expect(
        JSON.stringify(
          shop.sql
            .prepare('select * from product_attribute_value where product_id = ? order by attribute_code, option_id')
            .all(id),
        ),
      ).toBe(values);
    }
  });
});
