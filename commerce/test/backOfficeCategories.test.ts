// Categories in the back office: the tree; creating and editing with every refusal changing
// nothing; reordering and moving with the subtree's paths, levels and addresses following and
// positions staying 1..n; deleting only what is empty; and the storefront's /graphql (menu,
// category pages, route(url:), search) showing each change as soon as the mutation returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser, AUDITED_CHANGES } from './backOfficeHarness';

let shop: Shop;
let staff: StaffBrowser;
let viewer: StaffBrowser;
const clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;

const FIELDS = `id parentId level position name urlKey urlPath storefrontPath description metaTitle metaDescription
  includeInMenu active productCount childCount pathNames`;
const TREE = `{ categoryTree { ${FIELDS} } }`;
const ONE = `query($id: ID!) { category(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($i: AdminNewCategoryInput!) { createCategory(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $i: AdminCategoryInput!) { updateCategory(id: $id, input: $i) { ${FIELDS} } }`;
const MOVE = `mutation($id: ID!, $p: ID!, $at: Int) { moveCategory(id: $id, parentId: $p, position: $at) { ${FIELDS} } }`;
const REORDER = `mutation($id: ID!, $d: AdminCategoryDirection!) { reorderCategory(id: $id, direction: $d) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteCategory(id: $id) }`;
const ROUTE = `query($u: String!) { route(url: $u) { __typename relative_url redirect_code ... on CategoryTree { id name } } }`;
const MENU = `{ categoryList(filters: { category_uid: { eq: "Mg==" } }) { children { id name url_path position include_in_menu children { id name url_path position } } } }`;

interface Row {
  id: number;
  parent_id: number;
  path: string;
  level: number;
  position: number;
  name: string;
  url_key: string;
  url_path: string;
  meta_description: string | null;
}

const rowAt = (urlPath: string) =>
  shop.sql.prepare('select * from category where url_path = ? and level >= 2').get(urlPath) as Row;
const rowOf = (id: number | string) =>
  shop.sql.prepare('select * from category where id = ?').get(id) as Row | undefined;
const childrenOf = (id: number | string) =>
  shop.sql.prepare('select * from category where parent_id = ? order by position, id').all(id) as Row[];
const positions = (id: number | string) => childrenOf(id).map((c) => c.position);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const dense = (list: readonly unknown[]) => oneTo(list.length);
const canonical = (id: number | string, storeId = 1) =>
  (
    shop.sql
      .prepare(
        "select request_path from url_rewrite where entity_type = 'CATEGORY' and entity_id = ? and store_id = ? and redirect_type = 0",
      )
      .all(id, storeId) as Array<{ request_path: string }>
  ).map((r) => r.request_path);
const lastAudit = () =>
  shop.sql.prepare('select * from audit_log order by id desc limit 1').get() as {
    action: string;
    entity_id: string;
    staff_email: string;
    before: string | null;
    after: string | null;
  };

/** Everything a category write could touch, to prove a refused one touched nothing. */
function snapshot() {
  const q = (text: string) => shop.sql.prepare(text).all();
  return JSON.stringify([
    q('select * from category order by id'),
    q('select * from category_store order by category_id, store_id'),
    q("select * from url_rewrite where entity_type = 'CATEGORY' order by id"),
    q(AUDITED_CHANGES),
    q('select version from catalog_version'),
  ]);
}

async function storefront(query: string, store = 'default'): Promise<{ cache: string | null; body: GraphQLResult }> {
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, {
      headers: { accept: 'application/json', store },
    }),
  );
  return { cache: response.headers.get('x-cache'), body: (await response.json()) as GraphQLResult };
}

async function route(url: string, store = 'default') {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', store },
      body: JSON.stringify({ query: ROUTE, variables: { u: url } }),
    }),
  );
  return ((await response.json()) as GraphQLResult).data!.route;
}

async function menu(): Promise<Array<{ id: number; name: string; url_path: string; children: any[] }>> {
  return (await storefront(MENU)).body.data.categoryList[0].children;
}

/** Every address the default store's sitemap lists. */
async function sitemapPaths(): Promise<string[]> {
  const plan = await shop.commerce.sitemap.plan();
  const files = plan.stores.find((store) => store.code === 'default')!.files;
  const paths: string[] = [];
  for (let part = 1; part <= files; part++)
    for await (const page of shop.commerce.sitemap.paths('default', part)) paths.push(...page.map((e) => e.path));
  return paths;
}

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

