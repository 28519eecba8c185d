// Issue 33: a back-office save re-indexes only what it changed. After every kind of save the
// derived tables (listing rows, facet values and counts, search documents) and the storefront's
// answers (search, category listing, filters and their counts, sort by price) are exactly what a
// fresh full rebuild of the same database gives; a save writes no other product's index rows; two
// saves at once both land.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { inWriteTransaction } from '../src/kernel/transaction';
import { refreshSearchAndListings } from '../src/domains/catalogTransfer';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';
import { testEngine } from './postgresTestDatabase';

let shop: Shop;
let staff: StaffBrowser;
const now = () => new Date('2026-11-27T22:00:00Z');

beforeAll(async () => {
  shop = await openShop({ now });
  await createStaff(shop, 'indexer@example.com', 'staff');
  staff = (await signedIn(shop, 'indexer@example.com', now)).browser;
  // The demo seed writes its search documents its own way (same words, another order): start from
  // the import's full rebuild, which every comparison below is against.
  await fullRebuild();
}, 60_000);
afterAll(async () => shop?.close());

const searchRows =
  testEngine() === 'postgres'
    ? 'select product_id, name, sku, body from product_search order by product_id'
    : 'select rowid as product_id, name, sku, body from product_search order by rowid';

/** Every derived row, in a fixed order. */
function derivedRows() {
  const all = (text: string) => shop.sql.prepare(text).all();
  return {
    listing: all('select * from category_product_index order by category_id, product_id'),
    facetValues: all('select * from product_facet_value order by product_id, attribute_code, option_id'),
    facetCounts: all('select * from category_facet_count order by category_id, facet, value'),
    search: all(searchRows),
  };
}

/** What a full rebuild of the same database gives (the import's refresh), through another connection. */
async function fullRebuild(): Promise<void> {
  const other = openDatabase(shop.database);
  try {
    await inWriteTransaction(other.db, (uow) => refreshSearchAndListings(uow, other.searchIndex));
  } finally {
    await other.close();
  }
}

const LISTING = `query($f: ProductAttributeFilterInput, $s: String, $sort: ProductAttributeSortInput) {
  products(filter: $f, search: $s, sort: $sort, pageSize: 60) {
    total_count
    items { sku price_range { minimum_price { final_price { value } } } }
    aggregations { attribute_code options { value count } }
  }
}`;

/** The storefront's answers a save could change, by POST (never from the response cache). */
async function storefrontAnswers(words: string[], categoryUids: string[], filter: { code: string; value: string }) {
  const answers: unknown[] = [];
  const ask = async (variables: Record<string, unknown>) => {
    const result = (await shop.gql(LISTING, variables)) as GraphQLResult;
    expect(result.errors).toBeUndefined();
    answers.push(result.data);
  };
  for (const word of words) {
    await ask({ s: word });
    await ask({ s: word, sort: { price: 'ASC' } });
  }
  for (const uid of categoryUids) {
    await ask({ f: { category_uid: { eq: uid } } });
    await ask({ f: { category_uid: { eq: uid } }, sort: { price: 'DESC' } });
    await ask({ f: { category_uid: { eq: uid }, [filter.code]: { eq: filter.value } } });
    await ask({ f: { category_uid: { eq: uid }, price: { from: '0', to: '50' } }, sort: { price: 'ASC' } });
  }
  return answers;
}

interface Picked {
  id: number;
  sku: string;
  name: string;
  categories: number[];
  filter: { code: string; value: string };
}

