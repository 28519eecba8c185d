// `npm run compat -- venia [--rebuild] [--database postgres]`: a client written for Magento, run
// against Vela.
//
// venia: installs PWA Studio's Venia from the npm registry into a cache folder outside the
// repository (scripts/compat/venia/install.ts), starts Vela's production server with the demo
// catalog (on SQLite, or with --database postgres on a fresh database of the PostgreSQL server at
// DATABASE_URL or TEST_POSTGRES_URL, as scripts/with-postgres.sh sets it), builds Venia against it, serves Venia with its own staging server and walks a
// shopper through it in Chromium. Report and screenshots: var/compat/venia/ (VELA_COMPAT_REPORT_DIR).
// Ports: VELA_COMPAT_PORT (the shop, default 4630) and the next one (Venia's staging server).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithProgress, seconds, startProcess, stopProcess, type Started } from './processes';
import { reportMarkdown, type CompatReport } from './report';
import { startBraintreeFake, type BraintreeFake } from '@vela/commerce/testing/braintreeFake';
import { BRAINTREE_PLACEHOLDER, buildVenia, serveVenia, veniaBuilt } from './venia/build';
import { VENIA_VERSION, WORKAROUNDS, installVenia } from './venia/install';
import { walkVenia, type ShopFacts } from './venia/walk';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLIENTS = ['venia'] as const;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const client = args.find((a) => !a.startsWith('--'));
  if (!client || !(CLIENTS as readonly string[]).includes(client)) {
    console.error(
      `usage: npm run compat -- <client> [--rebuild] [--database sqlite|postgres]   (clients: ${CLIENTS.join(', ')})`,
    );
    return 2;
  }
  const rebuild = args.includes('--rebuild');
  const engine = args.includes('--database') ? args[args.indexOf('--database') + 1] : 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') {
    console.error(`--database is sqlite or postgres, got ${engine ?? 'nothing'}`);
    return 2;
  }
  const shopPort = Number(process.env.VELA_COMPAT_PORT ?? 4630);
  const database = engine === 'postgres' ? freshPostgresDatabase(`vela_compat_${shopPort}`) : null;
  if (database === undefined) {
    console.error(
      '--database postgres needs a PostgreSQL server: set DATABASE_URL (or TEST_POSTGRES_URL), or run the command under scripts/with-postgres.sh',
    );
    return 2;
  }
  const databaseWords = database ? `PostgreSQL (a fresh database ${new URL(database).pathname.slice(1)})` : 'SQLite';
  const stagingPort = shopPort + 1;
  const shopUrl = `http://localhost:${shopPort}`;
  const veniaUrl = `http://localhost:${stagingPort}`;
  const reportDir = path.resolve(
    root,
    process.env.VELA_COMPAT_REPORT_DIR ?? path.join('var', 'compat', database ? 'venia-postgres' : 'venia'),
  );
  const started = Date.now();
  const startedAt = new Date().toISOString();
  const timings: Record<string, number> = {};
  const running: Started[] = [];
  const stopAll = async () => {
    for (const process of running.reverse()) await stopProcess(process.child);
  };
  let gateway: BraintreeFake | undefined;
  const onSignal = () =>
    void stopAll()
      .then(() => gateway?.close())
      .then(() => process.exit(130));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    let t = Date.now();
    const install = await installVenia(VENIA_VERSION);
    timings[install.cached ? 'Venia install (cached)' : 'Venia install'] = seconds(t);

    t = Date.now();
    if (
      !existsSync(path.join(root, 'server', 'dist', 'main.mjs')) ||
      !existsSync(path.join(root, 'storefront', 'build'))
    ) {
      await runWithProgress('npm', ['run', 'build'], { cwd: root, label: 'npm run build (Vela)' });
    } else {
      await runWithProgress(process.execPath, ['scripts/build-server.mjs', '--quiet'], {
        cwd: root,
        label: 'server bundle',
      });
    }
    timings['Vela build'] = seconds(t);

    t = Date.now();
    // Braintree's gateway for the shop: commerce's fake (real HTTP, the official SDK's dialect), so
    // Venia's Braintree step charges a card without a Braintree account or network.
    gateway = await startBraintreeFake();
    const varDir = path.join(os.tmpdir(), `vela-compat-${shopPort}`);
    rmSync(varDir, { recursive: true, force: true });
    // Venia's build introspects the schema (buildpack's getPossibleTypes asks `__schema`), which
    // Vela refuses in production unless GRAPHQL_INTROSPECTION=true. The shop answers it for the
    // build only; the shopper's walk runs against the shop as `npm start` sets it up.
    const startShop = async (introspection: boolean) => {
      console.log(
        `[compat] starting Vela on ${shopUrl} (${databaseWords} with the demo catalog, files in ${varDir}${introspection ? '; introspection on for Venia’s build' : ''})`,
      );
      const started = await startProcess(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        env: {
          PORT: String(shopPort),
          PUBLIC_URL: shopUrl,
          VAR_DIR: varDir,
          NODE_ENV: 'production',
          GRAPHQL_INTROSPECTION: String(introspection),
          BRAINTREE_MERCHANT_ID: gateway!.merchantId,
          BRAINTREE_PUBLIC_KEY: gateway!.publicKey,
          BRAINTREE_PRIVATE_KEY: gateway!.privateKey,
          BRAINTREE_API_BASE: `http://${gateway!.host}:${gateway!.port}`,
          // Empty on SQLite, so a DATABASE_URL of the caller's environment does not move the shop.
          DATABASE_URL: database ?? '',
        },
        ready: /shop open at/,
        timeoutMs: 180_000,
        label: 'Vela',
      });
      running.push(started);
      return started;
    };
    const needsBuild = rebuild || !veniaBuilt(install.dir, `${shopUrl}/`);
    let shop = await startShop(needsBuild);
    timings['Vela start (migrate + demo catalog)'] = seconds(t);

    t = Date.now();
    const build = await buildVenia(install.dir, `${shopUrl}/`, { rebuild });
    timings[build.cached ? 'Venia build (cached)' : 'Venia build'] = seconds(t);
    if (needsBuild) {
      await stopProcess(shop.child);
      running.splice(running.indexOf(shop), 1);
      shop = await startShop(false);
    }

    t = Date.now();
    console.log(
      `[compat] serving Venia on ${veniaUrl} (buildpack serve: UPWARD-js, proxying /graphql and /media to ${shopUrl})`,
    );
    running.push(await serveVenia(install.dir, `${shopUrl}/`, stagingPort));
    timings['Venia staging server start'] = seconds(t);

    t = Date.now();
    rmSync(reportDir, { recursive: true, force: true });
    mkdirSync(reportDir, { recursive: true });
    const facts = await shopFacts(shopUrl);
    const walk = await walkVenia(veniaUrl, facts, reportDir, {
      installDir: install.dir,
      tokenizationKey: BRAINTREE_PLACEHOLDER,
    });
    const sales = gateway.sales();
    timings['shopper walk'] = seconds(t);
    timings['total'] = seconds(started);

    const report: CompatReport = {
      client: `PWA Studio Venia ${install.version}`,
      startedAt,
      versions: install.versions,
      workarounds: WORKAROUNDS,
      timings,
      settings: [
        `Venia installed from the npm registry into ${install.dir} (not a dependency of this repository), laid out as PWA Studio's scaffolding does; its code unchanged.`,
        `Vela: \`scripts/start.mjs\` (as \`npm start\`) on ${shopUrl}, ${databaseWords} with the demo catalog, PUBLIC_URL=${shopUrl}; GRAPHQL_INTROSPECTION=true only while Venia builds (buildpack asks \`__schema\` for the possible types); the walk runs with introspection off, as in production.`,
        `Venia: built with MAGENTO_BACKEND_URL=${shopUrl}/ and MAGENTO_BACKEND_EDITION=MOS (Magento Open Source), served by buildpack's staging server on ${veniaUrl}; its bundle is ${(build.bundleBytes / 1024 / 1024).toFixed(1)} MiB.`,
        `Braintree: the shop's Braintree SDK talks to commerce's fake gateway (\`@vela/commerce/testing/braintreeFake\`, BRAINTREE_API_BASE); it recorded ${sales.length} sale(s)${sales.map((sale) => `: ${sale.amount} ${sale.currency} for order ${sale.orderId ?? '?'}, ${sale.status}, ${sale.card.cardType} ending in ${sale.card.last4}`).join('')}. In the browser, Braintree's hosts are stood in (scripts/compat/venia/braintreeStandIn.ts): ${walk.braintreeStandIn.map((r) => `${r.request} ×${r.count}`).join(', ') || 'nothing asked'}.`,
        `Shopper: Chromium (${process.env.CHROME_PATH ?? '/usr/bin/chromium'}) through playwright-core, 1280 × 900, one browser context for the whole walk; product ${facts.configurable.name}, category ${facts.category.name}, search "${facts.searchTerm}", coupon ${facts.coupon}.`,
      ],
      steps: walk.steps,
      operations: walk.operations,
    };
    writeFileSync(path.join(reportDir, 'report.md'), reportMarkdown(report));
    writeFileSync(path.join(reportDir, 'report.json'), JSON.stringify(report, null, 2));
    console.log(reportMarkdown(report));
    console.log(`[compat] report and screenshots in ${reportDir}`);
    const failed = walk.steps.filter((s) => !s.ok).length;
    return failed === 0 ? 0 : 1;
  } finally {
    await stopAll();
    await gateway?.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * A fresh database `name` on the PostgreSQL server at DATABASE_URL or TEST_POSTGRES_URL (dropped
 * first if a previous run left it), so the walk starts from an empty shop as on SQLite; its URL, or
 * undefined without a server. psql does it: no PostgreSQL client library in the repository's root.
 */
function freshPostgresDatabase(name: string): string | undefined {
  const server = process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_URL;
  if (!server) return undefined;
  execFileSync(
    'psql',
    [
      server,
      '-v',
      'ON_ERROR_STOP=1',
      '-q',
      '-c',
      `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
      '-c',
      `CREATE DATABASE ${name}`,
    ],
    // client_min_messages: no NOTICE when the database to drop is not there (a first run).
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' } },
  );
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What the walk picks from the demo shop, asked of the shop itself so it follows the catalog. */
async function shopFacts(shopUrl: string): Promise<ShopFacts> {
  const ask = async <T>(query: string, store = 'default'): Promise<T> => {
    const response = await fetch(`${shopUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', store },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { data: T; errors?: unknown[] };
    if (body.errors) throw new Error(`shop facts: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  const { categoryList } = await ask<{ categoryList: { children: { name: string; url_path: string }[] }[] }>(
    '{ categoryList { children { name url_path } } }',
  );
  const category = categoryList[0]?.children[0];
  if (!category) throw new Error('shop facts: no category');
  const { products } = await ask<{ products: { items: { __typename: string; name: string; url_key: string }[] } }>(
    '{ products(search: "", pageSize: 50) { items { __typename name url_key } } }',
  );
  const configurable = products.items.find((p) => p.__typename === 'ConfigurableProduct');
  if (!configurable) throw new Error('shop facts: no configurable product');
  const { availableStores } = await ask<{ availableStores: { store_code: string; store_name: string }[] }>(
    '{ availableStores { store_code store_name } }',
  );
  const french = availableStores.find((s) => s.store_code === 'fr');
  if (!french) throw new Error('shop facts: no French store view');
  return {
    configurable: { urlKey: configurable.url_key, name: configurable.name },
    category: { urlPath: category.url_path, name: category.name },
    searchTerm: configurable.name.split(' ').at(-1)!.toLowerCase(),
    coupon: 'WELCOME10',
    frenchStoreName: french.store_name,
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