describe('the tree', () => {
  it('lists every category from the store root down, parents first, siblings in order, with product counts', async () => {
    const tree = ok(await viewer.gql(TREE)).categoryTree as Array<Record<string, any>>;
    const all = shop.sql.prepare('select * from category where level >= 1').all() as Row[];
    expect(tree).toHaveLength(all.length);
    expect(tree[0]).toMatchObject({ id: '2', parentId: null, level: 1, storefrontPath: null });
    const seen = new Set<string>();
    for (const item of tree) {
      if (item.parentId !== null) expect(seen.has(item.parentId)).toBe(true);
      seen.add(item.id);
    }
    const top = tree.filter((c) => c.parentId === '2');
    expect(top.map((c) => c.position)).toEqual(dense(top));
    expect(top[0]).toMatchObject({ name: 'Women', urlPath: 'women', storefrontPath: '/women.html' });
    const tops = tree.find((c) => c.urlPath === 'women/tops')!;
    const count = shop.sql.prepare('select count(*) as n from category_product where category_id = ?').get(tops.id) as {
      n: number;
    };
    expect(tops).toMatchObject({ pathNames: ['Default Category', 'Women', 'Tops'], productCount: count.n });
    expect(count.n).toBeGreaterThan(0);
    expect(ok(await viewer.gql(ONE, { id: tops.id })).category).toEqual(tops);
    expect(ok(await viewer.gql(ONE, { id: '999999' })).category).toBeNull();
    expect(ok(await viewer.gql(ONE, { id: '1' })).category).toBeNull();
  });
});

