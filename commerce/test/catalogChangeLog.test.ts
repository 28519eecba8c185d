// Issue 33: every catalog version bump logs what it changed, and each process patches its
// in-memory structures (facet snapshot, search vocabularies) from the log. After each kind of save
// the answers of the process that saved, of a second process that served before the save, and of a
// fresh process started after it are the same: search hits, facets with counts, corrections and
// suggestions, listings sorted by price. A pruned log makes a process rebuild, still exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce, type Commerce } from '../src/commerce';
import { CHANGE_LOG_KEPT_VERSIONS } from '../src/kernel/catalogChangeLog';
import { openDatabase } from '../src/db/connection';
import { inWriteTransaction } from '../src/kernel/transaction';
import { refreshSearchAndListings } from '../src/domains/catalogTransfer';
import { setExchangeRate } from '../src/domains/store';
import {
  PLACE_ORDER,
  addToCart,
  newCart,
  openShop,
  prepareCheckout,
  request,
  simpleProduct,
  type GraphQLResult,
  type Shop,
} from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

let shop: Shop;
let staff: StaffBrowser;
/** A second process on the same database, warmed before every save. */
let second: Commerce;
const now = () => new Date('2026-11-28T02:00:00Z');

beforeAll(async () => {
  shop = await openShop({ now });
  await createStaff(shop, 'changelog@example.com', 'staff');
  staff = (await signedIn(shop, 'changelog@example.com', now)).browser;
  // The demo seed writes its search documents its own way (the same words less a few category
  // names): start from the import's full refresh, as a shop that imported its catalog would.
  await fullRefresh();
  second = await createCommerce({ ...shop.database, now });
}, 60_000);

/** The import's whole refresh, from another connection: logged as "anything". */
async function fullRefresh(): Promise<void> {
  const other = openDatabase(shop.database);
  try {
    await inWriteTransaction(other.db, (uow) => refreshSearchAndListings(uow, other.searchIndex));
  } finally {
    await other.close();
  }
}
afterAll(async () => {
  await second?.close();
  await shop?.close();
});

const QUERY = `query($f: ProductAttributeFilterInput, $s: String, $sort: ProductAttributeSortInput) {
  products(filter: $f, search: $s, sort: $sort, pageSize: 40) {
    total_count
    items { sku price_range { minimum_price { final_price { value } } } }
    aggregations { attribute_code options { value count } }
    suggestions { search }
  }
}`;

async function ask(commerce: Commerce, variables: Record<string, unknown>, store?: string): Promise<unknown> {
  const response = await commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(store ? { store } : {}) },
      body: JSON.stringify({ query: QUERY, variables }),
    }),
  );
  const result = (await response.json()) as GraphQLResult;
  expect(result.errors).toBeUndefined();
  return result.data;
}

/** Every answer a save could change, for searches of `words` (and their typos) and their categories. */
async function answers(commerce: Commerce, words: string[], categories: number[], store?: string) {
  const all: unknown[] = [];
  for (const word of words) {
    all.push(await ask(commerce, { s: word }, store));
    all.push(await ask(commerce, { s: word, sort: { price: 'ASC' } }, store));
    // One letter dropped from the middle: what a correction makes of it depends on the vocabulary.
    const typo = word.length >= 5 ? word.slice(0, 2) + word.slice(3) : `${word}x`;
    all.push(await ask(commerce, { s: typo }, store));
    // The word being typed: found by its beginning.
    all.push(await ask(commerce, { s: word.slice(0, Math.max(3, word.length - 2)) }, store));
  }
  for (const id of categories) {
    const uid = Buffer.from(String(id)).toString('base64');
    all.push(await ask(commerce, { f: { category_uid: { eq: uid } }, sort: { price: 'DESC' } }, store));
    all.push(await ask(commerce, { f: { category_uid: { eq: uid }, price: { from: '0', to: '60' } } }, store));
  }
  return all;
}

/** The answers of the saving process, of the warmed second process and of a fresh one agree. */
/**
 * A search that finds nothing suggests the store's popular searches: search history, which each
 * process's own searches move (written a second later), not the catalog. Those are left out.
 */
function withoutSearchHistory(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSearchHistory);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const found = entries.find(([key]) => key === 'total_count')?.[1];
  return Object.fromEntries(
    entries
      .filter(([key]) => !(key === 'suggestions' && found === 0))
      .map(([key, inner]) => [key, withoutSearchHistory(inner)]),
  );
}