/** A visible simple product with attribute values and categories, the `offset`-th such. */
function pickSimple(offset: number): Picked {
  const row = shop.sql
    .prepare(
      `select p.id, p.sku, p.name from product p
       where p.type = 'simple' and p.parent_id is null and p.visibility = 4 and p.status = 1
         and exists (select 1 from product_attribute_value v where v.product_id = p.id)
         and exists (select 1 from category_product l where l.product_id = p.id)
       order by p.id limit 1 offset ?`,
    )
    .get(offset) as { id: number; sku: string; name: string };
  const categories = (
    shop.sql
      .prepare('select category_id from category_product_index where product_id = ? order by category_id')
      .all(row.id) as { category_id: number }[]
  ).map((c) => Number(c.category_id));
  const value = shop.sql
    .prepare('select attribute_code, option_id from product_attribute_value where product_id = ? limit 1')
    .get(row.id) as { attribute_code: string; option_id: number };
  return {
    id: Number(row.id),
    sku: row.sku,
    name: row.name,
    categories,
    filter: { code: value.attribute_code, value: String(value.option_id) },
  };
}

/** An attribute filter some listed product matches. */
function anyFilter(): { code: string; value: string } {
  const row = shop.sql
    .prepare('select attribute_code, option_id from product_facet_value order by product_id limit 1')
    .get() as { attribute_code: string; option_id: number };
  return { code: row.attribute_code, value: String(row.option_id) };
}

const uid = (id: number) => Buffer.from(String(id)).toString('base64');

async function save(sku: string, input: Record<string, unknown>) {
  const result = await staff.gql(
    'mutation($s: String!, $i: AdminProductInput!) { updateProduct(sku: $s, input: $i) { sku } }',
    { s: sku, i: input },
  );
  expect(result.errors).toBeUndefined();
}

/**
 * After `change`, the derived rows and the storefront's answers equal those of a full rebuild of
 * the database as the change left it.
 */
async function expectExact(change: () => Promise<void>, product: Picked, words: string[]) {
  await change();
  const categories = [...new Set([...product.categories, ...pickedCategories(product.id)])];
  const incremental = {
    rows: derivedRows(),
    answers: await storefrontAnswers(words, categories.map(uid), product.filter),
  };
  await fullRebuild();
  const rebuilt = { rows: derivedRows(), answers: await storefrontAnswers(words, categories.map(uid), product.filter) };
  expect(incremental.rows.listing).toEqual(rebuilt.rows.listing);
  expect(incremental.rows.facetValues).toEqual(rebuilt.rows.facetValues);
  expect(incremental.rows.facetCounts).toEqual(rebuilt.rows.facetCounts);
  expect(incremental.rows.search).toEqual(rebuilt.rows.search);
  expect(incremental.answers).toEqual(rebuilt.answers);
}

function pickedCategories(productId: number): number[] {
  return (
    shop.sql.prepare('select category_id from category_product_index where product_id = ?').all(productId) as {
      category_id: number;
    }[]
  ).map((c) => Number(c.category_id));
}

const lastWord = (name: string) => name.split(/\s+/).at(-1)!.toLowerCase();

