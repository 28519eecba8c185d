import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, simpleProduct, type Fixture, type GraphQLResult, type Shop } from './cartHarness';
import { AUDITED_CHANGES, createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// A product's texts per store view in the back office: a text left at "use the default value"
// is inherited, a text given is that store's only; rich text is sanitised; the storefront (its
// response cache included) and its search follow at once; staff write, viewers read.

let shop: Shop;
const clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let product: Fixture;
let second: Fixture;
const FRENCH = '2';

const TEXTS =
  'storeId defaults { name urlKey description metaTitle } own { name urlKey description shortDescription metaTitle metaDescription }';
const READ = `query($sku: String!, $store: ID!) { productStoreTexts(sku: $sku, storeId: $store) { ${TEXTS} } }`;
const SAVE = `mutation($sku: String!, $store: ID!, $t: ProductTextsInput!) {
  saveProductStoreTexts(sku: $sku, storeId: $store, texts: $t) { ${TEXTS} } }`;
const EMPTY = {
  name: null,
  urlKey: null,
  description: null,
  shortDescription: null,
  metaTitle: null,
  metaDescription: null,
};

async function storefront(query: string, store?: string): Promise<GraphQLResult> {
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, {
      method: 'GET',
      headers: store ? { Store: store } : {},
    }),
  );
  return (await response.json()) as GraphQLResult;
}

function ok<T = any>(result: GraphQLResult<T>, what: string): T {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data!;
}

const shown = async (store?: string) =>
  ok(
    await storefront(
      `{ products(filter: { sku: { eq: "${product.sku}" } }) { items { name description { html } } } }`,
      store,
    ),
    'products',
  ).products.items[0] as { name: string; description: { html: string } };
const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;
const ownRows = () =>
  shop.sql.prepare('select * from product_store where product_id = ? and store_id = 2').all(product.id);

beforeAll(async () => {
  shop = await openShop({ now, mailWorker: false });
  product = simpleProduct(shop, { price: 2500, stock: 100 });
  second = simpleProduct(shop, { price: 1500, stock: 100, offset: 1 });
  shop.sql.prepare('delete from product_store where product_id in (?, ?)').run(product.id, second.id);
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
}, 120_000);
afterAll(async () => shop?.close());

