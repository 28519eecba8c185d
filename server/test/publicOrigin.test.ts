import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/createApp';

// Issue 9, defect 9: `Host: evil.example.com` made canonical links and page data point at that
// host, because the render took its origin from the request. The render must see PUBLIC_URL.
const buildDir = mkdtempSync(path.join(os.tmpdir(), 'vela-origin-'));
// A build always has its client folder; without one the static handlers would warn at every request.
mkdirSync(path.join(buildDir, 'client'));
const servers: ReturnType<typeof serve>[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(buildDir, { recursive: true, force: true });
});

/** A real HTTP listener whose "render" reports the URL it was handed, as canonical links use it. */
async function start(publicUrl: string, trustProxy: boolean): Promise<number> {
  const app = createApp({
    graphql: async () => Response.json({ data: {} }),
    ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
    storefront: async (request) =>
      new Response(`<link rel="canonical" href="${request.url}">`, { headers: { 'Content-Type': 'text/html' } }),
    storefrontBuildDir: buildDir,
    publicUrl,
    trustProxy,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, pathname: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathname, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the origin the storefront render sees', () => {
  it('is PUBLIC_URL, whatever Host and X-Forwarded-* say, unless the proxy is trusted', async () => {
    const port = await start('https://shop.example', false);
    const body = await get(port, '/women.html?page=2', {
      Host: 'evil.example.com',
      'X-Forwarded-Host': 'evil.example.com',
      'X-Forwarded-Proto': 'http',
    });
    expect(body).toBe('<link rel="canonical" href="https://shop.example/women.html?page=2">');
  });

  it('behind a trusted proxy, follows X-Forwarded-Host and -Proto; without them, PUBLIC_URL', async () => {
    const port = await start('https://shop.example', true);
    expect(
      await get(port, '/men.html', {
        Host: 'internal:3000',
        'X-Forwarded-Host': 'www.shop.example',
        'X-Forwarded-Proto': 'https',
      }),
    ).toBe('<link rel="canonical" href="https://www.shop.example/men.html">');
    expect(await get(port, '/men.html', { Host: 'evil.example.com' })).toBe(
      '<link rel="canonical" href="https://shop.example/men.html">',
    );
    // A forwarded value that is not a host name is ignored rather than echoed into pages.
    expect(
      await get(port, '/men.html', {
        'X-Forwarded-Host': 'evil.example.com/"><script>',
        'X-Forwarded-Proto': 'javascript',
      }),
    ).toBe('<link rel="canonical" href="https://shop.example/men.html">');
  });
});
