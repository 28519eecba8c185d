import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './serverProcess';

// The start message said "http://localhost:PORT" whatever HOST was, so a shop bound to one
// interface was announced at an address it did not answer on.
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

describe('the start message', () => {
  it('names the address the listener is bound to', async () => {
    server = await startServerProcess({ HOST: '127.0.0.1' });
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(
      `${server.origin}/graphql?query=${encodeURIComponent('{ storeConfig { store_code } }')}`,
    );
    expect(
      ((await response.json()) as { data: { storeConfig: { store_code: string } } }).data.storeConfig.store_code,
    ).toBe('default');
  }, 60_000);

  it('on all interfaces, says localhost and that it listens on all of them', async () => {
    server = await startServerProcess({ HOST: '0.0.0.0' });
    expect(server.origin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(server.output()).toMatch(/listening on all interfaces/);
  }, 60_000);
});
