import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { e2eDatabaseEnv } from './tests/e2eDatabase';

// `npm test -w @vela/e2e` (run.mjs) picks a free port and a fresh var folder, and removes the folder
// afterwards; running `playwright test` directly uses port 4300 and a folder named after this process.
const port = Number(process.env.E2E_PORT ?? 4300);
// Every run starts from a fresh database and media cache, so journeys see the demo catalog as seeded.
const varDir = process.env.E2E_VAR_DIR ?? path.join(os.tmpdir(), `vela-e2e-${process.pid}`);
// Workers load this config again with other pids: pin the folder so tests can find the outbox.
process.env.E2E_VAR_DIR = varDir;

// E2E_FRONTED=1: the shop under test fronts a second, embedded Vela shop through
// MAGENTO_GRAPHQL_URL, as it would front a Magento backend, and the shopper journeys run through
// it. The backend keeps the data (and the mail outbox) in the run's var folder.
const fronted = process.env.E2E_FRONTED === '1';
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? port + 1);
// TRUST_PROXY: journeys' API calls name an address of their own (tests/fixtures.ts).
const serverEnv = { NODE_ENV: 'production', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' };
const shop = {
  command: 'node scripts/start.mjs',
  cwd: '..',
  url: `http://localhost:${port}/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  // One JSON line per request would bury the test report; warnings and errors still show.
  // E2E_DATABASE=postgres (run.mjs): each shop on a PostgreSQL database of its own.
  env: { ...serverEnv, PORT: String(port), VAR_DIR: varDir, ...e2eDatabaseEnv('main') },
};
const webServer = fronted
  ? [
      {
        ...shop,
        url: `http://localhost:${backendPort}/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D`,
        env: { ...serverEnv, PORT: String(backendPort), VAR_DIR: varDir, ...e2eDatabaseEnv('backend') },
      },
      {
        ...shop,
        env: {
          ...serverEnv,
          PORT: String(port),
          VAR_DIR: path.join(varDir, 'front'),
          MAGENTO_GRAPHQL_URL: `http://localhost:${backendPort}/graphql`,
        },
      },
    ]
  : shop;

export default defineConfig({
  testDir: './tests',
  // Through a front, the shopper journeys; accessibility, layout, bundle and header checks are
  // about the storefront itself and run once, against the embedded shop.
  ...(fronted
    ? { testMatch: /(browse|cart|checkout|account|wishlist|stores|nojs|cardPayment|catalogTrust)\.spec\.ts$/ }
    : {}),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A test.only left in by mistake fails the run instead of skipping everything else.
  forbidOnly: !!process.env.CI,
  // No retries: a journey that fails once is a bug to find, not noise to hide.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer,
});
