import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CMS_BLOCKS, DEMO_CMS_BLOCKS_FR, DEMO_CMS_PAGES, DEMO_CMS_PAGES_FR } from '../src/demo/catalogContent';
import { sanitiseHtml } from '../src/kernel/safeHtml';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Content in the back office: pages and blocks listed, created, edited, enabled and disabled,
// deleted; their addresses checked against the storefront's routes and the catalog's; the
// storefront's answers (through its response cache) change at once; and the one sanitiser that
// the storefront, the saved content and the preview share.

let shop: Shop;
const clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;

const PAGE_FIELDS = `id identifier title contentHeading content metaTitle metaDescription metaKeywords active role storefrontPath`;
const PAGES = `query($s: String, $p: Int, $n: Int) { cmsPages(search: $s, page: $p, pageSize: $n) {
  items { id identifier title active role } totalCount page pageSize totalPages } }`;
const BLOCKS = `query($s: String) { cmsBlocks(search: $s) { items { id identifier title active } totalCount } }`;
const PAGE = `query($id: ID!) { cmsPage(id: $id) { ${PAGE_FIELDS} } }`;
const CREATE_PAGE = `mutation($i: AdminCmsPageInput!) { createCmsPage(input: $i) { ${PAGE_FIELDS} } }`;
const UPDATE_PAGE = `mutation($id: ID!, $i: AdminCmsPageInput!) { updateCmsPage(id: $id, input: $i) { ${PAGE_FIELDS} } }`;
const DELETE_PAGE = `mutation($id: ID!) { deleteCmsPage(id: $id) }`;
const CREATE_BLOCK = `mutation($i: AdminCmsBlockInput!) { createCmsBlock(input: $i) { id identifier title content active } }`;
const UPDATE_BLOCK = `mutation($id: ID!, $i: AdminCmsBlockInput!) { updateCmsBlock(id: $id, input: $i) { id identifier title content active } }`;
const DELETE_BLOCK = `mutation($id: ID!) { deleteCmsBlock(id: $id) }`;
const PREVIEW = `query($h: String!) { cmsContentPreview(html: $h) { html removed } }`;

const STOREFRONT_PAGE = `query($id: String!) { cmsPage(identifier: $id) { identifier title content } }`;
const STOREFRONT_BLOCKS = `query($ids: [String]!) { cmsBlocks(identifiers: $ids) { items { identifier content } } }`;
const STOREFRONT_ROUTE = `query($url: String!) { route(url: $url) { type relative_url redirect_code ... on CmsPage { title } } }`;

/** The storefront's /graphql as a shopper's browser asks it: GET, so the response cache answers when it can. */
async function storefront(query: string, variables: Record<string, unknown> = {}) {
  const url = new URL('http://localhost/graphql');
  url.searchParams.set('query', query);
  url.searchParams.set('variables', JSON.stringify(variables));
  const response = await shop.commerce.fetch(new Request(url, { method: 'GET' }));
  return (await response.json()) as GraphQLResult;
}

function ok(result: GraphQLResult, what: string) {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data;
}

function refusal(result: GraphQLResult) {
  expect(result.errors, 'expected a refusal').toBeDefined();
  const error = result.errors![0]!;
  return { message: error.message, field: error.extensions?.field as string | undefined };
}

const auditCount = () => (shop.sql.prepare('select count(*) as n from audit_log').get() as { n: number }).n;
const lastAudit = () =>
  shop.sql.prepare('select * from audit_log order by id desc limit 1').get() as {
    action: string;
    staff_email: string;
    entity_type: string;
    entity_id: string;
    before: string | null;
    after: string | null;
  };
const pageId = (identifier: string) =>
  String((shop.sql.prepare('select id from cms_page where identifier = ?').get(identifier) as { id: number }).id);

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

