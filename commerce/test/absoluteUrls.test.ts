// Magento answers absolute URLs for a store view's base addresses and for every image, and
// clients build on them (Venia: `new URL(path, secure_base_media_url)`, which throws on a path).
// They are made from the shop's public URL, with the store code in link addresses of a store view
// that has it in its URLs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';

const PUBLIC_URL = 'https://shop.example.test';
const BASE_FIELDS = `base_url secure_base_url base_link_url secure_base_link_url base_media_url
  secure_base_media_url base_static_url secure_base_static_url store_code`;

let shop: TestCommerce;
beforeAll(async () => {
  shop = await startTestCommerce({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await shop?.close();
});

describe('base URLs', () => {
  it("are absolute on the public URL in the default store view's storeConfig", async () => {
    const { body } = await shop.post(`{ storeConfig { ${BASE_FIELDS} } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.storeConfig).toMatchObject({
      base_url: `${PUBLIC_URL}/`,
      secure_base_url: `${PUBLIC_URL}/`,
      base_link_url: `${PUBLIC_URL}/`,
      secure_base_link_url: `${PUBLIC_URL}/`,
      base_media_url: `${PUBLIC_URL}/media/`,
      secure_base_media_url: `${PUBLIC_URL}/media/`,
      base_static_url: `${PUBLIC_URL}/assets/`,
      secure_base_static_url: `${PUBLIC_URL}/assets/`,
    });
    // What Venia does with it.
    expect(new URL('catalog/product/a.png', body.data.storeConfig.secure_base_media_url as string).href).toBe(
      `${PUBLIC_URL}/media/catalog/product/a.png`,
    );
  });

  it('carry the store code in the link URLs of a store view that has it in its URLs, in storeConfig and availableStores', async () => {
    const fr = await shop.post(`{ storeConfig { ${BASE_FIELDS} } }`, {}, { Store: 'fr' });
    expect(fr.body.errors).toBeUndefined();
    expect(fr.body.data.storeConfig).toMatchObject({
      base_url: `${PUBLIC_URL}/`,
      base_link_url: `${PUBLIC_URL}/fr/`,
      secure_base_link_url: `${PUBLIC_URL}/fr/`,
      secure_base_media_url: `${PUBLIC_URL}/media/`,
    });
    const all = await shop.post(`{ availableStores { ${BASE_FIELDS} } }`);
    expect(all.body.errors).toBeUndefined();
    const stores = all.body.data.availableStores as Array<Record<string, string>>;
    expect(stores.map((s) => [s.store_code, s.base_link_url])).toEqual([
      ['default', `${PUBLIC_URL}/`],
      ['fr', `${PUBLIC_URL}/fr/`],
    ]);
    for (const store of stores)
      for (const [name, value] of Object.entries(store))
        if (name !== 'store_code')
          expect(value, `${store.store_code}.${name}`).toMatch(/^https:\/\/shop\.example\.test\//);
  });
});

describe('image URLs', () => {
  it('are absolute for every product image, the gallery included, on POST and on cached GET', async () => {
    const query = `{ products(search: "jacket", pageSize: 3) { items { sku
      image { url } small_image { url } thumbnail { url } media_gallery { url }
      ... on ConfigurableProduct { variants { product { thumbnail { url } } } } } } }`;
    for (const answer of [await shop.post(query), await shop.get(query), await shop.get(query)]) {
      expect(answer.body.errors).toBeUndefined();
      const text = JSON.stringify(answer.body.data);
      const urls = [...text.matchAll(/"url":"([^"]*)"/g)].map((m) => m[1]);
      expect(urls.length).toBeGreaterThan(5);
      for (const url of urls) expect(url).toMatch(/^https:\/\/shop\.example\.test\/media\/catalog\/product\//);
    }
  });

  it('are absolute for category images', async () => {
    const { body } = await shop.post('{ categoryList(filters: {}) { children { url_key image } } }');
    expect(body.errors).toBeUndefined();
    const images = (body.data.categoryList[0].children as Array<{ image: string | null }>)
      .map((c) => c.image)
      .filter((image): image is string => image !== null);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^https:\/\/shop\.example\.test\/media\//);
  });
});
