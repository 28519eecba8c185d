import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/createApp';

// Rate limits count per client: the address handed to the API must be one the client cannot choose.
const buildDir = mkdtempSync(path.join(os.tmpdir(), 'vela-client-'));
// A build always has its client folder; without one the static handlers would warn at every request.
mkdirSync(path.join(buildDir, 'client'));
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

function appSeeing(trustProxy: boolean, seen: string[]) {
  return createApp({
    graphql: (_request, client) => {
      seen.push(client.address);
      return Promise.resolve(Response.json({ data: {} }));
    },
    backOfficeApi: (_request, client) => {
      seen.push(client.address);
      return Promise.resolve(Response.json({ data: {} }));
    },
    ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
    storefront: () => Promise.resolve(new Response('<html></html>')),
    storefrontBuildDir: buildDir,
    publicUrl: 'http://localhost:3000',
    trustProxy,
  });
}

async function overSocket(
  trustProxy: boolean,
  headers: Record<string, string>,
  path = '/graphql?query=%7B__typename%7D',
  method = 'GET',
): Promise<string> {
  const seen: string[] = [];
  const app = appSeeing(trustProxy, seen);
  const server = await new Promise<Server>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening as Server));
  });
  try {
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}${path}`, { headers, method });
    return seen[0]!;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the client address given to the API', () => {
  it('is the connection peer, whatever X-Forwarded-For says, unless a proxy is trusted', async () => {
    const address = await overSocket(false, { 'x-forwarded-for': '203.0.113.9' });
    expect(address).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('behind a trusted proxy, is the last X-Forwarded-For entry: the one the proxy appended', async () => {
    expect(await overSocket(true, { 'x-forwarded-for': '10.9.9.9, 203.0.113.9' })).toBe('203.0.113.9');
    // A value that is not an address is ignored rather than trusted.
    expect(await overSocket(true, { 'x-forwarded-for': 'evil"><script>' })).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});

describe('the client address given to the back-office API', () => {
  it('is worked out the same way, so its sign-in limits and request budget count the real client', async () => {
    const direct = await overSocket(false, { 'x-forwarded-for': '203.0.113.9' }, '/admin/graphql', 'POST');
    expect(direct).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(await overSocket(true, { 'x-forwarded-for': '10.9.9.9, 203.0.113.9' }, '/admin/graphql', 'POST')).toBe(
      '203.0.113.9',
    );
  });
});