describe('creating and editing', () => {
  it('creates a category last under its parent, with its address, and the storefront shows it at once', async () => {
    const women = rowAt('women');
    const cachedMenu = await storefront(MENU);
    expect((await storefront(MENU)).cache).toBe('HIT');
    const before = childrenOf(women.id).length;
    const created = ok(
      await staff.gql(CREATE, {
        i: { parentId: String(women.id), name: 'Linen Corner', description: '<p>Linen.</p>' },
      }),
    ).createCategory;
    expect(created).toMatchObject({
      parentId: String(women.id),
      level: 3,
      position: before + 1,
      name: 'Linen Corner',
      urlKey: 'linen-corner',
      urlPath: 'women/linen-corner',
      storefrontPath: '/women/linen-corner.html',
      metaTitle: 'Linen Corner',
      includeInMenu: true,
      active: true,
      productCount: 0,
      childCount: 0,
    });
    expect(rowOf(created.id)).toMatchObject({ path: `${women.path}/${created.id}` });
    expect(canonical(created.id)).toEqual(['women/linen-corner.html']);
    expect(lastAudit()).toMatchObject({
      action: 'category.create',
      entity_id: created.id,
      staff_email: 'staff@example.com',
      before: null,
    });
    expect(JSON.parse(lastAudit().after!)).toMatchObject({ name: 'Linen Corner', urlPath: 'women/linen-corner' });

    const fresh = await storefront(MENU);
    expect(fresh.cache).toBe('MISS');
    expect(fresh.body).not.toEqual(cachedMenu.body);
    const womenMenu = fresh.body.data.categoryList[0].children.find((c: { id: number }) => c.id === women.id);
    expect(womenMenu.children.at(-1)).toMatchObject({ name: 'Linen Corner', url_path: 'women/linen-corner' });
    expect(await sitemapPaths()).toContain('women/linen-corner.html');
    expect(await route('/women/linen-corner.html')).toMatchObject({
      __typename: 'CategoryTree',
      name: 'Linen Corner',
      redirect_code: 0,
    });
  });

  it('refuses every bad value with a message naming its field, and changes nothing', async () => {
    const women = rowAt('women');
    const tops = rowAt('women/tops');
    const product = shop.sql.prepare('select url_key from product where visibility = 4 order by id limit 1').get() as {
      url_key: string;
    };
    const state = snapshot();
    const cases: Array<[string, Record<string, unknown>, unknown, RegExp]> = [
      [CREATE, { i: { parentId: String(women.id), name: '  ' } }, 'name', /^Name: This field is required/],
      [
        CREATE,
        { i: { parentId: String(women.id), name: 'Tops again', urlKey: 'tops' } },
        'urlKey',
        /women\/tops\.html.*category/,
      ],
      [CREATE, { i: { parentId: String(women.id), name: 'Bad', urlKey: 'Bad Key!' } }, 'urlKey', /lower-case letters/],
      [CREATE, { i: { parentId: String(women.id), name: 'Dash', urlKey: '-dash-' } }, 'urlKey', /single hyphens/],
      [
        CREATE,
        { i: { parentId: '2', name: 'Clash', urlKey: product.url_key } },
        'urlKey',
        /belongs to another page: product/,
      ],
      [CREATE, { i: { parentId: '2', name: 'About', urlKey: 'about-us' } }, 'urlKey', /CMS page/],
      [CREATE, { i: { parentId: '1', name: 'Second root' } }, 'parentId', /catalog's root/],
      [CREATE, { i: { parentId: '999999', name: 'Orphan' } }, 'parentId', /no category 999999/],
      [CREATE, { i: { parentId: String(women.id), name: '!!!' } }, 'urlKey', /no letters or digits/],
      [UPDATE, { id: String(tops.id), i: { name: '' } }, 'name', /This field is required/],
      [UPDATE, { id: String(tops.id), i: { urlKey: '' } }, 'urlKey', /This field is required/],
      [UPDATE, { id: String(tops.id), i: { urlKey: 'dresses' } }, 'urlKey', /women\/dresses\.html/],
      [UPDATE, { id: String(tops.id), i: { metaTitle: 'x'.repeat(1001) } }, 'metaTitle', /Meta title.*too long/],
      [UPDATE, { id: String(tops.id), i: { name: 'Bad\u0000name' } }, 'name', /Name.*not allowed/],
      [UPDATE, { id: '2', i: { urlKey: 'new-root' } }, 'urlKey', /root category/],
      [UPDATE, { id: '2', i: { active: false } }, 'active', /root category/],
    ];
    for (const [document, variables, field, message] of cases) {
      const refused = refusal(await staff.gql(document, variables));
      expect(refused, JSON.stringify(variables)).toMatchObject({ field, category: 'graphql-input' });
      expect(refused.message, JSON.stringify(variables)).toMatch(message);
    }
    expect(refusal(await staff.gql(UPDATE, { id: '999999', i: { name: 'N' } })).category).toBe(
      'graphql-no-such-entity',
    );
    expect(refusal(await viewer.gql(UPDATE, { id: String(tops.id), i: { name: 'N' } })).category).toBe(
      'graphql-authorization',
    );
    expect(snapshot()).toBe(state);
  });

  it('renames and re-keys a category: its subtree moves address, old ones redirect, search knows the new name', async () => {
    const shoes = rowAt('shoes');
    const sneakers = rowAt('shoes/sneakers');
    const deep = shop.sql
      .prepare("select * from category where url_path like 'shoes/%/%' order by id limit 1")
      .get() as Row | undefined;
    const frenchBefore = shop.sql
      .prepare('select url_path from category_store where category_id = ? and store_id = 2')
      .get(sneakers.id) as { url_path: string };
    const updated = ok(
      await staff.gql(UPDATE, {
        id: String(shoes.id),
        i: {
          name: 'Footwear Quarry',
          urlKey: 'Footwear',
          metaDescription: 'Shoes for every road.',
          includeInMenu: false,
        },
      }),
    ).updateCategory;
    expect(updated).toMatchObject({
      name: 'Footwear Quarry',
      urlKey: 'footwear',
      urlPath: 'footwear',
      metaDescription: 'Shoes for every road.',
      includeInMenu: false,
    });
    expect(rowOf(sneakers.id)).toMatchObject({ url_path: 'footwear/sneakers', path: sneakers.path, level: 3 });
    if (deep) expect(rowOf(deep.id)!.url_path).toBe(deep.url_path.replace(/^shoes\//, 'footwear/'));
    expect(canonical(sneakers.id)).toEqual(['footwear/sneakers.html']);
    // The French store keeps its own addresses: its keys are its own, under its own parent's address.
    expect(
      shop.sql.prepare('select url_path from category_store where category_id = ? and store_id = 2').get(sneakers.id),
    ).toEqual(frenchBefore);

    const audit = lastAudit();
    expect(audit).toMatchObject({ action: 'category.update', entity_id: String(shoes.id) });
    expect(JSON.parse(audit.before!)).toEqual({
      name: 'Shoes',
      urlKey: 'shoes',
      urlPath: 'shoes',
      metaDescription: shoes.meta_description ?? null,
      includeInMenu: true,
    });
    expect(JSON.parse(audit.after!)).toEqual({
      name: 'Footwear Quarry',
      urlKey: 'footwear',
      urlPath: 'footwear',
      metaDescription: 'Shoes for every road.',
      includeInMenu: false,
    });

    expect(await route('shoes/sneakers.html')).toMatchObject({
      redirect_code: 301,
      relative_url: 'footwear/sneakers.html',
    });
    expect(await route('footwear/sneakers.html')).toMatchObject({ redirect_code: 0, id: sneakers.id });
    const top = (await menu()).find((c) => c.id === shoes.id)!;
    expect(top).toMatchObject({ name: 'Footwear Quarry', include_in_menu: 0, url_path: 'footwear' });
    const search = await shop.gql('{ products(search: "Quarry", pageSize: 5) { total_count } }');
    expect(search.data.products.total_count).toBeGreaterThan(0);

    // And back: the first address is the canonical one again, the second redirects to it.
    ok(await staff.gql(UPDATE, { id: String(shoes.id), i: { name: 'Shoes', urlKey: 'shoes', includeInMenu: true } }));
    expect(canonical(sneakers.id)).toEqual(['shoes/sneakers.html']);
    expect(await route('footwear/sneakers.html')).toMatchObject({
      redirect_code: 301,
      relative_url: 'shoes/sneakers.html',
    });
    expect(await route('shoes/sneakers.html')).toMatchObject({ redirect_code: 0 });
  });

  it('an inactive category leaves the menu, its page and its listings at once, and comes back', async () => {
    const dresses = rowAt('women/dresses');
    const women = rowAt('women');
    const dressesListed = () =>
      shop.gql(`{ products(filter: { category_id: { eq: "${dresses.id}" } }, pageSize: 1) { total_count } }`);
    const before = (await dressesListed()).data.products.total_count;
    ok(await staff.gql(UPDATE, { id: String(dresses.id), i: { active: false } }));
    expect(await route('women/dresses.html')).toBeNull();
    const womenMenu = (await menu()).find((c) => c.id === women.id)!;
    expect(womenMenu.children.map((c: { id: number }) => c.id)).not.toContain(dresses.id);
    expect(before).toBeGreaterThan(0);
    expect((await dressesListed()).data.products.total_count).toBe(0);
    expect(JSON.parse(lastAudit().after!)).toEqual({ active: false });
    ok(await staff.gql(UPDATE, { id: String(dresses.id), i: { active: true } }));
    expect(await route('women/dresses.html')).toMatchObject({ id: dresses.id, redirect_code: 0 });
    expect((await dressesListed()).data.products.total_count).toBe(before);
  });

  it('an edit that changes nothing writes nothing', async () => {
    const tops = rowAt('women/tops');
    const state = snapshot();
    ok(await staff.gql(UPDATE, { id: String(tops.id), i: { name: tops.name, urlKey: tops.url_key } }));
    expect(snapshot()).toBe(state);
  });
});

describe('reordering and moving', () => {
  it('moves a category up and down among its siblings; positions stay 1..n; the menu follows at once', async () => {
    const men = rowAt('men');
    const women = rowAt('women');
    expect((await menu()).slice(0, 2).map((c) => c.name)).toEqual(['Women', 'Men']);
    const moved = ok(await staff.gql(REORDER, { id: String(men.id), d: 'UP' })).reorderCategory;
    expect(moved.position).toBe(1);
    expect(positions(2)).toEqual(dense(positions(2)));
    expect(rowOf(women.id)!.position).toBe(2);
    expect((await menu()).slice(0, 2).map((c) => c.name)).toEqual(['Men', 'Women']);
    expect(lastAudit()).toMatchObject({ action: 'category.move', entity_id: String(men.id) });
    expect(JSON.parse(lastAudit().before!)).toEqual({ position: 2 });
    expect(JSON.parse(lastAudit().after!)).toEqual({ position: 1 });

    const state = snapshot();
    expect(refusal(await staff.gql(REORDER, { id: String(men.id), d: 'UP' })).message).toMatch(/already the first/);
    expect(snapshot()).toBe(state);
    ok(await staff.gql(REORDER, { id: String(men.id), d: 'DOWN' }));
    expect((await menu()).slice(0, 2).map((c) => c.name)).toEqual(['Women', 'Men']);
    const last = childrenOf(2).at(-1)!;
    expect(refusal(await staff.gql(REORDER, { id: String(last.id), d: 'DOWN' })).message).toMatch(/already the last/);
  });

  it('moves a subtree under another parent: paths, levels and addresses follow; listings and routes at once', async () => {
    const shoes = rowAt('shoes');
    const outdoor = rowAt('outdoor');
    const subtree = shop.sql
      .prepare('select * from category where path like ? order by id')
      .all(`${shoes.path}/%`) as Row[];
    expect(subtree.length).toBeGreaterThan(1);
    const shoeProducts = await shop.gql(`{ categoryList(filters: { ids: { eq: "${shoes.id}" } }) { product_count } }`);
    const outdoorBefore = await shop.gql(
      `{ categoryList(filters: { ids: { eq: "${outdoor.id}" } }) { product_count } }`,
    );
    const outdoorChildren = childrenOf(outdoor.id).length;

    const moved = ok(await staff.gql(MOVE, { id: String(shoes.id), p: String(outdoor.id), at: 1 })).moveCategory;
    expect(moved).toMatchObject({ parentId: String(outdoor.id), level: 3, position: 1, urlPath: 'outdoor/shoes' });
    expect(moved.pathNames).toEqual(['Default Category', 'Outdoor', 'Shoes']);
    for (const before of subtree) {
      const after = rowOf(before.id)!;
      expect(after.path).toBe(before.path.replace(shoes.path, `${outdoor.path}/${shoes.id}`));
      expect(after.level).toBe(before.level + 1);
      expect(after.url_path).toBe(`outdoor/${before.url_path}`);
      expect(canonical(before.id)).toEqual([`outdoor/${before.url_path}.html`]);
      expect(await route(`${before.url_path}.html`)).toMatchObject({
        redirect_code: 301,
        relative_url: `outdoor/${before.url_path}.html`,
      });
    }
    expect(positions(2)).toEqual(dense(positions(2)));
    expect(positions(outdoor.id)).toEqual(oneTo(outdoorChildren + 1));
    expect(childrenOf(outdoor.id)[0]!.id).toBe(shoes.id);

    // The French store's own addresses follow the French parent's.
    const frenchOutdoor = shop.sql
      .prepare('select url_path from category_store where category_id = ? and store_id = 2')
      .get(outdoor.id) as { url_path: string };
    const frenchShoes = shop.sql
      .prepare('select url_key, url_path from category_store where category_id = ? and store_id = 2')
      .get(shoes.id) as { url_key: string; url_path: string };
    expect(frenchShoes.url_path).toBe(`${frenchOutdoor.url_path}/${frenchShoes.url_key}`);
    expect(canonical(shoes.id, 2)).toEqual([`${frenchShoes.url_path}.html`]);
    expect(await route(`${frenchShoes.url_path}.html`, 'fr')).toMatchObject({ redirect_code: 0, id: shoes.id });

    // Anchor listings: Outdoor now holds the shoes too.
    const outdoorAfter = await shop.gql(
      `{ categoryList(filters: { ids: { eq: "${outdoor.id}" } }) { product_count } }`,
    );
    expect(outdoorAfter.data.categoryList[0].product_count).toBeGreaterThan(
      outdoorBefore.data.categoryList[0].product_count,
    );
    expect(outdoorAfter.data.categoryList[0].product_count).toBeGreaterThanOrEqual(
      shoeProducts.data.categoryList[0].product_count,
    );
    const listed = await sitemapPaths();
    expect(listed).toContain('outdoor/shoes.html');
    expect(listed).not.toContain('shoes.html');
    expect((await menu()).some((c) => c.id === shoes.id)).toBe(false);
    expect((await menu()).find((c) => c.id === outdoor.id)!.children[0]).toMatchObject({
      id: shoes.id,
      url_path: 'outdoor/shoes',
    });
    const audit = lastAudit();
    expect(audit.action).toBe('category.move');
    expect(JSON.parse(audit.before!)).toMatchObject({ parentId: 2, urlPath: 'shoes', position: shoes.position });
    expect(JSON.parse(audit.after!)).toMatchObject({ parentId: outdoor.id, urlPath: 'outdoor/shoes', position: 1 });

    // Back where it was.
    ok(await staff.gql(MOVE, { id: String(shoes.id), p: '2', at: shoes.position }));
    for (const before of subtree)
      expect(rowOf(before.id)).toMatchObject({ path: before.path, url_path: before.url_path });
    expect(rowOf(shoes.id)).toMatchObject({ position: shoes.position, url_path: 'shoes', level: 2 });
    expect(positions(outdoor.id)).toEqual(oneTo(outdoorChildren));
    expect(await route('shoes.html')).toMatchObject({ redirect_code: 0, id: shoes.id });
  });

  it('refuses a move under itself, under its own subcategory, of a root, and to a wrong position', async () => {
    const shoes = rowAt('shoes');
    const child = childrenOf(shoes.id)[0]!;
    const state = snapshot();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ id: String(shoes.id), p: String(shoes.id) }, /under itself/],
      [{ id: String(shoes.id), p: String(child.id) }, /one of its own subcategories/],
      [{ id: '2', p: String(shoes.id) }, /root category/],
      [{ id: String(shoes.id), p: '1' }, /catalog's root/],
      [{ id: String(shoes.id), p: '2', at: 0 }, /position must be/],
      [{ id: String(shoes.id), p: '2', at: 99 }, /position must be/],
    ];
    for (const [variables, message] of cases) {
      const refused = refusal(await staff.gql(MOVE, variables));
      expect(refused.message, JSON.stringify(variables)).toMatch(message);
      expect(refused.field).toBe('parentId');
    }
    // A subcategory whose address under the new parent is taken: Women/Tops cannot go under Kids (Kids has Tops).
    const refused = refusal(await staff.gql(MOVE, { id: String(rowAt('women/tops').id), p: String(rowAt('kids').id) }));
    expect(refused.message).toMatch(/kids\/tops\.html belongs to another page/);
    expect(snapshot()).toBe(state);
  });

  it('keeps positions 1..n when many moves run at once', async () => {
    const home = rowAt('home');
    const kids = rowAt('kids');
    const ids = childrenOf(home.id).map((c) => String(c.id));
    const results = await Promise.all([
      ...ids.map((id, i) => staff.gql(REORDER, { id, d: i % 2 ? 'UP' : 'DOWN' })),
      staff.gql(MOVE, { id: ids[0]!, p: String(kids.id) }),
    ]);
    for (const result of results)
      if (result.errors) expect(result.errors[0]!.extensions?.category).toBe('graphql-input');
    for (const parent of [home.id, kids.id, 2]) expect(positions(parent)).toEqual(dense(positions(parent)));
  });
});

describe('deleting', () => {
  it('refuses a root, a category with subcategories or products; deletes an empty one', async () => {
    const women = rowAt('women');
    const tops = rowAt('women/tops');
    const state = snapshot();
    expect(refusal(await staff.gql(DELETE, { id: '2' })).message).toMatch(/root category/);
    expect(refusal(await staff.gql(DELETE, { id: String(women.id) })).message).toMatch(
      /has \d+ subcategories: move or delete them first/,
    );
    expect(refusal(await staff.gql(DELETE, { id: String(tops.id) })).message).toMatch(/holds \d+ products/);
    expect(refusal(await viewer.gql(DELETE, { id: String(tops.id) })).category).toBe('graphql-authorization');
    expect(refusal(await staff.gql(DELETE, { id: '999999' })).category).toBe('graphql-no-such-entity');
    expect(snapshot()).toBe(state);

    const first = ok(
      await staff.gql(CREATE, { i: { parentId: String(women.id), name: 'Brief Shelf' } }),
    ).createCategory;
    const second = ok(
      await staff.gql(CREATE, { i: { parentId: String(women.id), name: 'Brief Shelf Two', metaTitle: null } }),
    ).createCategory;
    expect(second.metaTitle).toBe('Brief Shelf Two');
    ok(await staff.gql(UPDATE, { id: first.id, i: { urlKey: 'brief-shelf-renamed' } }));
    expect(ok(await staff.gql(DELETE, { id: first.id })).deleteCategory).toBe(first.id);
    expect(rowOf(first.id)).toBeUndefined();
    expect(
      shop.sql
        .prepare("select count(*) as n from url_rewrite where entity_type = 'CATEGORY' and entity_id = ?")
        .get(first.id),
    ).toEqual({ n: 0 });
    expect(positions(women.id)).toEqual(dense(positions(women.id)));
    expect(rowOf(second.id)!.position).toBe(childrenOf(women.id).length);
    expect(lastAudit()).toMatchObject({ action: 'category.delete', entity_id: first.id, after: null });
    expect(JSON.parse(lastAudit().before!)).toMatchObject({ name: 'Brief Shelf', urlKey: 'brief-shelf-renamed' });
    expect(await route('women/brief-shelf.html')).toBeNull();
    expect(await route('women/brief-shelf-renamed.html')).toBeNull();
    expect((await menu()).find((c) => c.id === women.id)!.children.map((c: { name: string }) => c.name)).not.toContain(
      'Brief Shelf',
    );
  });
});
