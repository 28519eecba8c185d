import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCommerce } from '@vela/commerce';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/createApp';

// Issue 9, observable: a load balancer needs to tell a live process from one that can serve.
const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-health-'));
// A build always has its client folder; without one the static handlers would warn at every request.
mkdirSync(path.join(dir, 'client'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function appWith(ready: () => Promise<{ ready: boolean; detail: string }>) {
  return createApp({
    graphql: async () => Response.json({ data: {} }),
    ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
    storefront: async () => new Response('<html>page</html>', { headers: { 'Content-Type': 'text/html' } }),
    storefrontBuildDir: dir,
    publicUrl: 'http://localhost:3000',
    readiness: ready,
  });
}

describe('/healthz and /readyz', () => {
  it('answer 200 while the database answers with every migration applied, 503 once it does not', async () => {
    const commerce = await createCommerce({ sqlitePath: path.join(dir, 'ready.db'), mailDir: path.join(dir, 'mail') });
    const app = appWith(() => commerce.readiness());
    const health = await app.request('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true });

    await commerce.close();
    const closed = await app.request('/readyz');
    expect(closed.status).toBe(503);
    expect(await closed.json()).toMatchObject({ ready: false });
    // Alive all the same: a restart would not help a database that is down.
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('are not rendered as storefront pages', async () => {
    const app = appWith(async () => ({ ready: true, detail: 'ok' }));
    expect(await (await app.request('/healthz')).text()).not.toContain('<html>');
  });
});