async function expectSameEverywhere(words: string[], categories: number[], store?: string) {
  const patched = withoutSearchHistory(await answers(shop.commerce, words, categories, store));
  const other = withoutSearchHistory(await answers(second, words, categories, store));
  const fresh = await createCommerce({ ...shop.database, now });
  try {
    const rebuilt = withoutSearchHistory(await answers(fresh, words, categories, store));
    expect(patched).toEqual(rebuilt);
    expect(other).toEqual(rebuilt);
  } finally {
    await fresh.close();
  }
}

/** Both processes answer (so hold structures for the current version) before the next save. */
async function warm(words: string[], categories: number[], store?: string) {
  await answers(shop.commerce, words, categories, store);
  await answers(second, words, categories, store);
}

interface Picked {
  id: number;
  sku: string;
  name: string;
  categories: number[];
}

function pick(offset: number): Picked {
  const row = shop.sql
    .prepare(
      `select p.id, p.sku, p.name from product p
       where p.type = 'simple' and p.parent_id is null and p.visibility = 4 and p.status = 1
         and exists (select 1 from category_product l where l.product_id = p.id)
       order by p.id desc limit 1 offset ?`,
    )
    .get(offset) as { id: number; sku: string; name: string };
  const categories = (
    shop.sql.prepare('select category_id from category_product_index where product_id = ?').all(row.id) as {
      category_id: number;
    }[]
  ).map((c) => Number(c.category_id));
  return { id: Number(row.id), sku: row.sku, name: row.name, categories };
}

const wordsOfName = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 4);

async function saveProduct(sku: string, input: Record<string, unknown>) {
  const result = await staff.gql(
    'mutation($s: String!, $i: AdminProductInput!) { updateProduct(sku: $s, input: $i) { sku } }',
    { s: sku, i: input },
  );
  expect(result.errors).toBeUndefined();
}

function lastLog(): { version: number; products: string | null; words: string | null } {
  return shop.sql
    .prepare('select version, products, words from catalog_change_log order by version desc limit 1')
    .get() as {
    version: number;
    products: string | null;
    words: string | null;
  };
}

