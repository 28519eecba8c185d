import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, simpleProduct, type Fixture, type GraphQLResult, type Shop } from './cartHarness';
import { AUDITED_CHANGES, createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';
import { changedPrice } from '../src/domains/catalogTransfer/productMassActionService';

// Mass actions on the products list: all or nothing, validated before anything changes, audited
// with every SKU, and the storefront (its response cache included) shows the result at once.

let shop: Shop;
const clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let a: Fixture;
let b: Fixture;

const MASS = `mutation($s: ProductSelectionInput!, $a: ProductMassActionInput!) {
  massUpdateProducts(selection: $s, action: $a) { selected changed } }`;

async function storefront(query: string): Promise<GraphQLResult> {
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, { method: 'GET' }),
  );
  return (await response.json()) as GraphQLResult;
}

const priceOf = (p: Fixture) =>
  shop.sql.prepare('select price, min_price, status from product where id = ?').get(p.id) as {
    price: number;
    min_price: number;
    status: number;
  };
const shownPrice = async (p: Fixture) => {
  const result = await storefront(
    `{ products(filter: { sku: { eq: "${p.sku}" } }) { items { price_range { minimum_price { final_price { value } } } } } }`,
  );
  return (result.data as any).products.items[0]?.price_range.minimum_price.final_price.value as number | undefined;
};
const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;

beforeAll(async () => {
  shop = await openShop({ now, mailWorker: false });
  a = simpleProduct(shop, { price: 1999, stock: 10 });
  b = simpleProduct(shop, { price: 1005, stock: 10, offset: 1 });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
}, 120_000);
afterAll(async () => shop?.close());

describe('the price rule', () => {
  it('rounds to the cent and never goes below 0', () => {
    expect(changedPrice(1999, 10)).toBe(2199); // 21.989 → 21.99
    expect(changedPrice(1005, 10)).toBe(1106); // 11.055 → 11.06
    expect(changedPrice(1005, -12.5)).toBe(879); // 8.79375 → 8.79
    expect(changedPrice(1005, -100)).toBe(0);
  });
});

