import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDemoProductSvg, demoProductImagePath } from '@vela/commerce';
import { createMediaHandler } from '../src/media/createMediaHandler';
import { hugePng } from './hugePng';

let root: string;
let handler: (request: Request) => Promise<Response>;
const demoPath = demoProductImagePath('tee', '1f2a44', 1);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'vela-media-'));
  mkdirSync(path.join(root, 'media', 'catalog'), { recursive: true });
  const png = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  writeFileSync(path.join(root, 'media', 'catalog', 'photo.png'), png);
  // A downloadable product's file: sold, so never served as media.
  mkdirSync(path.join(root, 'media', 'downloadable', 'files', 'links'), { recursive: true });
  writeFileSync(path.join(root, 'media', 'downloadable', 'files', 'links', 'artwork.png'), png);
  writeFileSync(path.join(root, 'secret.txt'), 'not for the public');
  handler = createMediaHandler({
    mediaDir: path.join(root, 'media'),
    cacheDir: path.join(root, 'cache'),
    renderSource: renderDemoProductSvg,
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string, init?: RequestInit) => handler(new Request(`http://localhost${url}`, init));

describe('media endpoint', () => {
  it('resizes a stored file to the requested width and format', async () => {
    const response = await get('/media/catalog/photo.png?width=200&format=webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(200);
    expect(meta.height).toBe(250);
  });

  it('renders demo illustrations and encodes AVIF and PNG', async () => {
    for (const format of ['avif', 'png'] as const) {
      const response = await get(`${demoPath}?width=160&format=${format}`);
      expect(response.status).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.format).toBe(format === 'avif' ? 'heif' : 'png');
      expect(meta.width).toBe(160);
    }
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    const first = await get(`${demoPath}?width=240&format=webp`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get(`${demoPath}?width=240&format=webp`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    const head = await get(`${demoPath}?width=240&format=webp`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });

  it('keeps the drawing size without width and renders vectors sharp when enlarged', async () => {
    const original = await sharp(Buffer.from(await (await get(demoPath)).arrayBuffer())).metadata();
    expect([original.format, original.width, original.height]).toEqual(['png', 1000, 1250]);
    const large = await sharp(
      Buffer.from(await (await get(`${demoPath}?width=2000&format=webp`)).arrayBuffer()),
    ).metadata();
    expect([large.width, large.height]).toEqual([2000, 2500]);
    const boxed = await sharp(
      Buffer.from(await (await get(`${demoPath}?width=400&height=400&format=png`)).arrayBuffer()),
    ).metadata();
    expect([boxed.width, boxed.height]).toEqual([320, 400]);
  });

  it('uses a hash of the output as a strong ETag', async () => {
    const response = await get(`${demoPath}?width=100&format=jpeg`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('etag')).toBe(`"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
  });

  it('renders a variant once for concurrent requests, then serves it from disk in a new process', async () => {
    const cacheDir = path.join(root, 'cache-count');
    let renders = 0;
    const counting = (mediaPath: string) => {
      renders += 1;
      return renderDemoProductSvg(mediaPath);
    };
    const url = `http://localhost${demoProductImagePath('mug', 'c2410c', 3)}?width=300&format=avif`;
    const first = createMediaHandler({ mediaDir: path.join(root, 'media'), cacheDir, renderSource: counting });
    const responses = await Promise.all([1, 2, 3, 4].map(() => first(new Request(url))));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(renders).toBe(1);
    expect(bodies.every((b) => b.equals(bodies[0]!))).toBe(true);

    const restarted = createMediaHandler({ mediaDir: path.join(root, 'media'), cacheDir, renderSource: counting });
    const cached = await restarted(new Request(url));
    expect(renders).toBe(1);
    expect(cached.headers.get('etag')).toBe(responses[0]!.headers.get('etag'));
    expect(Buffer.from(await cached.arrayBuffer()).equals(bodies[0]!)).toBe(true);
  });

  it('makes each variant once and serves it from the disk cache', async () => {
    const count = () =>
      readdirSync(path.join(root, 'cache'), { recursive: true }).filter((f) => String(f).endsWith('.json')).length;
    await get('/media/catalog/photo.png?width=320&format=jpeg');
    const after = count();
    const results = await Promise.all([1, 2, 3].map(() => get('/media/catalog/photo.png?width=320&format=jpeg')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(count()).toBe(after);
  });

  it('rounds widths and heights up to the configured sizes, so a sweep of widths makes few variants', async () => {
    const cacheDir = path.join(root, 'cache-sizes');
    const sized = createMediaHandler({
      mediaDir: path.join(root, 'media'),
      cacheDir,
      renderSource: renderDemoProductSvg,
      sizes: [100, 400, 1000],
    });
    const widths = [];
    for (let width = 1001; width <= 1100; width += 5) {
      const response = await sized(new Request(`http://localhost${demoPath}?width=${width}&format=avif`));
      expect(response.status).toBe(200);
      widths.push((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width);
    }
    // Above the largest size: the largest size.
    expect(new Set(widths)).toEqual(new Set([1000]));
    const small = await sized(new Request(`http://localhost${demoPath}?width=101&height=99&format=png`));
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([80, 100]);
    const variants = readdirSync(cacheDir, { recursive: true }).filter((f) => String(f).endsWith('.json'));
    expect(variants).toHaveLength(2);
  });

  it('answers 422 for a source over 40 megapixels instead of decoding it, and renders one within', async () => {
    // 31 KB on disk, 256 megapixels decoded: the file the hostile review uploaded before the budget.
    writeFileSync(path.join(root, 'media', 'catalog', 'bomb.png'), hugePng(16000, 16000));
    writeFileSync(path.join(root, 'media', 'catalog', 'edge.png'), hugePng(8000, 5000));
    for (const query of ['?width=200&format=webp', '?format=png', '']) {
      const response = await get(`/media/catalog/bomb.png${query}`);
      expect(response.status).toBe(422);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe(
        'This image has more than 40 megapixels: it is not rendered. Upload a smaller one.',
      );
    }
    const edge = await get('/media/catalog/edge.png?width=400&format=webp');
    expect(edge.status).toBe(200);
    expect((await sharp(Buffer.from(await edge.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('refuses path traversal and unknown files', async () => {
    for (const url of [
      '/media/../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/catalog/%2e%2e/%2e%2e/secret.txt',
      '/media/catalog%00.png',
      '/media/catalog/nope.png',
      '/media/downloadable/files/links/artwork.png',
      '/media/Downloadable/files/links/artwork.png',
      '/media/catalog/../downloadable/files/links/artwork.png',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('not for the public');
    }
  });

  it('rejects a size that is not a number with 400 and other methods with 405', async () => {
    expect((await get(`${demoPath}?width=abc`)).status).toBe(400);
    expect((await get(`${demoPath}?height=-1`)).status).toBe(400);
    expect((await get(`${demoPath}?width=160&quality=75&format=webp`)).status).toBe(200);
    expect((await get(demoPath, { method: 'POST' })).status).toBe(405);
  });

  // Magento serves a media file whatever its query string says, and Venia adds a CDN's parameters
  // to every image (auto=webp, format=pjpg, quality=85, fit, crop). Ours still apply; a value we do
  // not offer is ignored rather than refused, and never makes a new variant.
  it("serves Venia's image URLs: unknown parameters and values are ignored, ours still resize", async () => {
    const plain = await get('/media/catalog/photo.png');
    expect(plain.status).toBe(200);
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    for (const query of ['?format=pjpg', '?quality=85', '?format=gif&quality=0', '?auto=webp&crop=false&fit=cover']) {
      const response = await get(`/media/catalog/photo.png${query}`);
      expect(response.status, query).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(plainBytes), query).toBe(true);
    }
    const venia = await get('/media/catalog/photo.png?auto=webp&format=pjpg&width=320&quality=85&fit=cover&crop=false');
    expect(venia.status).toBe(200);
    const meta = await sharp(Buffer.from(await venia.arrayBuffer())).metadata();
    expect(meta.width).toBe(320);
    // A width beyond the largest size is the largest size (the original here, which is smaller).
    const huge = await get(`${demoPath}?width=5000&format=webp`);
    expect(huge.status).toBe(200);
    expect((await sharp(Buffer.from(await huge.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(2000);
  });
});
