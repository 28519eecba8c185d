import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compression, negotiateEncoding } from '../src/compression';

const html = '<!doctype html><p>' + 'Vela storefront '.repeat(500) + '</p>';

function app() {
  const hono = new Hono();
  hono.use('*', compression());
  hono.get('/page', (c) => c.html(html));
  hono.get('/tiny', (c) => c.text('ok', 200, { 'Content-Length': '2' }));
  hono.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/webp' }));
  hono.get('/tagged', (c) => c.json({ text: html }, 200, { ETag: '"abc"' }));
  return hono;
}

describe('negotiateEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('compression middleware', () => {
  it('sends HTML as brotli that decodes to the original', async () => {
    const response = await app().request('/page', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(html.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(html);
  });

  it('sends gzip to clients without brotli and weakens a strong ETag', async () => {
    const response = await app().request('/tagged', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('etag')).toBe('W/"abc"');
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual({ text: html });
  });

  it('leaves tiny bodies, images and clients without compression alone', async () => {
    const tiny = await app().request('/tiny', { headers: { 'Accept-Encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    const image = await app().request('/image', { headers: { 'Accept-Encoding': 'br' } });
    expect(image.headers.get('content-encoding')).toBeNull();
    const plain = await app().request('/page');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });
});

describe('compression of GraphQL Yoga responses', () => {
  it('compresses the ponyfilled stream Yoga answers with', async () => {
    const { createYoga, createSchema } = await import('graphql-yoga');
    const yoga = createYoga({
      schema: createSchema({ typeDefs: 'type Query { text: String }', resolvers: { Query: { text: () => html } } }),
    });
    const hono = new Hono();
    hono.use('*', compression());
    hono.all('/graphql', (c) => yoga.fetch(c.req.raw));
    const response = await hono.request('/graphql?query=%7Btext%7D', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    const body = JSON.parse(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString());
    expect(body).toEqual({ data: { text: html } });
  });
});

describe('a body that fails half-way', () => {
  it('ends that answer with an error and leaves the process standing', async () => {
    // What a proxied answer does when its upstream connection drops: the first chunk, then an error.
    const hono = new Hono();
    hono.use('*', compression());
    hono.get('/broken', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":' + ' '.repeat(4096)));
        },
        pull(controller) {
          controller.error(new Error('aborted'));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const response = await hono.request('/broken', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      await expect(response.arrayBuffer()).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });
});