describe('mass actions on products', () => {
  it('lets viewers change nothing', async () => {
    const before = [priceOf(a), auditCount()];
    const result = await viewer.gql(MASS, { s: { skus: [a.sku] }, a: { kind: 'CHANGE_PRICE', percent: 10 } });
    expect(result.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    expect([priceOf(a), auditCount()]).toEqual(before);
  });

  it.each([0, 1001, -101, 1.234, Number.NaN])('refuses the percent %s and changes nothing', async (percent) => {
    const before = [priceOf(a), priceOf(b), auditCount()];
    const result = await staff.gql(MASS, {
      s: { skus: [a.sku, b.sku] },
      a: { kind: 'CHANGE_PRICE', percent: Number.isNaN(percent) ? null : percent },
    });
    expect(result.errors?.[0]?.extensions?.field).toBe('percent');
    expect([priceOf(a), priceOf(b), auditCount()]).toEqual(before);
  });

  it('changes nothing when one SKU of the selection is unknown (all or nothing)', async () => {
    const before = [priceOf(a), auditCount()];
    const result = await staff.gql(MASS, {
      s: { skus: [a.sku, 'NO-SUCH-SKU'] },
      a: { kind: 'CHANGE_PRICE', percent: 10 },
    });
    expect(result.errors?.[0]?.message).toMatch(/NO-SUCH-SKU/);
    expect([priceOf(a), auditCount()]).toEqual(before);
  });

  it('raises two prices by 10 %, audited, and the storefront shows them at once', async () => {
    expect(await shownPrice(a)).toBe(19.99); // now in the response cache
    const result = await staff.gql(MASS, { s: { skus: [a.sku, b.sku] }, a: { kind: 'CHANGE_PRICE', percent: 10 } });
    expect(result.data).toEqual({ massUpdateProducts: { selected: 2, changed: 2 } });
    expect(priceOf(a)).toMatchObject({ price: 2199, min_price: 2199 });
    expect(priceOf(b)).toMatchObject({ price: 1106, min_price: 1106 });
    expect(await shownPrice(a)).toBe(21.99);
    expect(await shownPrice(b)).toBe(11.06);
    const audit = shop.sql.prepare('select action, after from audit_log order by id desc limit 1').get() as {
      action: string;
      after: string;
    };
    expect(audit.action).toBe('product.mass_changePrice');
    expect(JSON.parse(audit.after)).toMatchObject({ percent: 10, skus: expect.arrayContaining([a.sku, b.sku]) });
  });

  it('disables every product the filter matches, and enables them again', async () => {
    const result = await staff.gql(MASS, { s: { filter: { search: a.sku } }, a: { kind: 'DISABLE' } });
    expect(result.data?.massUpdateProducts.changed).toBeGreaterThanOrEqual(1);
    expect(priceOf(a).status).toBe(2);
    expect(await shownPrice(a)).toBeUndefined();
    ok(await staff.gql(MASS, { s: { skus: [a.sku] }, a: { kind: 'ENABLE' } }));
    expect(priceOf(a).status).toBe(1);
    expect(await shownPrice(a)).toBe(21.99);
  });

  it('adds products to a category and takes them out again', async () => {
    const category = shop.sql
      .prepare(
        'select id from category where level >= 2 and id not in (select category_id from category_product where product_id in (?, ?)) order by id limit 1',
      )
      .get(a.id, b.id) as { id: number };
    const links = () =>
      (
        shop.sql
          .prepare('select count(*) as n from category_product where category_id = ? and product_id in (?, ?)')
          .get(category.id, a.id, b.id) as { n: number }
      ).n;
    const added = await staff.gql(MASS, {
      s: { skus: [a.sku, b.sku] },
      a: { kind: 'ADD_TO_CATEGORY', categoryId: String(category.id) },
    });
    expect(added.data?.massUpdateProducts).toEqual({ selected: 2, changed: 2 });
    expect(links()).toBe(2);
    const again = await staff.gql(MASS, {
      s: { skus: [a.sku, b.sku] },
      a: { kind: 'ADD_TO_CATEGORY', categoryId: String(category.id) },
    });
    expect(again.data?.massUpdateProducts).toEqual({ selected: 2, changed: 0 });
    ok(
      await staff.gql(MASS, {
        s: { skus: [a.sku, b.sku] },
        a: { kind: 'REMOVE_FROM_CATEGORY', categoryId: String(category.id) },
      }),
    );
    expect(links()).toBe(0);
    const unknown = await staff.gql(MASS, {
      s: { skus: [a.sku] },
      a: { kind: 'ADD_TO_CATEGORY', categoryId: '999999' },
    });
    expect(unknown.errors?.[0]?.extensions?.field).toBe('categoryId');
  });

  it("changes a configurable's variants' prices and its price range", async () => {
    const parent = shop.sql
      .prepare("select id, sku from product where type = 'configurable' order by id limit 1")
      .get() as {
      id: number;
      sku: string;
    };
    const variants = () =>
      shop.sql.prepare('select price from product where parent_id = ? order by id').all(parent.id) as Array<{
        price: number;
      }>;
    const before = variants();
    ok(await staff.gql(MASS, { s: { skus: [parent.sku] }, a: { kind: 'CHANGE_PRICE', percent: -50 } }));
    expect(variants()).toEqual(before.map((v) => ({ price: changedPrice(v.price, -50) })));
    const range = shop.sql.prepare('select min_regular_price from product where id = ?').get(parent.id) as {
      min_regular_price: number;
    };
    expect(range.min_regular_price).toBe(Math.min(...before.map((v) => changedPrice(v.price, -50))));
  });
});

function ok(result: GraphQLResult): void {
  if (result.errors) throw new Error(result.errors.map((e) => e.message).join('; '));
}
