import { expect, test, type APIRequestContext } from './fixtures';
import { structuredDataProblems } from './structuredData';

// What a crawler gets from the server-rendered HTML, without running any JavaScript: JSON-LD
// valid for the schema.org types we use, Open Graph tags, and robots.txt and the sitemap.

async function gql<T>(request: APIRequestContext, query: string): Promise<T> {
  const response = await request.get(`/graphql?query=${encodeURIComponent(query)}`);
  return ((await response.json()) as { data: T }).data;
}

async function headOf(request: APIRequestContext, path: string) {
  const response = await request.get(path, {
    headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
  });
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  const meta = (property: string) =>
    new RegExp(`<meta (?:property|name)="${property.replace(/[:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
  return { html, jsonLd, meta };
}

function expectValid(nodes: Record<string, unknown>[], path: string) {
  for (const node of nodes) expect(structuredDataProblems(node), `${path} ${String(node['@type'])}`).toEqual([]);
}

test('product pages carry a valid Product or ProductGroup, breadcrumbs and share tags', async ({
  request,
  baseURL,
}) => {
  const { products } = await gql<{ products: { items: { __typename: string; url_key: string; sku: string }[] } }>(
    request,
    '{ products(search: "", pageSize: 100) { items { __typename url_key sku } } }',
  );
  const simple = products.items.find((p) => p.__typename === 'SimpleProduct')!;
  const configurable = products.items.find((p) => p.__typename === 'ConfigurableProduct')!;
  expect(simple && configurable).toBeTruthy();

  const one = await headOf(request, `/${simple.url_key}.html`);
  const product = one.jsonLd.find((n) => n['@type'] === 'Product')!;
  expect(product.sku).toBe(simple.sku);
  expect(product.url).toBe(`${baseURL}/${simple.url_key}.html`);
  expect(one.jsonLd.map((n) => n['@type'])).toContain('BreadcrumbList');
  expectValid(one.jsonLd, simple.url_key);
  expect(one.meta('og:type')).toBe('product');
  expect(one.meta('og:url')).toBe(`${baseURL}/${simple.url_key}.html`);
  expect(one.meta('og:image')).toMatch(/^https?:\/\//);
  expect(one.meta('twitter:card')).toBe('summary_large_image');

  const group = await headOf(request, `/${configurable.url_key}.html`);
  const productGroup = group.jsonLd.find((n) => n['@type'] === 'ProductGroup')!;
  expect(productGroup.productGroupID).toBe(configurable.sku);
  expect((productGroup.hasVariant as unknown[]).length).toBeGreaterThan(1);
  expectValid(group.jsonLd, configurable.url_key);
});

test('the validator refuses what search engines refuse', () => {
  const offer = { '@type': 'Offer', price: 29, priceCurrency: 'USD', availability: 'https://schema.org/InStock' };
  const good = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Tee',
    sku: 'T1',
    url: 'https://s.example/t.html',
    image: ['https://s.example/t.png'],
    offers: offer,
  };
  expect(structuredDataProblems(good)).toEqual([]);
  expect(structuredDataProblems({ ...good, offers: { ...offer, price: '29.00' } })).not.toEqual([]);
  expect(structuredDataProblems({ ...good, image: ['/media/t.png'] })).not.toEqual([]);
  expect(structuredDataProblems({ ...good, name: '' })).not.toEqual([]);
});

test('category pages carry breadcrumbs, home the shop and its search box', async ({ request, baseURL }) => {
  const category = await headOf(request, '/women/tops.html');
  const trail = category.jsonLd.find((n) => n['@type'] === 'BreadcrumbList')!;
  const items = trail.itemListElement as { name: string; item: string }[];
  expect(items.map((i) => i.name)).toEqual(['Women', 'Tops']);
  expect(items.at(-1)!.item).toBe(`${baseURL}/women/tops.html`);
  expectValid(category.jsonLd, 'women/tops');
  expect(category.meta('og:title')).toBeTruthy();

  const home = await headOf(request, '/');
  expect(home.jsonLd.map((n) => n['@type']).sort()).toEqual(['Organization', 'WebSite']);
  expectValid(home.jsonLd, 'home');

  const about = await headOf(request, '/about-us');
  expect(about.meta('og:type')).toBe('article');
  expect(about.meta('og:url')).toBe(`${baseURL}/about-us`);
});

test('robots.txt points at the sitemap, and every sitemap URL answers 200', async ({ request, baseURL }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const index = await (await request.get('/sitemap.xml')).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(files.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const file of files) {
    const xml = await (await request.get(new URL(file).pathname)).text();
    urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
  }
  expect(urls.length).toBeGreaterThan(300);
  // A sample across the list, each rendered as a page a crawler may index.
  for (const url of urls.filter((_, i) => i % 40 === 0)) {
    const response = await request.get(new URL(url).pathname, { maxRedirects: 0 });
    expect(response.status(), url).toBe(200);
    expect(await response.text(), url).not.toContain('noindex');
  }
});