describe('a product save re-indexes that product exactly as a full rebuild would', () => {
  it('price', async () => {
    const p = pickSimple(0);
    await expectExact(() => save(p.sku, { price: 1234.5 }), p, [lastWord(p.name)]);
  });

  it('stock (out of stock, then back)', async () => {
    const p = pickSimple(1);
    await expectExact(() => save(p.sku, { stockQty: 0 }), p, [lastWord(p.name)]);
    await expectExact(() => save(p.sku, { stockQty: 7 }), p, [lastWord(p.name)]);
  });

  it('name (a new word is found, the old one is not)', async () => {
    const p = pickSimple(2);
    await expectExact(() => save(p.sku, { name: 'Zanzibarite Lantern' }), p, ['zanzibarite', lastWord(p.name)]);
    const found = (await shop.gql(LISTING, { s: 'zanzibarite' })) as GraphQLResult;
    expect(found.data.products.items.map((i: { sku: string }) => i.sku)).toEqual([p.sku]);
  });

  it('status (switched off, then on)', async () => {
    const p = pickSimple(3);
    await expectExact(() => save(p.sku, { enabled: false }), p, [lastWord(p.name)]);
    expect(pickedCategories(p.id)).toEqual([]);
    await expectExact(() => save(p.sku, { enabled: true }), p, [lastWord(p.name)]);
    expect(pickedCategories(p.id).length).toBeGreaterThan(0);
  });

  it('category membership', async () => {
    const p = pickSimple(4);
    const other = shop.sql
      .prepare(
        `select id from category where level >= 2 and is_active = 1 and id not in (select category_id from category_product where product_id = ?) order by id desc limit 1`,
      )
      .get(p.id) as { id: number };
    await expectExact(() => save(p.sku, { categoryIds: [String(other.id)] }), p, [lastWord(p.name)]);
    expect(pickedCategories(p.id)).toContain(Number(other.id));
  });

  it('attribute values', async () => {
    const p = pickSimple(5);
    await expectExact(() => save(p.sku, { attributes: [{ code: p.filter.code, values: ['Incrementalite'] }] }), p, [
      'incrementalite',
      lastWord(p.name),
    ]);
  });

  it("a configurable's variant (its price and stock make the configurable's)", async () => {
    const variant = shop.sql
      .prepare(
        `select v.sku, v.parent_id from product v join product p on p.id = v.parent_id
         where p.visibility = 4 and p.status = 1 order by v.id limit 1`,
      )
      .get() as { sku: string; parent_id: number };
    const parent = shop.sql.prepare('select id, sku, name from product where id = ?').get(variant.parent_id) as {
      id: number;
      sku: string;
      name: string;
    };
    const value = shop.sql
      .prepare('select attribute_code, option_id from product_attribute_value where product_id = ? limit 1')
      .get(parent.id) as { attribute_code: string; option_id: number } | undefined;
    const picked: Picked = {
      id: Number(parent.id),
      sku: parent.sku,
      name: parent.name,
      categories: pickedCategories(Number(parent.id)),
      filter: value ? { code: value.attribute_code, value: String(value.option_id) } : anyFilter(),
    };
    await expectExact(() => save(variant.sku, { price: 0.5 }), picked, [lastWord(parent.name)]);
    await expectExact(() => save(variant.sku, { stockQty: 0 }), picked, [lastWord(parent.name)]);
  });

  it('a category moved under another parent, and renamed', async () => {
    const moved = shop.sql
      .prepare(
        `select c.id from category c where c.level = 3 and exists (select 1 from category_product l where l.category_id = c.id) order by c.id limit 1`,
      )
      .get() as { id: number };
    const target = shop.sql
      .prepare(
        `select id from category where level = 2 and id <> (select parent_id from category where id = ?) order by id limit 1`,
      )
      .get(moved.id) as { id: number };
    const member = shop.sql
      .prepare(
        `select p.id from product p join category_product l on l.product_id = p.id where l.category_id = ? and p.visibility = 4 and p.status = 1 limit 1`,
      )
      .get(moved.id) as { id: number };
    const row = shop.sql.prepare('select sku, name from product where id = ?').get(member.id) as {
      sku: string;
      name: string;
    };
    const picked: Picked = {
      id: Number(member.id),
      sku: row.sku,
      name: row.name,
      categories: [...pickedCategories(Number(member.id)), Number(target.id)],
      filter: anyFilter(),
    };
    await expectExact(
      async () => {
        const result = await staff.gql('mutation($id: ID!, $p: ID!) { moveCategory(id: $id, parentId: $p) { id } }', {
          id: String(moved.id),
          p: String(target.id),
        });
        expect(result.errors).toBeUndefined();
      },
      picked,
      [lastWord(row.name)],
    );
    expect(pickedCategories(Number(member.id))).toContain(Number(target.id));
    await expectExact(
      async () => {
        const result = await staff.gql(
          'mutation($id: ID!, $i: AdminCategoryInput!) { updateCategory(id: $id, input: $i) { id } }',
          { id: String(moved.id), i: { name: 'Quokkaware' } },
        );
        expect(result.errors).toBeUndefined();
      },
      picked,
      ['quokkaware'],
    );
  });
});

