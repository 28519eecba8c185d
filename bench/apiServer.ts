// The commerce API alone on one HTTP port, for load benchmarks: no storefront, no media.
import { serve } from '@hono/node-server';
import { createCommerce } from '@vela/commerce/commerce';

const [database, portArg] = process.argv.slice(2);
if (!database || !portArg) {
  console.error('usage: tsx bench/apiServer.ts <sqlite-path | postgres://…> <port>');
  process.exit(2);
}
const commerce = await createCommerce(/^postgres(ql)?:\/\//.test(database) ? { databaseUrl: database, seedDemo: true } : { sqlitePath: database, seedDemo: true });
const server = serve({ fetch: (request) => commerce.fetch(request), port: Number(portArg), hostname: '127.0.0.1' }, () => {
  console.log('ready');
});
process.on('SIGTERM', () => server.close(() => void commerce.close().then(() => process.exit(0))));
