import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Related, up-sell and cross-sell products: staff edit them in the back office (/admin/graphql),
// shoppers read them in Magento's fields (/graphql), both through real HTTP handlers.

let shop: Shop;
const clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let skus: string[];

const SET = `mutation($sku: String!, $t: String!, $s: [String!]!) {
  setProductLinks(sku: $sku, linkType: $t, skus: $s) { linkType position sku name enabled } }`;
const LIST = `query($sku: String!) { productLinks(sku: $sku) { linkType position sku } }`;
const PRODUCT = `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku
  related_products { sku name } upsell_products { sku } crosssell_products { sku }
  product_links { sku link_type linked_product_sku linked_product_type position } } } }`;

async function shopperSees(sku: string) {
  const result = await shop.gql(PRODUCT, { sku });
  expect(result.errors).toBeUndefined();
  return result.data.products.items[0];
}

const linkCount = () => Number((shop.sql.prepare('select count(*) as n from product_link').get() as { n: number }).n);

beforeAll(async () => {
  shop = await openShop({ now });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
  skus = (
    shop.sql
      .prepare('select sku from product where parent_id is null and visibility = 4 and status = 1 order by id limit 6')
      .all() as Array<{ sku: string }>
  ).map((r) => r.sku);
});
afterAll(async () => {
  await shop?.close();
});

describe('product links', () => {
  it('staff set related, up-sell and cross-sell lists; shoppers get them in that order', async () => {
    const [main, a, b, c, d, e] = skus as [string, string, string, string, string, string];
    const related = await staff.gql(SET, { sku: main, t: 'related', s: [b, a] });
    expect(related.errors).toBeUndefined();
    expect(
      related.data.setProductLinks
        .filter((l: { linkType: string }) => l.linkType === 'related')
        .map((l: { sku: string; position: number }) => [l.sku, l.position]),
    ).toEqual([
      [b, 1],
      [a, 2],
    ]);
    expect((await staff.gql(SET, { sku: main, t: 'upsell', s: [c] })).errors).toBeUndefined();
    expect((await staff.gql(SET, { sku: main, t: 'crosssell', s: [e, d] })).errors).toBeUndefined();

    const seen = await shopperSees(main);
    expect(seen.related_products.map((p: { sku: string }) => p.sku)).toEqual([b, a]);
    expect(seen.upsell_products.map((p: { sku: string }) => p.sku)).toEqual([c]);
    expect(seen.crosssell_products.map((p: { sku: string }) => p.sku)).toEqual([e, d]);
    expect(seen.product_links).toContainEqual({
      sku: main,
      link_type: 'related',
      linked_product_sku: b,
      linked_product_type: expect.any(String),
      position: 1,
    });
    expect(seen.product_links).toHaveLength(5);

    const listed = await viewer.gql(LIST, { sku: main });
    expect(listed.errors).toBeUndefined();
    expect(listed.data.productLinks).toHaveLength(5);
    const audit = shop.sql
      .prepare("select action, entity_type from audit_log where action = 'product.links' order by id desc limit 1")
      .get();
    expect(audit).toEqual({ action: 'product.links', entity_type: 'product' });
  });

  it('reordering and removing replace the list; an empty list removes every link of the type', async () => {
    const [main, a, b] = skus as [string, string, string];
    expect((await staff.gql(SET, { sku: main, t: 'related', s: [a, b] })).errors).toBeUndefined();
    expect((await shopperSees(main)).related_products.map((p: { sku: string }) => p.sku)).toEqual([a, b]);
    expect((await staff.gql(SET, { sku: main, t: 'upsell', s: [] })).errors).toBeUndefined();
    expect((await shopperSees(main)).upsell_products).toEqual([]);
  });

  it('a disabled or invisible linked product is not shown to shoppers', async () => {
    const [main, a, b] = skus as [string, string, string];
    expect((await staff.gql(SET, { sku: main, t: 'related', s: [a, b] })).errors).toBeUndefined();
    shop.sql.prepare('update product set status = 2 where sku = ?').run(a);
    shop.sql.prepare('update catalog_version set version = version + 1').run();
    try {
      expect((await shopperSees(main)).related_products.map((p: { sku: string }) => p.sku)).toEqual([b]);
    } finally {
      shop.sql.prepare('update product set status = 1 where sku = ?').run(a);
      shop.sql.prepare('update catalog_version set version = version + 1').run();
    }
  });

  it('refuses unknown, repeated and self links, and a viewer, changing nothing', async () => {
    const [main, a] = skus as [string, string];
    const before = linkCount();
    for (const s of [[a, 'NO-SUCH-SKU'], [a, a], [main]]) {
      const refused = await staff.gql(SET, { sku: main, t: 'related', s });
      expect(refused.errors?.length).toBeGreaterThan(0);
    }
    expect((await staff.gql(SET, { sku: main, t: 'sideways', s: [a] })).errors?.[0]?.message).toMatch(/link type/);
    expect((await viewer.gql(SET, { sku: main, t: 'related', s: [a] })).errors?.length).toBeGreaterThan(0);
    expect(linkCount()).toBe(before);
  });

  async function statementsOfListing(query: string): Promise<number> {
    const response = await shop.commerce.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      }),
    );
    await response.arrayBuffer();
    return Number(response.headers.get('x-query-count'));
  }

  it('a listing asks the same number of statements for links whatever its size (no N+1)', async () => {
    const [main, a, b, c] = skus as [string, string, string, string];
    for (const sku of [a, b, c]) await staff.gql(SET, { sku, t: 'related', s: [main] });
    const counts: number[] = [];
    for (const size of [1, 4]) {
      // A new catalog version empties the row cache: both sizes read everything from the database.
      shop.sql.prepare('update catalog_version set version = version + 1').run();
      // The process catches up with the new version (its change log, facet snapshot, search
      // vocabulary) on the listings it serves next, partly in the background: let other listings
      // pay for that until two in a row cost the same, so only the links' own statements compare.
      let previous = -1;
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const warm = await statementsOfListing('{ products(search: "nothing-here", pageSize: 1) { total_count } }');
        if (warm === previous) break;
        previous = warm;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const response = await shop.commerce.fetch(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: `query($s: [String!]) { products(filter: { sku: { in: $s } }, pageSize: 10) { items { sku
              related_products { sku name small_image { url } } crosssell_products { sku } } } }`,
            variables: { s: [a, b, c, main].slice(0, size) },
          }),
        }),
      );
      const body = (await response.json()) as { errors?: unknown; data: { products: { items: unknown[] } } };
      expect(body.errors).toBeUndefined();
      expect(body.data.products.items).toHaveLength(size);
      counts.push(Number(response.headers.get('x-query-count')));
    }
    expect(counts[1]).toBe(counts[0]);
  });
});
