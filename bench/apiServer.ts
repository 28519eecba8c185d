// The commerce API alone on one HTTP port, for load benchmarks: no storefront, no media.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createCommerce } from '@vela/commerce';

const [database, portArg] = process.argv.slice(2);
if (!database || !portArg) {
  console.error('usage: tsx bench/apiServer.ts <sqlite-path | postgres://…> <port>');
  process.exit(2);
}
// Order e-mails of a load run go to a temporary outbox, never into the repository's var/.
const mailDir = process.env.VELA_MAIL_DIR ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'vela-bench-mail-')), 'mail');
const engine = /^postgres(ql)?:\/\//.test(database) ? { databaseUrl: database } : { sqlitePath: database };
// VELA_RESPONSE_CACHE=off measures the API itself, as the server's setting of the same name does.
const commerce = await createCommerce({
  ...engine,
  seedDemo: true,
  mailDir,
  responseCache: process.env.VELA_RESPONSE_CACHE !== 'off',
});
const server = serve(
  { fetch: (request) => commerce.fetch(request), port: Number(portArg), hostname: '127.0.0.1' },
  () => {
    console.log('ready');
  },
);
process.on('SIGTERM', () => server.close(() => void commerce.close().then(() => process.exit(0))));
