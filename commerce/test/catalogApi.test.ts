import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';
import { renderDemoProductSvg } from '../src/demo/productImage';

let api: TestCommerce;
const uid = (id: number) => Buffer.from(String(id)).toString('base64');

beforeAll(async () => {
  api = await startTestCommerce();
});
afterAll(async () => {
  await api?.close();
});

async function data(query: string, variables?: Record<string, unknown>) {
  const { status, body } = await api.post(query, variables);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function errorOf(query: string, variables?: Record<string, unknown>) {
  const { status, body } = await api.post(query, variables);
  expect(status).toBe(200);
  expect(body.errors?.length).toBeGreaterThan(0);
  return body.errors[0].message as string;
}

describe('storeConfig', () => {
  it('returns the Vela store settings with typed values', async () => {
    const { storeConfig } = await data(
      '{ storeConfig { store_code store_name locale base_currency_code cms_home_page cms_no_route product_url_suffix category_url_suffix grid_per_page grid_per_page_values root_category_uid secure_base_media_url catalog_default_sort_by } }',
    );
    expect(storeConfig).toEqual({
      store_code: 'default',
      store_name: 'Vela',
      locale: 'en_US',
      base_currency_code: 'USD',
      cms_home_page: 'home',
      cms_no_route: 'no-route',
      product_url_suffix: '.html',
      category_url_suffix: '.html',
      grid_per_page: 24,
      grid_per_page_values: '12,24,36',
      root_category_uid: uid(2),
      secure_base_media_url: 'http://localhost:3000/media/',
      catalog_default_sort_by: 'position',
    });
  });
});

describe('categories', () => {
  it('returns the root with a two-level tree of top categories and children', async () => {
    const { categories } = await data(
      '{ categories { total_count page_info { current_page total_pages } items { uid level children { name url_path level include_in_menu product_count children { name url_path level breadcrumbs { category_name category_url_path } } } } } }',
    );
    expect(categories.total_count).toBe(1);
    const root = categories.items[0];
    expect(root.uid).toBe(uid(2));
    const names = root.children.map((c: any) => c.name);
    expect(names).toEqual([
      'Women',
      'Men',
      'Kids',
      'Shoes',
      'Bags & Accessories',
      'Home',
      'Kitchen',
      'Outdoor',
      'Sale',
    ]);
    for (const top of root.children) {
      expect(top.level).toBe(2);
      expect(top.children.length).toBeGreaterThanOrEqual(3);
      expect(top.children.length).toBeLessThanOrEqual(5);
      expect(top.product_count).toBeGreaterThan(0);
      for (const child of top.children) {
        expect(child.url_path.startsWith(`${top.url_path}/`)).toBe(true);
        expect(child.breadcrumbs).toEqual([{ category_name: top.name, category_url_path: top.url_path }]);
      }
    }
  });

  it('filters by url_path and pages', async () => {
    const { categories } = await data(
      '{ categories(filters: { url_path: { eq: "women/tops" } }) { items { name url_key canonical_url children_count redirect_code relative_url } } }',
    );
    expect(categories.items).toEqual([
      {
        name: 'Tops',
        url_key: 'tops',
        canonical_url: 'women/tops.html',
        children_count: '0',
        redirect_code: 0,
        relative_url: 'women/tops.html',
      },
    ]);
    const byParent = await data(
      'query($p: [String]) { categories(filters: { parent_category_uid: { in: $p } }, pageSize: 2, currentPage: 2) { total_count page_info { current_page page_size total_pages } items { name } } }',
      { p: [uid(3)] },
    );
    expect(byParent.categories.total_count).toBe(5);
    expect(byParent.categories.page_info).toEqual({ current_page: 2, page_size: 2, total_pages: 3 });
    expect(byParent.categories.items.map((c: any) => c.name)).toEqual(['Hoodies & Sweatshirts', 'Jackets & Coats']);
  });

  it('gives each top demo category a picture the media endpoint can draw, and deeper ones none', async () => {
    const { categoryList } = await data(
      '{ categoryList(filters: { ids: { eq: "2" } }) { children { url_key image children { image } } } }',
    );
    const top = categoryList[0].children as Array<{ url_key: string; image: string | null; children: any[] }>;
    expect(top.length).toBeGreaterThan(5);
    for (const category of top) {
      expect(category.image, category.url_key).toMatch(
        /^http:\/\/localhost:3000\/media\/catalog\/product\/demo\/[a-z-]+\/[0-9a-f]{6}\/1\.png$/,
      );
      expect(renderDemoProductSvg(new URL(category.image!).pathname), category.url_key).toContain('<svg');
      for (const child of category.children) expect(child.image).toBeNull();
    }
  });

  it('categoryList returns a list of trees', async () => {
    const { categoryList } = await data('{ categoryList(filters: { ids: { eq: "3" } }) { name children { name } } }');
    expect(categoryList[0].name).toBe('Women');
    expect(categoryList[0].children).toHaveLength(5);
  });
});

const PRODUCT_FIELDS = `
  __typename uid sku name url_key url_suffix canonical_url stock_status only_x_left_in_stock special_price
  description { html } short_description { html } meta_title
  price_range { minimum_price { regular_price { value currency } final_price { value currency } discount { amount_off percent_off } }
                maximum_price { final_price { value } } }
  image { url label } small_image { url } thumbnail { url }
  media_gallery { __typename url label position disabled }
  categories { uid name url_path }
  ... on ConfigurableProduct {
    configurable_options { uid attribute_code label position values { uid label swatch_data { __typename value } } }
    variants { attributes { code label uid value_index } product { uid sku stock_status media_gallery { url } } }
  }`;

describe('products', () => {
  it('lists a category page with prices, images, variants and aggregations', async () => {
    const { products } = await data(
      `query($c: String) { products(filter: { category_uid: { eq: $c } }, pageSize: 24) {
      total_count page_info { current_page page_size total_pages } sort_fields { default options { value } }
      aggregations { attribute_code label count position options { label value count } }
      items { ${PRODUCT_FIELDS} } } }`,
      { c: uid(3) },
    );
    expect(products.total_count).toBe(55);
    expect(products.page_info).toEqual({ current_page: 1, page_size: 24, total_pages: 3 });
    expect(products.items).toHaveLength(24);
    expect(products.sort_fields).toEqual({
      default: 'position',
      options: [{ value: 'position' }, { value: 'name' }, { value: 'price' }],
    });
    const configurable = products.items.find((p: any) => p.__typename === 'ConfigurableProduct');
    expect(configurable.configurable_options.map((o: any) => o.attribute_code)).toEqual(['color', 'size']);
    expect(configurable.configurable_options[0].values[0].swatch_data.__typename).toBe('ColorSwatchData');
    expect(configurable.configurable_options[0].values[0].swatch_data.value).toMatch(/^#[0-9a-f]{6}$/);
    const colors = configurable.configurable_options[0].values.length;
    const sizes = configurable.configurable_options[1].values.length;
    expect(configurable.variants).toHaveLength(colors * sizes);
    const variant = configurable.variants[0];
    expect(variant.attributes.map((a: any) => a.code)).toEqual(['color', 'size']);
    expect(variant.product.sku.startsWith(configurable.sku)).toBe(true);
    expect(variant.product.media_gallery.length).toBeGreaterThanOrEqual(1);
    for (const item of products.items) {
      expect(item.url_suffix).toBe('.html');
      expect(item.canonical_url).toBe(`${item.url_key}.html`);
      expect(item.image.url).toMatch(
        /^http:\/\/localhost:3000\/media\/catalog\/product\/demo\/[a-z-]+\/[0-9a-f]{6}\/[123]\.png$/,
      );
      expect(item.media_gallery.length).toBeGreaterThanOrEqual(2);
      expect(item.media_gallery[0]).toMatchObject({ __typename: 'ProductImage', position: 1, disabled: false });
      expect(item.description.html).toContain('<p>');
      expect(item.price_range.minimum_price.final_price.currency).toBe('USD');
      const { regular_price, final_price, discount } = item.price_range.minimum_price;
      expect(discount.amount_off).toBeCloseTo(regular_price.value - final_price.value, 2);
      expect(item.categories.some((c: any) => c.url_path === 'women')).toBe(true);
    }
    const aggregationCodes = products.aggregations.map((a: any) => a.attribute_code);
    expect(aggregationCodes).toEqual(expect.arrayContaining(['category_uid', 'price', 'color', 'size', 'material']));
    const priceTotal = products.aggregations
      .find((a: any) => a.attribute_code === 'price')
      .options.reduce((n: number, o: any) => n + o.count, 0);
    expect(priceTotal).toBe(55);
    const tops = products.aggregations
      .find((a: any) => a.attribute_code === 'category_uid')
      .options.find((o: any) => o.label === 'Tops');
    expect(tops).toEqual({ label: 'Tops', value: uid(4), count: 11 });
  });

  it('aggregation counts match the result of filtering by that option', async () => {
    const { products } = await data(
      'query($c: String) { products(filter: { category_uid: { eq: $c } }) { aggregations { attribute_code options { value count } } } }',
      { c: uid(3) },
    );
    const color = products.aggregations.find((a: any) => a.attribute_code === 'color').options[0];
    const filtered = await data(
      'query($c: String, $v: String) { products(filter: { category_uid: { eq: $c }, color: { eq: $v } }) { total_count aggregations { attribute_code options { value count } } } }',
      { c: uid(3), v: color.value },
    );
    expect(filtered.products.total_count).toBe(color.count);
    // The filtered attribute still offers its other values.
    const colorAfter = filtered.products.aggregations.find((a: any) => a.attribute_code === 'color');
    expect(colorAfter.options.length).toBeGreaterThan(1);
  });

  it('filters by price range, sku, url_key and name', async () => {
    const cheap = await data(
      '{ products(filter: { price: { from: "10", to: "20" } }, pageSize: 100) { total_count items { price_range { minimum_price { final_price { value } } } } } }',
    );
    expect(cheap.products.total_count).toBeGreaterThan(0);
    for (const item of cheap.products.items) {
      expect(item.price_range.minimum_price.final_price.value).toBeGreaterThanOrEqual(10);
      expect(item.price_range.minimum_price.final_price.value).toBeLessThanOrEqual(20);
    }
    const one = await data(
      '{ products(filter: { category_uid: { eq: "NA==" } }, pageSize: 1) { items { sku url_key name } } }',
    );
    const { sku, url_key, name } = one.products.items[0];
    const bySku = await data(
      'query($s: String) { products(filter: { sku: { eq: $s } }) { total_count items { name } } }',
      { s: sku },
    );
    expect(bySku.products).toEqual({ total_count: 1, items: [{ name }] });
    const byUrlKey = await data('query($u: String) { products(filter: { url_key: { eq: $u } }) { items { sku } } }', {
      u: url_key,
    });
    expect(byUrlKey.products.items).toEqual([{ sku }]);
    const byName = await data('query($n: String) { products(filter: { name: { match: $n } }) { items { name } } }', {
      n: name.split(' ').slice(-1)[0],
    });
    expect(byName.products.items.length).toBeGreaterThan(0);
  });

  it('sorts by name and price in both directions', async () => {
    const query =
      'query($s: ProductAttributeSortInput) { products(filter: { category_uid: { eq: "Mw==" } }, sort: $s, pageSize: 50) { items { name price_range { minimum_price { final_price { value } } } } } }';
    const names = (await data(query, { s: { name: 'ASC' } })).products.items.map((p: any) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const prices = (await data(query, { s: { price: 'DESC' } })).products.items.map(
      (p: any) => p.price_range.minimum_price.final_price.value,
    );
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
  });

  it('pages without overlap', async () => {
    const query =
      'query($p: Int) { products(filter: { category_uid: { eq: "Mw==" } }, pageSize: 24, currentPage: $p) { items { sku } } }';
    const skus = new Set<string>();
    for (const page of [1, 2, 3])
      for (const item of (await data(query, { p: page })).products.items) skus.add(item.sku);
    expect(skus.size).toBe(55);
  });

  it('searches with prefix matching and relevance, name above description', async () => {
    const { products } = await data(
      '{ products(search: "hoo", pageSize: 10) { total_count sort_fields { default } items { name } } }',
    );
    expect(products.total_count).toBeGreaterThan(0);
    expect(products.sort_fields.default).toBe('relevance');
    expect(products.items[0].name.toLowerCase()).toContain('hoo');
    const none = await data('{ products(search: "zzzqqq") { total_count items { name } } }');
    expect(none.products).toEqual({ total_count: 0, items: [] });
  });

  it('reports stock status and low stock', async () => {
    const all = (
      await data(
        '{ products(filter: { price: { from: "0" } }, pageSize: 300) { items { stock_status only_x_left_in_stock } } }',
      )
    ).products.items;
    expect(all.some((p: any) => p.stock_status === 'OUT_OF_STOCK')).toBe(true);
    expect(all.some((p: any) => p.only_x_left_in_stock !== null && p.only_x_left_in_stock <= 5)).toBe(true);
  });
});

describe('route', () => {
  it('resolves categories, products and CMS pages', async () => {
    const query =
      'query($u: String!) { route(url: $u) { __typename relative_url redirect_code type ... on CategoryTree { name } ... on ProductInterface { sku name } ... on CmsPage { identifier title } } }';
    expect((await data(query, { u: '/women/tops.html' })).route).toEqual({
      __typename: 'CategoryTree',
      relative_url: 'women/tops.html',
      redirect_code: 0,
      type: 'CATEGORY',
      name: 'Tops',
    });
    const product = (
      await data(
        '{ products(filter: { category_uid: { eq: "NA==" } }, pageSize: 1) { items { url_key sku __typename } } }',
      )
    ).products.items[0];
    expect((await data(query, { u: `${product.url_key}.html` })).route).toMatchObject({
      __typename: product.__typename,
      sku: product.sku,
      redirect_code: 0,
      type: 'PRODUCT',
    });
    expect((await data(query, { u: 'about-us' })).route).toMatchObject({
      __typename: 'CmsPage',
      identifier: 'about-us',
      type: 'CMS_PAGE',
    });
    expect((await data(query, { u: '/' })).route).toMatchObject({ __typename: 'CmsPage', identifier: 'home' });
    expect((await data(query, { u: 'no/such/page.html' })).route).toBeNull();
  });

  it('answers old urls with a 301 and the new relative url', async () => {
    const query = 'query($u: String!) { route(url: $u) { __typename relative_url redirect_code } }';
    expect((await data(query, { u: 'womens-tops.html' })).route).toEqual({
      __typename: 'CategoryTree',
      relative_url: 'women/tops.html',
      redirect_code: 301,
    });
    // The demo catalog renamed every 25th product, starting with the first.
    const first = (
      await data(
        '{ products(filter: { price: { from: "0" } }, sort: { position: ASC }, pageSize: 1) { items { url_key } } }',
      )
    ).products.items[0];
    const redirected = (await data(query, { u: `${first.url_key}-old.html` })).route;
    expect(redirected).toMatchObject({ relative_url: `${first.url_key}.html`, redirect_code: 301 });
    const resolved = (
      await data('query($u: String!) { urlResolver(url: $u) { type redirectCode relative_url entity_uid } }', {
        u: 'womens-tops.html',
      })
    ).urlResolver;
    expect(resolved).toEqual({
      type: 'CATEGORY',
      redirectCode: 301,
      relative_url: 'women/tops.html',
      entity_uid: uid(4),
    });
  });
});

describe('cms and directory', () => {
  it('returns CMS pages and blocks', async () => {
    const { cmsPage } = await data('{ cmsPage(identifier: "home") { identifier title content url_key } }');
    expect(cmsPage.identifier).toBe('home');
    expect(cmsPage.content).toContain('<h1>');
    const noRoute = await data('{ cmsPage(identifier: "no-route") { title } }');
    expect(noRoute.cmsPage.title).toBe('404 Not Found');
    const { cmsBlocks } = await data(
      '{ cmsBlocks(identifiers: ["footer-links", "home-promo"]) { items { identifier title content } } }',
    );
    expect(cmsBlocks.items.map((b: any) => b.identifier)).toEqual(['footer-links', 'home-promo']);
  });

  it('lists countries with regions', async () => {
    const { countries } = await data(
      '{ countries { id two_letter_abbreviation three_letter_abbreviation full_name_english available_regions { id code name } } }',
    );
    expect(countries.length).toBeGreaterThan(40);
    const us = countries.find((c: any) => c.id === 'US');
    expect(us).toMatchObject({
      two_letter_abbreviation: 'US',
      three_letter_abbreviation: 'USA',
      full_name_english: 'United States',
    });
    expect(us.available_regions.find((r: any) => r.code === 'CA').name).toBe('California');
    const { country } = await data('{ country(id: "DE") { full_name_english available_regions { code } } }');
    expect(country.full_name_english).toBe('Germany');
    expect(country.available_regions.length).toBe(16);
    expect((await data('{ country(id: "CA") { available_regions { code } } }')).country.available_regions.length).toBe(
      13,
    );
  });
});

describe('bad input', () => {
  it('answers with Magento messages and HTTP 200', async () => {
    expect(await errorOf('{ products(search: "tee", currentPage: 0) { total_count } }')).toBe(
      'currentPage value must be greater than 0.',
    );
    expect(await errorOf('{ products(search: "tee", pageSize: 0) { total_count } }')).toBe(
      'pageSize value must be greater than 0.',
    );
    expect(await errorOf('{ products(search: "tee", pageSize: 1000) { total_count } }')).toBe(
      'pageSize value must be less than or equal to 300.',
    );
    expect(
      await errorOf(
        '{ products(filter: { category_uid: { eq: "Mw==" } }, pageSize: 24, currentPage: 99) { total_count } }',
      ),
    ).toBe('currentPage value 99 specified is greater than the 3 page(s) available.');
    expect(await errorOf('{ cmsPage(identifier: "nope") { title } }')).toBe(
      'The CMS page with the "nope" ID doesn\'t exist.',
    );
    expect(await errorOf('{ cmsBlocks(identifiers: ["nope"]) { items { title } } }')).toBe(
      'The CMS block with the "nope" ID doesn\'t exist.',
    );
    expect(await errorOf('{ products { total_count } }')).toBe("'search' or 'filter' input argument is required.");
    expect(await errorOf('{ products(filter: { colour: { eq: "1" } }) { total_count } }')).toMatch(/colour/);
  });
  it('never leaks internals', async () => {
    const { body } = await api.post('{ products(search: "tee") { items { sku } } }');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('HTTP caching', () => {
  const query = '{ storeConfig { store_code } }';
  it('lets CDNs cache public GET queries', async () => {
    const response = await api.get(query);
    expect(response.status).toBe(200);
    expect(response.body.data.storeConfig.store_code).toBe('default');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
  });
  it('marks POST, errors and authorised requests no-store', async () => {
    expect((await api.post(query)).headers.get('cache-control')).toBe('no-store');
    expect((await api.get(query, {}, { authorization: 'Bearer x' })).headers.get('cache-control')).toBe('no-store');
    expect((await api.get('{ cmsPage(identifier: "nope") { title } }')).headers.get('cache-control')).toBe('no-store');
  });
});
