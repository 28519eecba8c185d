import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCommerce, type Commerce } from '@vela/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/createApp';

// Issue 9, defect 8: any origin (null included) was allowed with credentials, and the public GET
// cache replayed the first caller's Access-Control-Allow-Origin to everyone.
const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-cors-'));
// A build always has its client folder; without one the static handlers would warn at every request.
mkdirSync(path.join(dir, 'client'));
let commerce: Commerce;
beforeAll(async () => {
  commerce = await createCommerce({ sqlitePath: path.join(dir, 'vela.db'), mailDir: path.join(dir, 'mail') });
});
afterAll(async () => {
  await commerce?.close();
  rmSync(dir, { recursive: true, force: true });
});

function appWith(corsOrigins: readonly string[]) {
  return createApp({
    graphql: (request) => commerce.fetch(request),
    ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
    storefront: async () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } }),
    storefrontBuildDir: dir,
    corsOrigins,
    publicUrl: 'http://localhost:3000',
  });
}

const preflight = (origin: string) => ({
  method: 'OPTIONS',
  headers: {
    Origin: origin,
    'Access-Control-Request-Method': 'POST',
    'Access-Control-Request-Headers': 'content-type, authorization',
  },
});
let queryNumber = 0;
/** A public catalog GET the response cache keeps; a new one per test so each starts with a MISS. */
const catalogQuery = () =>
  `/graphql?query=${encodeURIComponent(`{ storeConfig { store_code n${++queryNumber}: store_name } }`)}`;

describe('CORS, off by default', () => {
  const app = appWith([]);

  it('answers no preflight with an allowed origin or credentials, whatever the origin', async () => {
    for (const origin of ['https://evil.example.com', 'null']) {
      const response = await app.request('/graphql', preflight(origin));
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it("never replays one caller's origin from the shared cache to another", async () => {
    const url = catalogQuery();
    const evil = await app.request(url, { headers: { Origin: 'https://evil.example.com' } });
    expect(evil.status).toBe(200);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const next = await app.request(url);
    expect(next.headers.get('x-cache')).toBe('HIT');
    expect(next.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS with an allow-list', () => {
  const app = appWith(['https://shop.example']);

  it('allows a listed origin, without credentials, and names the headers the API reads', async () => {
    const response = await app.request('/graphql', preflight('https://shop.example'));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(response.headers.get('vary')?.toLowerCase()).toContain('origin');
  });

  it('refuses an unlisted origin and the null origin', async () => {
    for (const origin of ['https://evil.example.com', 'null', 'https://shop.example.evil.com']) {
      const response = await app.request('/graphql', preflight(origin));
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const get = await app.request(catalogQuery(), { headers: { Origin: origin } });
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('adds the origin per response, after the cache: a HIT for another caller carries none, and every answer varies on Origin', async () => {
    const url = catalogQuery();
    const shop = await app.request(url, { headers: { Origin: 'https://shop.example' } });
    expect(shop.headers.get('x-cache')).toBe('MISS');
    expect(shop.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const anonymous = await app.request(url);
    expect(anonymous.headers.get('x-cache')).toBe('HIT');
    expect(anonymous.headers.get('access-control-allow-origin')).toBeNull();
    expect(anonymous.headers.get('vary')?.toLowerCase()).toContain('origin');
    const again = await app.request(url, { headers: { Origin: 'https://shop.example' } });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
});

describe('CORS for any origin', () => {
  it('answers * and never with credentials', async () => {
    const app = appWith(['*']);
    const response = await app.request('/graphql', preflight('https://anyone.example'));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const nullOrigin = await app.request('/graphql', preflight('null'));
    expect(nullOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });
});