describe('a catalog change log that every process patches from', () => {
  it('logs a price save as that product alone, with the version it made', async () => {
    const p = pick(0);
    await warm(wordsOfName(p.name), p.categories);
    await saveProduct(p.sku, { price: 4321.5 });
    const log = lastLog();
    const version = shop.sql.prepare('select version from catalog_version where id = 1').get() as { version: number };
    expect(Number(log.version)).toBe(Number(version.version));
    expect(JSON.parse(log.products!)).toEqual([p.id]);
    // A price is no word: the vocabularies are left as they are.
    expect(JSON.parse(log.words!)).toEqual({});
    await expectSameEverywhere(wordsOfName(p.name), p.categories);
  });

  it('a renamed product: its new word is found, and its old word leaves every vocabulary', async () => {
    const p = pick(1);
    await saveProduct(p.sku, { name: 'Quetzalcoatlite Beacon' });
    await warm(['quetzalcoatlite', 'beacon'], p.categories);
    await saveProduct(p.sku, { name: 'Xylophonist Beacon' });
    const words = JSON.parse(lastLog().words!) as Record<string, Record<string, number>>;
    expect(words['-1']).toMatchObject({ quetzalcoatlite: -1, xylophonist: 1 });
    // No product holds the old word any more: it is corrected to nothing, as in a fresh process.
    const gone = (await request(
      shop.commerce,
      `{ products(search: "quetzalcoatlite") { total_count } }`,
    )) as GraphQLResult;
    expect(gone.data.products.total_count).toBe(0);
    await expectSameEverywhere(['quetzalcoatlite', 'xylophonist', 'beacon'], p.categories);
  });

  it('status off and on, stock out and back', async () => {
    const p = pick(2);
    const words = wordsOfName(p.name);
    await warm(words, p.categories);
    await saveProduct(p.sku, { enabled: false });
    await expectSameEverywhere(words, p.categories);
    await saveProduct(p.sku, { enabled: true, stockQty: 0 });
    await expectSameEverywhere(words, p.categories);
    await saveProduct(p.sku, { stockQty: 9 });
    await expectSameEverywhere(words, p.categories);
  });

  it("a store view's product name goes through the same patch", async () => {
    const store = shop.sql
      .prepare(`select id, code from store_view where code <> 'default' order by id limit 1`)
      .get() as { id: number; code: string } | undefined;
    if (!store) return;
    const p = pick(3);
    await warm(['ornithopter'], p.categories, store.code);
    const result = await staff.gql(
      'mutation($s: String!, $id: ID!, $t: ProductTextsInput!) { saveProductStoreTexts(sku: $s, storeId: $id, texts: $t) { storeId } }',
      { s: p.sku, id: String(store.id), t: { name: 'Ornithopter Lanterne' } },
    );
    expect(result.errors).toBeUndefined();
    expect(JSON.parse(lastLog().products!)).toEqual([p.id]);
    await expectSameEverywhere(['ornithopter', 'lanterne'], p.categories, store.code);
  });

  it('a mass action logs its products, not the catalog', async () => {
    const a = pick(4);
    const b = pick(5);
    const words = [...wordsOfName(a.name), ...wordsOfName(b.name)];
    const categories = [...new Set([...a.categories, ...b.categories])];
    await warm(words, categories);
    const run = async (action: Record<string, unknown>) => {
      const result = await staff.gql(
        'mutation($s: ProductSelectionInput!, $a: ProductMassActionInput!) { massUpdateProducts(selection: $s, action: $a) { changed } }',
        { s: { skus: [a.sku, b.sku] }, a: action },
      );
      expect(result.errors).toBeUndefined();
      expect(JSON.parse(lastLog().products!)).toEqual([a.id, b.id].sort((x, y) => x - y));
    };
    await run({ kind: 'DISABLE' });
    await expectSameEverywhere(words, categories);
    await run({ kind: 'ENABLE' });
    await run({ kind: 'CHANGE_PRICE', percent: -35 });
    await expectSameEverywhere(words, categories);
  });

  it('a change it cannot describe is logged as anything, and processes rebuild', async () => {
    const p = pick(6);
    await warm(wordsOfName(p.name), p.categories);
    shop.sql.prepare('update product set name = ? where id = ?').run('Zeppelinette Parasol', p.id);
    // As an import does: the whole refresh, logged without products.
    await fullRefresh();
    expect(lastLog().products).toBeNull();
    await expectSameEverywhere(['zeppelinette', 'parasol'], p.categories);
  });

  it('a pruned log (a gap before this version) makes a process rebuild, still exact', async () => {
    const p = pick(7);
    const words = wordsOfName(p.name);
    await warm(words, p.categories);
    await saveProduct(p.sku, { name: 'Gyrocompass Kettle', price: 12.5 });
    // The entry the second process needs is gone, as if pruned: it must not patch from later ones.
    shop.sql.prepare('delete from catalog_change_log where version = ?').run(lastLog().version);
    await saveProduct(p.sku, { price: 13.5 });
    await expectSameEverywhere(['gyrocompass', 'kettle', ...words], p.categories);
  });

  it('an order that brings stock down logs the products it sold, not the catalog', async () => {
    const sold = simpleProduct(shop, { price: 1500, stock: 2, offset: 3 });
    await fullRefresh();
    const row = shop.sql.prepare('select name from product where id = ?').get(sold.id) as { name: string };
    const categories = (
      shop.sql.prepare('select category_id from category_product_index where product_id = ?').all(sold.id) as {
        category_id: number;
      }[]
    ).map((c) => Number(c.category_id));
    await warm(wordsOfName(row.name), categories);
    const cartId = await newCart(shop);
    await addToCart(shop, cartId, [{ sku: sold.sku, quantity: 2 }]);
    await prepareCheckout(shop, cartId);
    const placed = (await shop.gql(PLACE_ORDER, { id: cartId })) as GraphQLResult;
    expect(placed.errors).toBeUndefined();
    expect(JSON.parse(lastLog().products!)).toContain(sold.id);
    await expectSameEverywhere(wordsOfName(row.name), categories);
  });

  it('an exchange rate moves the version but logs no product: nothing is rebuilt, answers stay exact', async () => {
    const p = pick(9);
    await warm(wordsOfName(p.name), p.categories);
    const other = openDatabase(shop.database);
    try {
      await setExchangeRate(other.db, 'EUR', 0.87);
    } finally {
      await other.close();
    }
    // Logged as no product rather than anything: facets, vocabularies and listing orders patch nothing.
    expect(JSON.parse(lastLog().products!)).toEqual([]);
    expect(JSON.parse(lastLog().words!)).toEqual({});
    await expectSameEverywhere(wordsOfName(p.name), p.categories);
  });

  it('forgets versions no process needs any more', async () => {
    shop.sql
      .prepare('insert into catalog_change_log (version, products, words, changed_at) values (?, ?, ?, ?)')
      .run(-CHANGE_LOG_KEPT_VERSIONS, '[]', '{}', now().toISOString());
    const p = pick(8);
    await saveProduct(p.sku, { price: 21.5 });
    const { version } = lastLog();
    const oldest = shop.sql.prepare('select min(version) as v from catalog_change_log').get() as { v: number };
    expect(Number(oldest.v)).toBeGreaterThan(Number(version) - CHANGE_LOG_KEPT_VERSIONS);
  });
});
