// Product images uploaded in the back office: a new image becomes the main one and the
// storefront shows it as soon as the mutation returns; kept images are named by url, left-out
// ones go; and every refused gallery (not an image, an address the product does not have, too
// many, a viewer) changes nothing, not even a file in the media folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser, AUDITED_CHANGES } from './backOfficeHarness';
import { hugePng } from './hugePng';

const IMAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'catalog-sample', 'images');
const LANTERN = readFileSync(path.join(IMAGES, 'harbor-lantern.png'));
const HOODIE = readFileSync(path.join(IMAGES, 'harbor-hoodie-grey.jpg'));
const SET_IMAGES = `mutation($s: String!, $i: [AdminProductImageInput!]!, $f: [File!]) {
  setProductImages(sku: $s, images: $i, files: $f) { sku images { url label } } }`;

let shop: Shop;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let mediaDir: string;
const now = () => new Date('2026-11-26T09:00:00Z');

interface ImageInput {
  url?: string;
  upload?: number;
  label?: string;
}

/** The GraphQL multipart request a browser sends: operations, the map, then the files. */
async function setImages(
  browser: StaffBrowser,
  sku: string,
  images: ImageInput[],
  files: File[] = [],
): Promise<GraphQLResult> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query: SET_IMAGES, variables: { s: sku, i: images, f: files.map(() => null) } }),
  );
  form.set('map', JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.f.${i}`]]))));
  files.forEach((file, i) => form.set(String(i), file));
  const response = await shop.commerce.backOffice.fetch(
    new Request('http://localhost/admin/graphql', {
      method: 'POST',
      headers: { 'x-csrf-token': browser.csrf ?? '1', ...(browser.cookie ? { cookie: browser.cookie } : {}) },
      body: form,
    }),
  );
  return (await response.json()) as GraphQLResult;
}

const png = (name: string, bytes: Buffer = LANTERN) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function productWithImages(): { id: number; sku: string; urls: string[] } {
  const row = shop.sql
    .prepare(
      `select p.id, p.sku from product p where p.type = 'simple' and p.parent_id is null and p.status = 1
       and (select count(*) from product_media m where m.product_id = p.id) >= 2 order by p.id limit 1`,
    )
    .get() as { id: number; sku: string };
  const urls = (
    shop.sql.prepare('select url from product_media where product_id = ? order by position, id').all(row.id) as Array<{
      url: string;
    }>
  ).map((m) => m.url);
  return { ...row, urls };
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
  } catch {
    return [];
  }
}

function snapshot(productId: number): string {
  return JSON.stringify([
    shop.sql.prepare('select * from product_media where product_id = ? order by id').all(productId),
    shop.sql.prepare(AUDITED_CHANGES).get(),
    shop.sql.prepare('select version from catalog_version').get(),
    filesUnder(mediaDir).sort(),
  ]);
}

async function storefrontGallery(sku: string): Promise<Array<{ url: string; label: string }>> {
  const query = `{ products(filter: { sku: { eq: "${sku}" } }) { items { media_gallery { url label } } } }`;
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, { headers: { store: 'default' } }),
  );
  const body = (await response.json()) as GraphQLResult<{
    products: { items: Array<{ media_gallery: Array<{ url: string; label: string }> }> };
  }>;
  return body.data!.products.items[0]!.media_gallery;
}

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(os.tmpdir(), 'vela-media-'));
  shop = await openShop({ now, mediaDir });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
}, 60_000);
afterAll(async () => {
  await shop?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('setProductImages', () => {
  it('puts an uploaded image first, keeps the named ones, drops the rest; the storefront shows it at once', async () => {
    const product = productWithImages();
    // Warm the storefront's response cache, so the next read proves the cache was dropped.
    expect((await storefrontGallery(product.sku)).map((m) => m.url)).toHaveLength(product.urls.length);
    const result = await setImages(
      staff,
      product.sku,
      [
        { upload: 0, label: 'Lantern, lit' },
        { url: product.urls[0]!, label: 'Old main image' },
      ],
      [png('Harbor Lantern (1).PNG')],
    );
    expect(result.errors).toBeUndefined();
    const images = (result.data as { setProductImages: { images: Array<{ url: string; label: string }> } })
      .setProductImages.images;
    expect(images).toHaveLength(2);
    expect(images[0]).toEqual({
      url: expect.stringMatching(/^\/media\/catalog\/product\/h\/a\/harbor_lantern_1_\.png$/),
      label: 'Lantern, lit',
    });
    expect(images[1]).toEqual({ url: product.urls[0], label: 'Old main image' });
    const stored = path.join(mediaDir, 'catalog', 'product', images[0]!.url.replace('/media/catalog/product/', ''));
    expect(readFileSync(stored).equals(LANTERN)).toBe(true);
    const gallery = await storefrontGallery(product.sku);
    expect(gallery.map((m) => m.label)).toEqual(['Lantern, lit', 'Old main image']);
    expect(gallery[0]!.url).toContain(images[0]!.url);
    const audit = shop.sql
      .prepare("select before, after from audit_log where action = 'product.images' and entity_id = ?")
      .get(product.sku) as { before: string; after: string };
    expect(JSON.parse(audit.before)).toHaveLength(product.urls.length);
    expect(JSON.parse(audit.after)).toEqual(images);
  });

  it('the same gallery again changes nothing', async () => {
    const product = productWithImages();
    const current = shop.sql
      .prepare('select url, label from product_media where product_id = ? order by position, id')
      .all(product.id) as Array<{ url: string; label: string }>;
    const before = snapshot(product.id);
    const result = await setImages(staff, product.sku, current);
    expect(result.errors).toBeUndefined();
    expect(snapshot(product.id)).toBe(before);
  });

  it('refuses what is not right, with a message, and changes nothing', async () => {
    const product = productWithImages();
    const before = snapshot(product.id);
    const cases: Array<[ImageInput[], File[], RegExp]> = [
      [[{ upload: 0 }], [png('notes.png', Buffer.from('just some text, not an image'))], /Image 1: .*not a PNG, JPEG/],
      [[{ upload: 0 }], [new File(['x'], 'notes.txt')], /"notes\.txt" is not a \.jpg/],
      [[{ url: '/media/catalog/product/elsewhere.png' }], [], /Image 1: the product has no image at/],
      [[{ url: product.urls[0]! }, { url: product.urls[0]! }], [], /Image 2 is in the list twice/],
      [[{ upload: 3 }], [png('a.png')], /Image 1: there is no file number 3/],
      [
        [{ upload: 0, url: product.urls[0]! }],
        [png('a.png')],
        /either the url of an image the product has or an upload/,
      ],
      [[{}], [], /either the url of an image the product has or an upload/],
      [[{ upload: 0, label: 'x'.repeat(256) }], [png('a.png')], /the label is longer than 255/],
      [Array.from({ length: 21 }, () => ({ upload: 0 })), [png('a.png')], /at most 20 images/],
      [
        [{ upload: 0 }],
        [png('a.png'), png('b.png'), ...Array.from({ length: 19 }, (_, i) => png(`c${i}.png`))],
        /At most 20 images can be sent/,
      ],
    ];
    for (const [images, files, message] of cases) {
      const result = await setImages(staff, product.sku, images, files);
      expect(result.errors?.[0]?.message, JSON.stringify(images).slice(0, 80)).toMatch(message);
      expect(snapshot(product.id)).toBe(before);
    }
    const unknown = await setImages(staff, 'NO-SUCH-SKU', [{ upload: 0 }], [png('a.png')]);
    expect(unknown.errors?.[0]?.message).toContain('There is no product with the sku "NO-SUCH-SKU"');
    const refused = await setImages(viewer, product.sku, [], []);
    expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    expect(snapshot(product.id)).toBe(before);
  });

  it('refuses an upload over 40 megapixels before it is stored (a 31 KB PNG of 16000×16000)', async () => {
    const product = productWithImages();
    const before = snapshot(product.id);
    const bomb = hugePng(16000, 16000);
    expect(bomb.length).toBeLessThan(40_000);
    const result = await setImages(staff, product.sku, [{ upload: 0 }], [png('bomb.png', bomb)]);
    expect(result.errors?.[0]?.message).toBe(
      '"bomb.png" is 16000×16000 pixels (256.0 megapixels); images of up to 40 megapixels are accepted.',
    );
    expect(snapshot(product.id)).toBe(before);
    const wide = await setImages(staff, product.sku, [{ upload: 0 }], [png('wide.png', hugePng(8001, 5000))]);
    expect(wide.errors?.[0]?.message).toMatch(/"wide\.png" is 8001×5000 pixels \(40\.1 megapixels\)/);
    expect(snapshot(product.id)).toBe(before);
  });

  it('an empty gallery removes every image, and a JPEG and a PNG can go in together', async () => {
    const product = productWithImages();
    expect((await setImages(staff, product.sku, [])).errors).toBeUndefined();
    expect(await storefrontGallery(product.sku)).toEqual([]);
    const result = await setImages(
      staff,
      product.sku,
      [
        { upload: 1, label: 'Grey' },
        { upload: 0, label: 'Lantern' },
      ],
      [png('lantern.png'), new File([new Uint8Array(HOODIE)], 'hoodie.jpg', { type: 'image/jpeg' })],
    );
    expect(result.errors).toBeUndefined();
    expect((await storefrontGallery(product.sku)).map((m) => m.label)).toEqual(['Grey', 'Lantern']);
  });
});
