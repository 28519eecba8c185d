import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, GRAPHQL_MAX_BODY_BYTES } from '../src/createApp';
import { createLogger } from '../src/logging';

const buildDir = mkdtempSync(path.join(os.tmpdir(), 'vela-app-'));
// A build always has its client folder; without one the static handlers would warn at every request.
mkdirSync(path.join(buildDir, 'client'));
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

const seen: string[] = [];
const app = createApp({
  graphql: async (request) => {
    seen.push(await request.text());
    return Response.json({ data: { ok: true } });
  },
  ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
  storefront: async () => new Response('<html>page</html>', { headers: { 'Content-Type': 'text/html' } }),
  storefrontBuildDir: buildDir,
  publicUrl: 'http://localhost:3000',
});

describe('the server app', () => {
  it('passes GraphQL requests through and renders everything else with the storefront', async () => {
    const graphql = await app.request('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"query":"{ok}"}',
    });
    expect(await graphql.json()).toEqual({ data: { ok: true } });
    expect(seen.at(-1)).toBe('{"query":"{ok}"}');
    const page = await app.request('/women.html');
    expect(await page.text()).toBe('<html>page</html>');
  });

  it('refuses an oversized GraphQL body with 413 before it reaches the API', async () => {
    const before = seen.length;
    const response = await app.request('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(GRAPHQL_MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0].message).toMatch(/larger than/);
    expect(seen.length).toBe(before);
  });

  it('answers 404 for missing hashed assets instead of rendering a page', async () => {
    const response = await app.request('/assets/missing-abc123.js');
    expect(response.status).toBe(404);
  });
});

describe('request ids', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const appFor = (trustProxy: boolean) =>
    createApp({
      graphql: async () => Response.json({ data: { ok: true } }),
      ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
      storefront: async () => new Response('<html>page</html>', { headers: { 'Content-Type': 'text/html' } }),
      storefrontBuildDir: buildDir,
      publicUrl: 'http://localhost:3000',
      trustProxy,
      logger,
    });

  it('come from the trusted proxy when well formed, and are made here otherwise', async () => {
    const behindProxy = appFor(true);
    const kept = await behindProxy.request('/women.html', { headers: { 'X-Request-Id': 'lb-7f3a.2' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.2');
    expect(lines.at(-1)).toMatchObject({ requestId: 'lb-7f3a.2', path: '/women.html', status: 200 });
    const malformed = await behindProxy.request('/women.html', { headers: { 'X-Request-Id': 'a b/../forged' } });
    expect(malformed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const direct = await appFor(false).request('/women.html', { headers: { 'X-Request-Id': 'lb-7f3a.2' } });
    expect(direct.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.at(-1)?.requestId).toBe(direct.headers.get('x-request-id'));
  });
});
