#!/usr/bin/env node
// Runs the Playwright journeys against a fresh shop: a free port (or E2E_PORT), a fresh var folder
// (or E2E_VAR_DIR), and that folder removed afterwards, also when a journey fails or the run is
// interrupted. Extra arguments go to `playwright test` (e.g. a file name or --grep).
//
// E2E_DATABASE=postgres runs the shops on PostgreSQL instead of SQLite: this script runs itself
// again inside scripts/with-postgres.sh (a throwaway cluster, removed afterwards; or the server
// TEST_POSTGRES_URL names), makes one database per shop (tests/e2eDatabase.ts gives each shop its
// DATABASE_URL) and drops them afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const database = process.env.E2E_DATABASE ?? 'sqlite';
if (database !== 'sqlite' && database !== 'postgres') {
  console.error(`e2e: E2E_DATABASE must be "sqlite" or "postgres", got "${database}"`);
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The shops a run may start (keep in step with E2E_SHOPS in tests/e2eDatabase.ts). */
const SHOPS = ['main', 'backend', 'card', 'card_front', 'card_2', 'card_2_front', 'braintree'];

/** Makes one empty database per shop; answers how to drop them all. */
async function createDatabases(serverUrl, prefix) {
  const pg = createRequire(path.join(root, 'package.json'))('pg');
  const asAdmin = async (work) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  await asAdmin(async (client) => {
    for (const shop of SHOPS) await client.query(`CREATE DATABASE ${prefix}_${shop}`);
  });
  return () =>
    asAdmin(async (client) => {
      for (const shop of SHOPS) await client.query(`DROP DATABASE IF EXISTS ${prefix}_${shop} WITH (FORCE)`);
    });
}

async function run() {
  const port = process.env.E2E_PORT ?? String(await freePort());
  // E2E_FRONTED=1 (playwright.config.ts) starts a second shop, the backend, on a port of its own.
  const backendPort = process.env.E2E_BACKEND_PORT ?? String(await freePort());
  const ownVarDir = !process.env.E2E_VAR_DIR;
  const varDir = process.env.E2E_VAR_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'vela-e2e-'));
  let dropDatabases = async () => {};
  const postgres = {};
  if (database === 'postgres') {
    const prefix = `vela_e2e_${process.pid}`;
    dropDatabases = await createDatabases(process.env.TEST_POSTGRES_URL, prefix);
    Object.assign(postgres, { E2E_POSTGRES_URL: process.env.TEST_POSTGRES_URL, E2E_DATABASE_PREFIX: prefix });
  }
  const cleanUp = async () => {
    if (ownVarDir) rmSync(varDir, { recursive: true, force: true });
    await dropDatabases().catch((error) => console.error(`e2e: could not drop the run's databases: ${error}`));
  };

  const fronted = process.env.E2E_FRONTED === '1' ? ` fronting a second shop on port ${backendPort}` : '';
  const on = database === 'postgres' ? `PostgreSQL (${postgres.E2E_DATABASE_PREFIX}_*)` : 'SQLite';
  console.log(
    `e2e: shop on port ${port}${fronted}, ${on}, data in ${varDir}${ownVarDir ? ' (removed afterwards)' : ''}`,
  );
  const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...postgres, E2E_PORT: port, E2E_BACKEND_PORT: backendPort, E2E_VAR_DIR: varDir },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    void cleanUp().then(() => process.exit(code ?? (signal ? 1 : 0)));
  });
}

if (database === 'postgres' && !process.env.TEST_POSTGRES_URL) {
  const inside = spawn(path.join(root, 'scripts/with-postgres.sh'), [process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => inside.kill(signal));
  inside.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await run();
}
