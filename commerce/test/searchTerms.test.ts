import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Search terms (Magento's search_query): every storefront search page counts its term, off the
// request path; the back office lists them per store view and sends a term to a page; a search
// that finds nothing offers the popular ones.

let shop: Shop;
const clock = new Date('2026-11-28T09:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;

const SEARCH = `query($q: String!, $n: Int = 24, $f: ProductAttributeFilterInput) {
  products(search: $q, pageSize: $n, currentPage: 1, filter: $f) { total_count suggestions { search } } }`;
const PAGE_TWO = `query($q: String!) { products(search: $q, pageSize: 24, currentPage: 2) { total_count } }`;
const ROUTE = `query($u: String!) { route(url: $u) { __typename redirect_code relative_url } }`;
const LIST = `query($s: String!, $none: Boolean, $sort: AdminSearchTermSort) {
  searchTerms(storeCode: $s, noResultsOnly: $none, sort: $sort) {
    totalCount items { id storeCode queryText uses results redirect displayInTerms } } }`;
const UPDATE = `mutation($id: ID!, $r: String, $d: Boolean) {
  updateSearchTerm(id: $id, redirect: $r, displayInTerms: $d) { id queryText redirect displayInTerms } }`;
const DELETE = `mutation($id: ID!) { deleteSearchTerm(id: $id) }`;

interface Term {
  id: string;
  queryText: string;
  uses: number;
  results: number;
  redirect: string | null;
  displayInTerms: boolean;
}

const rows = () =>
  shop.sql
    .prepare('select store_id, query_text, popularity, num_results from search_query order by query_text')
    .all() as {
    store_id: number;
    query_text: string;
    popularity: number;
    num_results: number;
  }[];

/** The counts are written a second after the searches: waits until `count` rows are there. */
async function written(count: number): Promise<void> {
  for (let i = 0; i < 50 && rows().length < count; i++) await new Promise((r) => setTimeout(r, 100));
  // One more write may still be on its way for rows already there.
  await new Promise((r) => setTimeout(r, 1200));
}

async function search(q: string, variables: Record<string, unknown> = {}) {
  const result = await shop.gql(SEARCH, { q, ...variables });
  expect(result.errors).toBeUndefined();
  return result.data.products as { total_count: number; suggestions: { search: string }[] };
}

async function terms(variables: Record<string, unknown> = {}): Promise<Term[]> {
  const result = await viewer.gql(LIST, { s: 'default', ...variables });
  expect(result.errors).toBeUndefined();
  return result.data.searchTerms.items as Term[];
}

beforeAll(async () => {
  shop = await openShop({ now });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
});
afterAll(async () => {
  await shop?.close();
});

describe('search terms', () => {
  it('counts each search page under its normalised term, not what boxes type or bots send', async () => {
    const hoodies = (await search('Hoodie')).total_count;
    expect(hoodies).toBeGreaterThan(0);
    await search('  HOODIE ');
    await search('hoodie');
    await search('jacket');
    await search('zzqxv');
    // Not counted: a box suggesting while the shopper types, a later page, a filtered search,
    // text no shopper types.
    await search('hoo', { n: 5 });
    expect((await shop.gql(PAGE_TWO, { q: 'tee' })).errors).toBeUndefined();
    await search('shirt', { f: { price: { from: '1' } } });
    await search('x'.repeat(200));
    await search('!!! ???');
    await written(3);
    expect(rows()).toEqual([
      { store_id: 1, query_text: 'hoodie', popularity: 3, num_results: hoodies },
      { store_id: 1, query_text: 'jacket', popularity: 1, num_results: expect.any(Number) },
      { store_id: 1, query_text: 'zzqxv', popularity: 1, num_results: 0 },
    ]);
  });

  it('lists a store view’s terms for viewers: popular first, or those that found nothing', async () => {
    const popular = await terms({ sort: 'POPULAR' });
    expect(popular.map((t) => [t.queryText, t.uses])).toEqual([
      ['hoodie', 3],
      ['jacket', 1],
      ['zzqxv', 1],
    ]);
    expect((await terms({ none: true })).map((t) => t.queryText)).toEqual(['zzqxv']);
    const french = await viewer.gql(LIST, { s: 'fr' });
    expect(french.data.searchTerms).toEqual({ totalCount: 0, items: [] });
    expect((await viewer.gql(LIST, { s: 'nowhere' })).errors?.[0]?.message).toBe('There is no store view "nowhere".');
  });

  it('offers popular searches when a search finds nothing and nothing corrects it', async () => {
    const nothing = await search('qqqwwwzz');
    expect(nothing.total_count).toBe(0);
    expect(nothing.suggestions.map((s) => s.search)).toEqual(['hoodie', 'jacket']);
  });

  it('sends a term to the page staff set, through Magento’s search address, until it is cleared', async () => {
    const hoodie = (await terms()).find((t) => t.queryText === 'hoodie')!;
    // Viewers read only; a redirect must stay on the shop or be an http(s) address.
    expect((await viewer.gql(UPDATE, { id: hoodie.id, r: '/sale' })).errors?.[0]?.extensions?.category).toBe(
      'graphql-authorization',
    );
    for (const bad of ['//evil.example', 'javascript:alert(1)', 'sale page'])
      expect((await staff.gql(UPDATE, { id: hoodie.id, r: bad })).errors?.[0]?.message).toBeTruthy();
    expect(rows().length).toBe(3);

    const versionBefore = Number(
      (shop.sql.prepare('select version from catalog_version').get() as { version: number }).version,
    );
    const set = await staff.gql(UPDATE, { id: hoodie.id, r: '/sale.html' });
    expect(set.errors).toBeUndefined();
    expect(set.data.updateSearchTerm).toMatchObject({ queryText: 'hoodie', redirect: '/sale.html' });
    const audit = shop.sql.prepare('select action, entity_id from audit_log order by id desc limit 1').get();
    expect(audit).toEqual({ action: 'search_query.update', entity_id: hoodie.id });

    // Cached answers (a CDN's, the page cache) are dropped with the catalog version.
    const version = () =>
      Number((shop.sql.prepare('select version from catalog_version').get() as { version: number }).version);
    expect(version()).toBeGreaterThan(versionBefore);
    const routed = await shop.gql(ROUTE, { u: 'catalogsearch/result/?q=Hoodie' });
    expect(routed.data.route).toEqual({ __typename: 'RoutableUrl', redirect_code: 302, relative_url: '/sale.html' });
    expect((await shop.gql(ROUTE, { u: 'catalogsearch/result/?q=jacket' })).data.route).toBeNull();

    await staff.gql(UPDATE, { id: hoodie.id, r: null });
    expect((await shop.gql(ROUTE, { u: 'catalogsearch/result/?q=hoodie' })).data.route).toBeNull();
  });

  it('keeps a term out of the popular searches, and deletes it', async () => {
    const hoodie = (await terms()).find((t) => t.queryText === 'hoodie')!;
    expect((await staff.gql(UPDATE, { id: hoodie.id, d: false })).data.updateSearchTerm.displayInTerms).toBe(false);
    expect((await search('qqqwwwzz')).suggestions.map((s) => s.search)).toEqual(['jacket']);
    expect((await viewer.gql(DELETE, { id: hoodie.id })).errors?.[0]?.extensions?.category).toBe(
      'graphql-authorization',
    );
    expect((await staff.gql(DELETE, { id: hoodie.id })).data.deleteSearchTerm).toBe(hoodie.id);
    expect((await terms()).map((t) => t.queryText)).not.toContain('hoodie');
    expect((await staff.gql(DELETE, { id: hoodie.id })).errors?.[0]?.message).toBe(
      `There is no search term ${hoodie.id}.`,
    );
  });
});