describe('a save touches no other product', () => {
  it("writes no other product's listing rows, facet values or search document", async () => {
    const p = pickSimple(6);
    const others = (rows: ReturnType<typeof derivedRows>) => ({
      listing: rows.listing.filter((r: { product_id: number }) => Number(r.product_id) !== p.id),
      facetValues: rows.facetValues.filter((r: { product_id: number }) => Number(r.product_id) !== p.id),
      search: rows.search.filter((r: { product_id: number }) => Number(r.product_id) !== p.id),
    });
    const before = others(derivedRows());
    // SQLite: count the row writes themselves. A rewrite of an unchanged row would not show in a
    // comparison of contents, so triggers record each write's product.
    if (testEngine() === 'sqlite') {
      shop.sql.exec(`
        CREATE TABLE index_writes (tbl TEXT, product_id INTEGER);
        CREATE TRIGGER cpi_ins AFTER INSERT ON category_product_index BEGIN INSERT INTO index_writes VALUES ('listing', NEW.product_id); END;
        CREATE TRIGGER cpi_del AFTER DELETE ON category_product_index BEGIN INSERT INTO index_writes VALUES ('listing', OLD.product_id); END;
        CREATE TRIGGER cpi_upd AFTER UPDATE ON category_product_index BEGIN INSERT INTO index_writes VALUES ('listing', OLD.product_id); END;
        CREATE TRIGGER pfv_ins AFTER INSERT ON product_facet_value BEGIN INSERT INTO index_writes VALUES ('facet', NEW.product_id); END;
        CREATE TRIGGER pfv_del AFTER DELETE ON product_facet_value BEGIN INSERT INTO index_writes VALUES ('facet', OLD.product_id); END;
        CREATE TRIGGER cfc_any AFTER UPDATE ON category_facet_count BEGIN INSERT INTO index_writes VALUES ('count', OLD.category_id); END;
      `);
    }
    try {
      await save(p.sku, { price: 77.25, name: `${p.name} Revised` });
      expect(others(derivedRows())).toEqual(before);
      if (testEngine() === 'sqlite') {
        const writes = shop.sql.prepare('select tbl, product_id from index_writes').all() as {
          tbl: string;
          product_id: number;
        }[];
        const productWrites = writes.filter((w) => w.tbl !== 'count');
        expect(productWrites.length).toBeGreaterThan(0);
        expect(new Set(productWrites.map((w) => Number(w.product_id)))).toEqual(new Set([p.id]));
        // Count rows: only those of the product's own categories, a handful, not the catalog's.
        const counted = new Set(writes.filter((w) => w.tbl === 'count').map((w) => Number(w.product_id)));
        for (const category of counted) expect(pickedCategories(p.id)).toContain(category);
      }
    } finally {
      if (testEngine() === 'sqlite')
        shop.sql.exec(
          'DROP TRIGGER cpi_ins; DROP TRIGGER cpi_del; DROP TRIGGER cpi_upd; DROP TRIGGER pfv_ins; DROP TRIGGER pfv_del; DROP TRIGGER cfc_any; DROP TABLE index_writes;',
        );
    }
  });
});

describe('concurrent saves', () => {
  it('two products saved at once both land, and the index is still exact', async () => {
    const a = pickSimple(7);
    const b = pickSimple(8);
    await Promise.all([save(a.sku, { price: 11.11 }), save(b.sku, { price: 22.22 })]);
    const priceOf = async (sku: string) => {
      const result = (await shop.gql(
        `{ products(filter: { sku: { eq: "${sku}" } }) { items { price_range { minimum_price { final_price { value } } } } } }`,
      )) as GraphQLResult;
      return result.data.products.items[0].price_range.minimum_price.final_price.value as number;
    };
    expect(await priceOf(a.sku)).toBe(11.11);
    expect(await priceOf(b.sku)).toBe(22.22);
    const listed = (id: number) =>
      shop.sql.prepare('select price from category_product_index where product_id = ? limit 1').get(id) as {
        price: number;
      };
    expect(Number(listed(a.id).price)).toBe(1111);
    expect(Number(listed(b.id).price)).toBe(2222);
    const rows = derivedRows();
    await fullRebuild();
    expect(derivedRows()).toEqual(rows);
  });
});
