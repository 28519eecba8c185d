import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';

let api: TestCommerce;

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

const LISTING = `query($c: String, $size: Int, $page: Int) {
  products(filter: { category_uid: { eq: $c } }, pageSize: $size, currentPage: $page, sort: { position: ASC }) {
    total_count items { sku } aggregations(filter: { category: { includeDirectChildrenOnly: true } }) { attribute_code options { label value count } }
  } }`;

describe('anchor categories', () => {
  it('the store root category lists the whole visible catalog', async () => {
    const { storeConfig } = await data('{ storeConfig { root_category_uid } }');
    const everything = await data('{ products(filter: {}, pageSize: 1) { total_count } }');
    expect(everything.products.total_count).toBeGreaterThan(100);
    const root = await data(LISTING, { c: storeConfig.root_category_uid, size: 24, page: 1 });
    expect(root.products.total_count).toBe(everything.products.total_count);
    expect(root.products.items).toHaveLength(24);
    // The root's category facet offers the top categories, each with its whole subtree's count.
    const tops = (await data('{ categoryList { children { uid name product_count } } }')).categoryList[0].children;
    const facet = root.products.aggregations.find((a: any) => a.attribute_code === 'category_uid');
    expect(facet.options.map((o: any) => o.label)).toEqual(
      tops.filter((t: any) => t.product_count > 0).map((t: any) => t.name),
    );
    for (const option of facet.options)
      expect(option.count).toBe(tops.find((t: any) => t.uid === option.value).product_count);
    const priceTotal = root.products.aggregations
      .find((a: any) => a.attribute_code === 'price')
      .options.reduce((n: number, o: any) => n + o.count, 0);
    expect(priceTotal).toBe(everything.products.total_count);
  });

  it('a category holds the products of its subcategories, and product_count says so', async () => {
    const tree = (await data('{ categoryList { children { uid product_count children { uid product_count } } } }'))
      .categoryList[0].children;
    const top = tree.find((t: any) => t.children.length > 1);
    const topSkus = new Set<string>();
    for (let page = 1; ; page++) {
      const { products } = await data(LISTING, { c: top.uid, size: 100, page });
      for (const item of products.items) topSkus.add(item.sku);
      if (topSkus.size >= products.total_count) break;
    }
    expect(topSkus.size).toBe(top.product_count);
    for (const child of top.children) {
      const { products } = await data(LISTING, { c: child.uid, size: 100, page: 1 });
      expect(products.total_count).toBe(child.product_count);
      for (const item of products.items) expect(topSkus.has(item.sku)).toBe(true);
    }
  });

  it('facet counts of an unfiltered category equal the totals of filtering by each option', async () => {
    const top = (await data('{ categoryList { children { uid } } }')).categoryList[0].children[0];
    const { products } = await data(LISTING, { c: top.uid, size: 1, page: 1 });
    const size = products.aggregations.find((a: any) => a.attribute_code === 'size');
    for (const option of size.options.slice(0, 3)) {
      const filtered = await data(
        'query($c: String, $v: String) { products(filter: { category_uid: { eq: $c }, size: { eq: $v } }) { total_count } }',
        { c: top.uid, v: option.value },
      );
      expect(filtered.products.total_count).toBe(option.count);
    }
    const child = products.aggregations.find((a: any) => a.attribute_code === 'category_uid').options[0];
    // A subcategory's products all belong to its parent, so its facet count is its own total.
    const inChild = await data('query($c: String) { products(filter: { category_uid: { eq: $c } }) { total_count } }', {
      c: child.value,
    });
    expect(inChild.products.total_count).toBe(child.count);
  });
});
