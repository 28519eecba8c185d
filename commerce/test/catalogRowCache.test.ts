// Catalog rows are kept in memory per catalog version and shared by every request of the process.
// What a shopper sees must still follow every change at once (a second connection stands in for
// the CLI, an import or another server process), and one store view's texts must never show in
// another.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { inWriteTransaction } from '../src/kernel/transaction';
import type { DatabaseConnection } from '../src/db/connection';
import { rebuildCatalogIndex } from '../src/db/catalogIndex';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';

let api: TestCommerce;
let other: DatabaseConnection;
beforeAll(async () => {
  api = await startTestCommerce();
  other = openDatabase(api.database);
});
afterAll(async () => {
  await other?.close();
  await api?.close();
});

const DETAIL = `query Detail($key: String!) {
  products(filter: { url_key: { eq: $key } }) {
    items {
      sku name stock_status
      media_gallery { url position }
      categories { uid }
      ... on ConfigurableProduct {
        configurable_options { attribute_code label values { label } }
        variants { product { sku name stock_status } attributes { code label } }
      }
    }
  }
}`;

async function detail(key: string, headers: Record<string, string> = {}) {
  // POST: never answered by the response cache, so this reads the API's own rows.
  const { body } = await api.post(DETAIL, { key }, headers);
  expect(body.errors).toBeUndefined();
  return body.data.products.items[0];
}

async function configurable(): Promise<{ id: number; url_key: string }> {
  return other.db
    .selectFrom('product')
    .select(['id', 'url_key'])
    .where('type', '=', 'configurable')
    .where('visibility', '=', 4)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
}

async function changeCatalog(change: (db: DatabaseConnection['db']) => Promise<unknown>): Promise<void> {
  await inWriteTransaction(other.db, async (uow) => {
    const trx = uow.db;
    await change(trx);
    await rebuildCatalogIndex(uow);
  });
}

it('shows a changed name, image list, variant and option at once', async () => {
  const product = await configurable();
  const before = await detail(product.url_key);
  expect(await detail(product.url_key)).toEqual(before);
  expect(before.variants.length).toBeGreaterThan(1);
  expect(before.media_gallery.length).toBeGreaterThan(0);

  const firstVariant = before.variants[0].product.sku as string;
  await changeCatalog(async (db) => {
    await db.updateTable('product').set({ name: 'Renamed elsewhere' }).where('id', '=', product.id).execute();
    await db.updateTable('product').set({ name: 'Variant renamed' }).where('sku', '=', firstVariant).execute();
    await db.deleteFrom('product_media').where('product_id', '=', product.id).execute();
    await db
      .updateTable('attribute')
      .set({ label: 'Shade' })
      .where('code', '=', before.configurable_options[0].attribute_code)
      .execute();
  });

  const after = await detail(product.url_key);
  expect(after.name).toBe('Renamed elsewhere');
  expect(after.variants.find((v: { product: { sku: string } }) => v.product.sku === firstVariant).product.name).toBe(
    'Variant renamed',
  );
  expect(after.media_gallery.length).toBeLessThan(before.media_gallery.length);
  expect(after.configurable_options[0].label).toBe('Shade');
});

it('shows a product sold out by another process', async () => {
  const row = await other.db
    .selectFrom('product')
    .select(['id', 'url_key'])
    .where('type', '=', 'simple')
    .where('visibility', '=', 4)
    .where('in_stock', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  expect((await detail(row.url_key)).stock_status).toBe('IN_STOCK');
  await changeCatalog((db) =>
    db.updateTable('product').set({ stock_qty: 0, in_stock: 0 }).where('id', '=', row.id).execute(),
  );
  expect((await detail(row.url_key)).stock_status).toBe('OUT_OF_STOCK');
});

it("keeps each store view's texts to itself, whichever asks first", async () => {
  const translated = await other.db
    .selectFrom('product as p')
    .innerJoin('product_store as s', 's.product_id', 'p.id')
    .select(['p.url_key', 'p.name', 's.name as fr_name'])
    .where('p.visibility', '=', 4)
    .where('s.name', 'is not', null)
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  expect(translated.fr_name).not.toBe(translated.name);
  const french = await detail(translated.url_key, { Store: 'fr' });
  expect(french.name).toBe(translated.fr_name);
  expect((await detail(translated.url_key)).name).toBe(translated.name);
  expect((await detail(translated.url_key, { Store: 'fr' })).name).toBe(translated.fr_name);
});

it('shows a category renamed by another process in the tree and on its products', async () => {
  const TREE = `query Tree($key: String!, $uid: String!) {
    categoryList(filters: { category_uid: { eq: $uid } }) { uid name }
    products(filter: { url_key: { eq: $key } }) { items { categories { uid name } } }
  }`;
  const product = await configurable();
  const ask = async (uid: string) => {
    const { body } = await api.post(TREE, { key: product.url_key, uid });
    expect(body.errors).toBeUndefined();
    return body.data as {
      categoryList: { uid: string; name: string }[];
      products: { items: { categories: { uid: string; name: string }[] }[] };
    };
  };
  const category = (await ask('')).products.items[0]!.categories[0]!;
  expect((await ask(category.uid)).categoryList).toEqual([category]);
  const id = Number(Buffer.from(category.uid, 'base64').toString());
  await changeCatalog((db) => db.updateTable('category').set({ name: 'Renamed shelf' }).where('id', '=', id).execute());
  const after = await ask(category.uid);
  expect(after.categoryList).toEqual([{ uid: category.uid, name: 'Renamed shelf' }]);
  expect(after.products.items[0]!.categories.find((c) => c.uid === category.uid)?.name).toBe('Renamed shelf');
});