describe("a product's texts per store view", () => {
  it('reads no text of its own beside the default values', async () => {
    const texts = ok(await viewer.gql(READ, { sku: product.sku, store: FRENCH }), 'read').productStoreTexts;
    expect(texts.own).toEqual(EMPTY);
    expect(texts.defaults.name).toBe((await shown()).name);
  });

  it('lets viewers read but not write, and a refusal changes nothing', async () => {
    const [rows, audits] = [ownRows(), auditCount()];
    const result = await viewer.gql(SAVE, { sku: product.sku, store: FRENCH, t: { ...EMPTY, name: 'Non' } });
    expect(result.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    expect(ownRows()).toEqual(rows);
    expect(auditCount()).toBe(audits);
  });

  it('stores a French name and a sanitised description for the French store only; search follows', async () => {
    const english = await shown();
    await shown('fr'); // the French answer is in the response cache now
    const saved = ok(
      await staff.gql(SAVE, {
        sku: product.sku,
        store: FRENCH,
        t: { ...EMPTY, name: 'Chemise bleu nuit', description: '<p>Douce <script>alert(1)</script><b>coton</b></p>' },
      }),
      'save',
    ).saveProductStoreTexts;
    expect(saved.own).toMatchObject({ name: 'Chemise bleu nuit', urlKey: null, metaTitle: null });
    expect(saved.own.description).toBe('<p>Douce <b>coton</b></p>');
    const french = await shown('fr');
    expect(french.name).toBe('Chemise bleu nuit');
    expect(french.description.html).toBe('<p>Douce <b>coton</b></p>');
    expect(await shown()).toEqual(english);
    const audit = shop.sql.prepare('select action, entity_id, after from audit_log order by id desc limit 1').get() as {
      action: string;
      entity_id: string;
      after: string;
    };
    expect(audit).toMatchObject({ action: 'product.store_texts', entity_id: product.sku });
    expect(JSON.parse(audit.after)).toMatchObject({ storeId: 2, name: 'Chemise bleu nuit' });
    const found = ok(
      await storefront('{ products(search: "Chemise bleu nuit") { items { sku name } } }', 'fr'),
      'search',
    ).products.items as Array<{ sku: string; name: string }>;
    expect(found.map((i) => i.sku)).toContain(product.sku);
  });

  it('goes back to the default value for a text left empty', async () => {
    ok(await staff.gql(SAVE, { sku: product.sku, store: FRENCH, t: { ...EMPTY, name: '  ' } }), 'reset');
    expect(ownRows()).toEqual([]);
    const english = await shown();
    expect((await shown('fr')).name).toBe(english.name);
  });

  it('is found in the French store by its own description, and by the default name once its own is gone', async () => {
    const skus = async (q: string, store?: string) =>
      (
        ok(await storefront(`{ products(search: "${q}", pageSize: 48) { items { sku } } }`, store), 'search').products
          .items as Array<{ sku: string }>
      ).map((i) => i.sku);
    const english = (await shown()).name;
    ok(
      await staff.gql(SAVE, {
        sku: product.sku,
        store: FRENCH,
        t: { ...EMPTY, name: 'Chemise bleu nuit', description: '<p>Tissée à Montbrison</p>' },
      }),
      'save',
    );
    expect(await skus('montbrison', 'fr')).toEqual([product.sku]);
    expect(await skus('montbrison')).toEqual([]);
    expect(await skus(english, 'fr')).not.toContain(product.sku);
    ok(await staff.gql(SAVE, { sku: product.sku, store: FRENCH, t: EMPTY }), 'reset');
    // Nothing of its own left: the French store reads the default name and description.
    expect(await skus(english, 'fr')).toContain(product.sku);
    expect(await skus('montbrison', 'fr')).toEqual([]);
  });

  it.each([
    [{ store: '1' }, 'name'],
    [{ t: { ...EMPTY, urlKey: '!!!' } }, 'urlKey'],
    [{ t: { ...EMPTY, name: 'x'.repeat(300) } }, 'name'],
    [{ t: { ...EMPTY, metaTitle: 'a\nb' } }, 'metaTitle'],
  ])('refuses %j naming the field, changing nothing', async (change, field) => {
    const [rows, audits] = [ownRows(), auditCount()];
    const result = await staff.gql(SAVE, { sku: product.sku, store: FRENCH, t: EMPTY, ...change });
    expect(result.errors?.[0]?.extensions?.field).toBe(field);
    expect(ownRows()).toEqual(rows);
    expect(auditCount()).toBe(audits);
  });

  it("refuses another product's url key in the store, and an unknown store view", async () => {
    const key = (shop.sql.prepare('select url_key from product where id = ?').get(second.id) as { url_key: string })
      .url_key;
    const taken = await staff.gql(SAVE, { sku: product.sku, store: FRENCH, t: { ...EMPTY, urlKey: key } });
    expect(taken.errors?.[0]?.extensions?.field).toBe('urlKey');
    const unknown = await staff.gql(SAVE, { sku: product.sku, store: '99', t: { ...EMPTY, name: 'x' } });
    expect(unknown.errors?.[0]?.message).toMatch(/no store view 99/);
    expect(ownRows()).toEqual([]);
  });
});

describe("a category's texts per store view", () => {
  const READ_CATEGORY = `query($id: ID!, $store: ID!) { categoryStoreTexts(id: $id, storeId: $store) {
    defaults { name description } own { name description metaTitle metaDescription } } }`;
  const SAVE_CATEGORY = `mutation($id: ID!, $store: ID!, $t: CategoryTextsInput!) {
    saveCategoryStoreTexts(id: $id, storeId: $store, texts: $t) { own { name description metaTitle metaDescription } } }`;
  const NONE = { name: null, description: null, metaTitle: null, metaDescription: null };
  const categoryName = async (id: number, store?: string) =>
    ok(
      await storefront(`{ categories(filters: { ids: { eq: "${id}" } }) { items { name description } } }`, store),
      'categories',
    ).categories.items[0] as { name: string; description: string | null };

  it('stores a French name for the French store only, sanitised, and back to the default when emptied', async () => {
    const category = shop.sql.prepare('select id, name from category where level >= 2 order by id limit 1').get() as {
      id: number;
      name: string;
    };
    shop.sql.prepare('delete from category_store where category_id = ? and store_id = 2').run(category.id);
    const read = ok(await viewer.gql(READ_CATEGORY, { id: String(category.id), store: FRENCH }), 'read');
    expect(read.categoryStoreTexts.own).toEqual(NONE);
    expect(read.categoryStoreTexts.defaults.name).toBe(category.name);
    await categoryName(category.id, 'fr');
    const refused = await viewer.gql(SAVE_CATEGORY, {
      id: String(category.id),
      store: FRENCH,
      t: { ...NONE, name: 'Non' },
    });
    expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    const saved = ok(
      await staff.gql(SAVE_CATEGORY, {
        id: String(category.id),
        store: FRENCH,
        t: { ...NONE, name: 'Nouveautés', description: '<p onclick="x()">Tout <em>neuf</em></p>' },
      }),
      'save',
    ).saveCategoryStoreTexts;
    expect(saved.own).toEqual({ ...NONE, name: 'Nouveautés', description: '<p>Tout <em>neuf</em></p>' });
    expect((await categoryName(category.id, 'fr')).name).toBe('Nouveautés');
    expect((await categoryName(category.id)).name).toBe(category.name);
    ok(await staff.gql(SAVE_CATEGORY, { id: String(category.id), store: FRENCH, t: NONE }), 'reset');
    expect((await categoryName(category.id, 'fr')).name).toBe(category.name);
    const bad = await staff.gql(SAVE_CATEGORY, {
      id: String(category.id),
      store: FRENCH,
      t: { ...NONE, metaTitle: 'a\nb' },
    });
    expect(bad.errors?.[0]?.extensions?.field).toBe('metaTitle');
  });
});

describe("a CMS page's texts per store view", () => {
  const SAVE_PAGE = `mutation($id: ID!, $store: ID!, $t: CmsPageTextsInput!) {
    saveCmsPageStoreTexts(id: $id, storeId: $store, texts: $t) { own { title content } } }`;
  const NONE = {
    title: null,
    contentHeading: null,
    content: null,
    metaTitle: null,
    metaDescription: null,
    metaKeywords: null,
  };

  it('stores a French title and sanitised content for the French store only', async () => {
    const page = shop.sql
      .prepare('select id, identifier, title from cms_page where is_active = 1 order by id limit 1')
      .get() as {
      id: number;
      identifier: string;
      title: string;
    };
    shop.sql.prepare('delete from cms_page_store where page_id = ? and store_id = 2').run(page.id);
    const shownPage = async (store?: string) =>
      ok(await storefront(`{ cmsPage(identifier: "${page.identifier}") { title content } }`, store), 'cmsPage')
        .cmsPage as {
        title: string;
        content: string;
      };
    await shownPage('fr');
    const refused = await viewer.gql(SAVE_PAGE, { id: String(page.id), store: FRENCH, t: { ...NONE, title: 'Non' } });
    expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    const saved = ok(
      await staff.gql(SAVE_PAGE, {
        id: String(page.id),
        store: FRENCH,
        t: { ...NONE, title: 'À propos', content: '<p>Bonjour<img src=x onerror="alert(1)"></p>' },
      }),
      'save',
    ).saveCmsPageStoreTexts;
    expect(saved.own.content).not.toMatch(/onerror/);
    expect((await shownPage('fr')).title).toBe('À propos');
    expect((await shownPage('fr')).content).not.toMatch(/onerror/);
    expect((await shownPage()).title).toBe(page.title);
  });
});