describe('the CMS sanitiser', () => {
  it('leaves the demo pages and blocks exactly as written', () => {
    for (const item of [...DEMO_CMS_PAGES, ...DEMO_CMS_BLOCKS, ...DEMO_CMS_PAGES_FR, ...DEMO_CMS_BLOCKS_FR]) {
      expect(sanitiseHtml(item.content ?? '')).toEqual({ html: item.content, removed: [] });
    }
  });

  it('takes out scripts, event attributes, frames and script addresses, and says so', () => {
    const result = sanitiseHtml(
      [
        '<p>Hi<script>alert(1)</script> there</p>',
        '<img src=x onerror="alert(1)" alt="x">',
        '<a href="javascript:alert(1)">a</a><a href="jav&#x61;script&colon;alert(2)">b</a>',
        '<a href=" JaVa\tScRipt:alert(3)">c</a><a href="/sale.html" onclick="x()">d</a>',
        '<iframe src="https://evil.example"></iframe><svg><script>alert(4)</script></svg>',
        '<style>body { display: none }</style><p style="position: fixed">e</p>',
        '<textarea><script>alert(5)</script></textarea>',
        '<img src="data:image/svg+xml,&lt;svg onload=alert(6)&gt;" alt="y">',
      ].join(''),
    );
    expect(result.html).toBe(
      '<p>Hi there</p><img src="x" alt="x"><a>a</a><a>b</a><a>c</a><a href="/sale.html">d</a><p>e</p><img alt="y">',
    );
    expect(result.removed).toEqual(
      expect.arrayContaining([
        '<script>',
        'onerror attribute',
        'onclick attribute',
        'unsafe address in href',
        'unsafe address in src',
        '<iframe>',
        '<svg>',
        '<style>',
        'style attribute',
        '<textarea>',
      ]),
    );
    expect(result.html).not.toMatch(/script|onerror|onclick|iframe|style/i);
  });

  it('closes what it opens, so nothing reaches past the content', () => {
    expect(sanitiseHtml('<div><p>a</div></div></section></main>b').html).toBe('<div><p>a</p></div>b');
    expect(sanitiseHtml('<p>a<div>b</div>c</p>').html).toBe('<p>a</p><div>b</div>c');
    expect(sanitiseHtml('<ul><li>a<div><li>b</ul>').html).toBe('<ul><li>a<div></div></li><li>b</li></ul>');
    expect(sanitiseHtml('<table><tr><td>1</td>junk</tr><td>x</td></table>').html).toBe(
      '<table><tr><td>1</td></tr></table>',
    );
    expect(sanitiseHtml('<b><p>x</b>y').html).toBe('<b><p>x</p></b>y');
    expect(sanitiseHtml('a < b && c > d &eacute; <!-- note -->').html).toBe('a &lt; b &amp;&amp; c &gt; d &eacute; ');
  });

  it('stays quick on hostile input: deep nesting is flattened, long inputs take linear time', () => {
    const started = performance.now();
    const deep = sanitiseHtml('<div>'.repeat(100_000) + 'x');
    expect(deep.html.split('<div>').length - 1).toBe(100);
    expect(deep.removed).toEqual(['elements nested over 100 deep']);
    const scripts = sanitiseHtml('<SCRIPT>x</SCRIPT><İ>'.repeat(40_000) + '<p>end</p>');
    // İ lowers to two characters: the search for </script> must not drift because of it.
    expect(scripts.html).toBe(`${'&lt;İ&gt;'.repeat(40_000)}<p>end</p>`);
    expect(sanitiseHtml(Array.from({ length: 5000 }, (_, i) => `<x${i}>`).join('')).removed).toHaveLength(20);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('gives the same answer when run on its own answer', () => {
    for (const input of ['<p>a<div>b', '<a href="/x?a=1&b=2">x</a>', '<p title=\'say "hi"\'>t</p>', '<li>a<li>b']) {
      const once = sanitiseHtml(input).html;
      expect(sanitiseHtml(once).html).toBe(once);
    }
  });
});

describe('content in the back office', () => {
  it('lists pages by URL key, with a search and pages of results', async () => {
    const all = ok(await viewer.gql(PAGES, { n: 2 }), 'cmsPages').cmsPages;
    expect(all.totalCount).toBe(DEMO_CMS_PAGES.length);
    expect(all.items.map((p: { identifier: string }) => p.identifier)).toEqual(['about-us', 'customer-service']);
    expect(all.totalPages).toBe(Math.ceil(DEMO_CMS_PAGES.length / 2));
    const found = ok(await viewer.gql(PAGES, { s: 'SERVICE' }), 'cmsPages').cmsPages;
    expect(found.items).toEqual([
      {
        id: pageId('customer-service'),
        identifier: 'customer-service',
        title: 'Customer Service',
        active: true,
        role: null,
      },
    ]);
    const home = ok(await viewer.gql(PAGES, { s: 'home' }), 'cmsPages').cmsPages;
    expect(home.items.map((p: { role: string | null }) => p.role)).toEqual(['HOME']);
    const none = ok(await viewer.gql(PAGES, { s: '100%_' }), 'cmsPages').cmsPages;
    expect(none.totalCount).toBe(0);
    expect(refusal(await viewer.gql(PAGES, { n: 101 })).message).toMatch(/pageSize/);
    const blocks = ok(await viewer.gql(BLOCKS, { s: 'footer' }), 'cmsBlocks').cmsBlocks;
    expect(blocks.items.map((b: { identifier: string }) => b.identifier)).toEqual(['footer-links']);
  });

  it("reads a page with its role and address; the home page is the store setting's", async () => {
    const home = ok(await viewer.gql(PAGE, { id: pageId('home') }), 'cmsPage').cmsPage;
    expect(home).toMatchObject({ identifier: 'home', role: 'HOME', storefrontPath: '/', active: true });
    const about = ok(await viewer.gql(PAGE, { id: pageId('about-us') }), 'cmsPage').cmsPage;
    expect(about).toMatchObject({ identifier: 'about-us', role: null, storefrontPath: '/about-us' });
    expect(ok(await viewer.gql(PAGE, { id: 'nonsense' }), 'cmsPage').cmsPage).toBeNull();
    expect(ok(await viewer.gql(PAGE, { id: '999999' }), 'cmsPage').cmsPage).toBeNull();
  });

  it('previews HTML as the storefront shows it, for viewers too, storing nothing', async () => {
    const before = auditCount();
    const preview = ok(
      await viewer.gql(PREVIEW, {
        h: '<h2>Sale</h2><script>steal()</script><img src="/media/a.jpg" onerror="steal()" alt="">',
      }),
      'cmsContentPreview',
    ).cmsContentPreview;
    expect(preview.html).toBe('<h2>Sale</h2><img src="/media/a.jpg" alt="">');
    expect(preview.removed).toEqual(['<script>', 'onerror attribute']);
    expect(auditCount()).toBe(before);
  });

  it('refuses a bad page, naming the field, and changes nothing', async () => {
    const before = auditCount();
    const pages = DEMO_CMS_PAGES.length;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ identifier: 'new-page', title: '  ' }, 'title', /^Title: This field is required\.$/],
      [{ identifier: '', title: 'T' }, 'identifier', /This field is required/],
      [{ identifier: 'New Page', title: 'T' }, 'identifier', /lower-case letters/],
      [{ identifier: 'a--b', title: 'T' }, 'identifier', /single hyphens/],
      [{ identifier: 'x'.repeat(101), title: 'T' }, 'identifier', /at most 100/],
      [{ identifier: 'ok-page', title: 'T'.repeat(256) }, 'title', /at most 255/],
      [{ identifier: 'ok-page', title: 'T', metaDescription: 'd'.repeat(1001) }, 'metaDescription', /at most 1000/],
      [{ identifier: 'cart', title: 'T' }, 'identifier', /\/cart is the storefront's own page/],
      [{ identifier: 'checkout/help', title: 'T' }, 'identifier', /\/checkout is the storefront's own page/],
      [{ identifier: 'admin', title: 'T' }, 'identifier', /storefront's own page/],
      [{ identifier: 'graphql', title: 'T' }, 'identifier', /storefront's own page/],
      [{ identifier: 'fr', title: 'T' }, 'identifier', /store view's address/],
      [{ identifier: 'about-us', title: 'T' }, 'identifier', /taken: the page "About Us" has it/],
    ];
    for (const [input, field, message] of cases) {
      const error = refusal(await staff.gql(CREATE_PAGE, { i: input }));
      expect(error.field, JSON.stringify(input).slice(0, 60)).toBe(field);
      expect(error.message).toMatch(message);
    }
    expect(auditCount()).toBe(before);
    expect((shop.sql.prepare('select count(*) as n from cms_page').get() as { n: number }).n).toBe(pages);
  });

  it("refuses a URL key that is a product's or a category's address", async () => {
    // A shop without the .html suffix: products' addresses are their bare URL keys.
    const product = shop.sql.prepare(`select id from product where visibility = 4 limit 1`).get() as { id: number };
    shop.sql
      .prepare(
        `insert into url_rewrite (id, request_path, target_path, entity_type, entity_id, redirect_type, store_id)
         values (900001, 'linen-gift-set', 'catalog/product/view/id/1', 'PRODUCT', ?, 0, 1),
                (900002, 'gifts/for-her', 'catalog/category/view/id/3', 'CATEGORY', 3, 0, 1)`,
      )
      .run(product.id);
    const asProduct = refusal(await staff.gql(CREATE_PAGE, { i: { identifier: 'linen-gift-set', title: 'T' } }));
    expect(asProduct).toEqual({
      field: 'identifier',
      message: `URL key "linen-gift-set": the address /linen-gift-set belongs to another page (product ${product.id}).`,
    });
    const asCategory = refusal(
      await staff.gql(UPDATE_PAGE, { id: pageId('about-us'), i: { identifier: 'gifts/for-her' } }),
    );
    expect(asCategory.message).toMatch(/belongs to another page \(category 3\)/);
    shop.sql.prepare('delete from url_rewrite where id in (900001, 900002)').run();
  });

  it('edits a page: the storefront shows the new text at once, through its response cache', async () => {
    const id = pageId('about-us');
    const cached = ok(await storefront(STOREFRONT_PAGE, { id: 'about-us' }), 'storefront cmsPage').cmsPage;
    expect(cached.content).toContain('Vela started in 2019');
    // Asked twice: the second answer is the cached one.
    ok(await storefront(STOREFRONT_PAGE, { id: 'about-us' }), 'storefront cmsPage');
    const before = auditCount();
    const saved = ok(
      await staff.gql(UPDATE_PAGE, {
        id,
        i: {
          title: 'About Vela',
          content: '<p>We make fewer things, and make them well.</p><script>track()</script>',
          metaTitle: 'About the shop',
        },
      }),
      'updateCmsPage',
    ).updateCmsPage;
    expect(saved).toMatchObject({
      title: 'About Vela',
      content: '<p>We make fewer things, and make them well.</p>',
      metaTitle: 'About the shop',
      contentHeading: 'About Vela',
    });
    const shown = ok(await storefront(STOREFRONT_PAGE, { id: 'about-us' }), 'storefront cmsPage').cmsPage;
    expect(shown).toEqual({
      identifier: 'about-us',
      title: 'About Vela',
      content: '<p>We make fewer things, and make them well.</p>',
    });
    expect(auditCount()).toBe(before + 1);
    const entry = lastAudit();
    expect(entry).toMatchObject({
      action: 'cms_page.update',
      staff_email: 'staff@example.com',
      entity_type: 'cms_page',
      entity_id: id,
    });
    expect(JSON.parse(entry.before!)).toEqual({
      title: 'About Us',
      content: DEMO_CMS_PAGES.find((p) => p.identifier === 'about-us')!.content,
      metaTitle: 'About Vela',
    });
    expect(JSON.parse(entry.after!)).toEqual({
      title: 'About Vela',
      content: '<p>We make fewer things, and make them well.</p>',
      metaTitle: 'About the shop',
    });
    // The same values again: nothing to change, nothing to record.
    ok(await staff.gql(UPDATE_PAGE, { id, i: { title: 'About Vela' } }), 'updateCmsPage');
    expect(auditCount()).toBe(before + 1);
  });

  it('a disabled page answers as missing, and comes back when enabled', async () => {
    const id = pageId('customer-service');
    ok(await storefront(STOREFRONT_PAGE, { id: 'customer-service' }), 'storefront cmsPage');
    ok(await staff.gql(UPDATE_PAGE, { id, i: { active: false } }), 'disable');
    expect(lastAudit()).toMatchObject({
      action: 'cms_page.disable',
      before: '{"active":true}',
      after: '{"active":false}',
    });
    const missing = await storefront(STOREFRONT_PAGE, { id: 'customer-service' });
    expect(missing.errors?.[0]?.message).toMatch(/doesn't exist/);
    expect(ok(await storefront(STOREFRONT_ROUTE, { url: '/customer-service' }), 'route').route).toBeNull();
    ok(await staff.gql(UPDATE_PAGE, { id, i: { active: true } }), 'enable');
    expect(lastAudit().action).toBe('cms_page.enable');
    expect(ok(await storefront(STOREFRONT_PAGE, { id: 'customer-service' }), 'cmsPage').cmsPage.title).toBe(
      'Customer Service',
    );
  });

  it('creates a page at its own address, and a new URL key leaves the old one as a redirect', async () => {
    expect(ok(await storefront(STOREFRONT_ROUTE, { url: '/gift-guide' }), 'route').route).toBeNull();
    const created = ok(
      await staff.gql(CREATE_PAGE, {
        i: { identifier: 'gift-guide', title: 'Gift guide', content: '<h2>For her</h2><p>Scarves.</p>' },
      }),
      'createCmsPage',
    ).createCmsPage;
    expect(created).toMatchObject({
      identifier: 'gift-guide',
      active: true,
      role: null,
      storefrontPath: '/gift-guide',
    });
    expect(lastAudit()).toMatchObject({ action: 'cms_page.create', entity_id: created.id, before: null });
    expect(ok(await storefront(STOREFRONT_ROUTE, { url: '/gift-guide' }), 'route').route).toEqual({
      type: 'CMS_PAGE',
      relative_url: 'gift-guide',
      redirect_code: 0,
      title: 'Gift guide',
    });

    const moved = ok(
      await staff.gql(UPDATE_PAGE, { id: created.id, i: { identifier: 'guides/gifts' } }),
      'updateCmsPage',
    ).updateCmsPage;
    expect(moved.storefrontPath).toBe('/guides/gifts');
    expect(ok(await storefront(STOREFRONT_ROUTE, { url: '/gift-guide' }), 'route').route).toMatchObject({
      type: 'CMS_PAGE',
      relative_url: 'guides/gifts',
      redirect_code: 301,
    });
    // And back again: the address is the page's own once more, without a chain of redirects.
    ok(await staff.gql(UPDATE_PAGE, { id: created.id, i: { identifier: 'gift-guide' } }), 'updateCmsPage');
    expect(ok(await storefront(STOREFRONT_ROUTE, { url: '/gift-guide' }), 'route').route).toMatchObject({
      redirect_code: 0,
      relative_url: 'gift-guide',
    });
    expect(ok(await storefront(STOREFRONT_ROUTE, { url: '/guides/gifts' }), 'route').route).toMatchObject({
      redirect_code: 301,
      relative_url: 'gift-guide',
    });

    // Deleted (the app asks first): gone from the storefront with its addresses.
    expect(ok(await staff.gql(DELETE_PAGE, { id: created.id }), 'deleteCmsPage').deleteCmsPage).toBe(created.id);
    expect(lastAudit()).toMatchObject({ action: 'cms_page.delete', after: null });
    expect(JSON.parse(lastAudit().before!)).toMatchObject({ identifier: 'gift-guide', title: 'Gift guide' });
    expect(ok(await storefront(STOREFRONT_ROUTE, { url: '/gift-guide' }), 'route').route).toBeNull();
    expect(ok(await storefront(STOREFRONT_ROUTE, { url: '/guides/gifts' }), 'route').route).toBeNull();
    expect(refusal(await staff.gql(DELETE_PAGE, { id: created.id })).message).toMatch(/There is no CMS page/);
  });

  it('keeps the home page and the "not found" page: no delete, no disable, no new URL key', async () => {
    const before = auditCount();
    const home = pageId('home');
    const notFound = pageId('no-route');
    expect(refusal(await staff.gql(DELETE_PAGE, { id: home })).message).toBe(
      `"Home" is the shop's home page (store setting web/default/cms_home_page): it cannot be deleted.`,
    );
    expect(refusal(await staff.gql(DELETE_PAGE, { id: notFound })).message).toMatch(/web\/default\/cms_no_route/);
    expect(refusal(await staff.gql(UPDATE_PAGE, { id: home, i: { active: false } })).field).toBe('active');
    expect(refusal(await staff.gql(UPDATE_PAGE, { id: home, i: { identifier: 'start' } })).field).toBe('identifier');
    expect(auditCount()).toBe(before);
    // Its text can change like any page's.
    ok(await staff.gql(UPDATE_PAGE, { id: notFound, i: { contentHeading: 'Nothing here' } }), 'updateCmsPage');
    expect(auditCount()).toBe(before + 1);
  });

  it('edits, disables and deletes a block; the storefront follows at once', async () => {
    const identifier = 'shipping-note';
    const id = String(
      (shop.sql.prepare('select id from cms_block where identifier = ?').get(identifier) as { id: number }).id,
    );
    ok(await storefront(STOREFRONT_BLOCKS, { ids: [identifier] }), 'cmsBlocks');
    const saved = ok(
      await staff.gql(UPDATE_BLOCK, { id, i: { content: '<p>Free delivery <b onmouseover="x()">today</b></p>' } }),
      'updateCmsBlock',
    ).updateCmsBlock;
    expect(saved.content).toBe('<p>Free delivery <b>today</b></p>');
    expect(ok(await storefront(STOREFRONT_BLOCKS, { ids: [identifier] }), 'cmsBlocks').cmsBlocks.items).toEqual([
      { identifier, content: '<p>Free delivery <b>today</b></p>' },
    ]);
    ok(await staff.gql(UPDATE_BLOCK, { id, i: { active: false } }), 'disable block');
    expect((await storefront(STOREFRONT_BLOCKS, { ids: [identifier] })).errors?.[0]?.message).toMatch(/doesn't exist/);
    expect(lastAudit().action).toBe('cms_block.disable');

    const taken = refusal(await staff.gql(CREATE_BLOCK, { i: { identifier: 'footer-links', title: 'Again' } }));
    expect(taken).toEqual({
      field: 'identifier',
      message: 'Identifier "footer-links" is taken: the block "Footer Links" has it.',
    });
    const created = ok(
      await staff.gql(CREATE_BLOCK, {
        i: { identifier: 'winter_banner', title: 'Winter banner', content: '<p>Snow</p>' },
      }),
      'createCmsBlock',
    ).createCmsBlock;
    expect(created).toMatchObject({ identifier: 'winter_banner', active: true });
    expect(
      ok(await storefront(STOREFRONT_BLOCKS, { ids: ['winter_banner'] }), 'cmsBlocks').cmsBlocks.items[0].content,
    ).toBe('<p>Snow</p>');
    ok(await staff.gql(DELETE_BLOCK, { id: created.id }), 'deleteCmsBlock');
    expect(lastAudit()).toMatchObject({ action: 'cms_block.delete', entity_type: 'cms_block', entity_id: created.id });
    expect((await storefront(STOREFRONT_BLOCKS, { ids: ['winter_banner'] })).errors).toBeDefined();
  });

  it('cleans HTML put in the tables by other means before a shopper gets it', async () => {
    shop.sql
      .prepare(`update cms_block set content = ?, is_active = 1 where identifier = 'home-promo'`)
      .run('<p>Promo</p><script>alert(1)</script><img src="/media/p.jpg" onerror="alert(2)" alt="">');
    const blocks = ok(await storefront(STOREFRONT_BLOCKS, { ids: ['home-promo'] }), 'cmsBlocks').cmsBlocks.items;
    expect(blocks[0].content).toBe('<p>Promo</p><img src="/media/p.jpg" alt="">');
  });

  it('refuses writes from viewers and leaves the page as it was', async () => {
    const id = pageId('privacy-policy-cookie-restriction-mode');
    const result = await viewer.gql(UPDATE_PAGE, { id, i: { title: 'Mine now' } });
    expect(result.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    expect(ok(await viewer.gql(PAGE, { id }), 'cmsPage').cmsPage.title).not.toBe('Mine now');
  });
});
