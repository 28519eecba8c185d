// The card journeys' own shop: the same build as every journey's, started with Stripe switched on
// and the official Stripe SDK pointed at a local fake gateway (commerce's test fake, over real
// HTTP), and the browser's Stripe.js replaced by a test-only stand-in at that one seam.
import {
  FAKE_PUBLISHABLE_KEY,
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  type StripeFake,
  startStripeFake,
} from '@vela/commerce/testing/stripeFake';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDatabaseEnv, e2eDatabaseUrl } from './e2eDatabase';
import type { Page } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainPort = Number(process.env.E2E_PORT ?? 4300);

/** The card shop's port, and the fake gateway's: beside the run's own (E2E_CARD_PORT to choose). */
export const CARD_SHOP_PORT = Number(process.env.E2E_CARD_PORT ?? mainPort + 2);
const FAKE_PORTS = [CARD_SHOP_PORT + 1, CARD_SHOP_PORT + 2];
export const CARD_SHOP_URL = `http://localhost:${CARD_SHOP_PORT}`;
/**
 * E2E_FRONTED=1 (playwright.config.ts): the card shop fronts a second shop, the backend with Stripe
 * on, through MAGENTO_GRAPHQL_URL, as it would front a Magento that has Stripe's module.
 */
export const FRONTED = process.env.E2E_FRONTED === '1';
const BACKEND_PORT = CARD_SHOP_PORT + 3;
/** Its data, apart from the main shop's, in the run's var folder (removed afterwards by run.mjs). */
export const CARD_SHOP_VAR_DIR = path.join(process.env.E2E_VAR_DIR ?? path.join(root, 'var', 'e2e'), 'card-shop');

/** The URL @stripe/stripe-js's loadStripe adds as a script (its release train, `endive` in 10.x). */
const STRIPE_JS = /^https:\/\/js\.stripe\.com\/endive\/stripe\.js(\?.*)?$/;
const STAND_IN = readFileSync(path.join(root, 'e2e/standIns/stripe-js-stand-in.js'), 'utf8');

export interface CardShop {
  fake: StripeFake;
  stop: () => Promise<void>;
  /** Where the browser reaches it (CARD_SHOP_URL for the first shop). */
  url: string;
  /** Its data folder: its mail outbox is `mail/` in it. */
  varDir: string;
  /** Its PostgreSQL database on an E2E_DATABASE=postgres run; undefined on SQLite. */
  databaseUrl: string | undefined;
}

export interface CardShopOptions {
  /** STRIPE_CAPTURE=later: the card is authorised at placement and captured from the back office. */
  captureLater?: boolean;
  /**
   * A second card shop beside the first (a spec that needs two ways of capturing): its own port,
   * fake gateway and data, four ports further (E2E_PORT + 6 to + 8).
   */
  second?: boolean;
}

export async function until(url: string, deadline: number, shop: ChildProcess, output: () => string): Promise<void> {
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`the card shop exited ${shop.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the card shop did not answer ${url} in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface Started {
  process: ChildProcess;
  output: () => string;
}

export function startShop(env: Record<string, string>): Started {
  const shop = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  shop.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  shop.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  return { process: shop, output: () => output };
}

export async function stopShop({ process: shop }: Started): Promise<void> {
  if (shop.exitCode !== null || !shop.pid) return;
  const exited = new Promise((resolve) => shop.once('exit', resolve));
  process.kill(-shop.pid, 'SIGTERM');
  await exited;
}

export const ready = (port: number) => `http://localhost:${port}/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D`;

/**
 * Starts the fake gateway, then the shop with Stripe on against it (and, fronted, the storefront in
 * front of it); resolves when the shop the browser uses answers.
 */
/** Where the card shop started with these options answers. */
export function cardShopUrl(options: CardShopOptions = {}): string {
  return `http://localhost:${CARD_SHOP_PORT + (options.second ? 4 : 0)}`;
}

export async function startCardShop(timeoutMs: number, options: CardShopOptions = {}): Promise<CardShop> {
  const deadline = Date.now() + timeoutMs;
  const shift = options.second ? 4 : 0;
  const shopPort = CARD_SHOP_PORT + shift;
  const varDir = options.second ? `${CARD_SHOP_VAR_DIR}-2` : CARD_SHOP_VAR_DIR;
  const fake = await startStripeFake({ ports: FAKE_PORTS.map((port) => port + shift) });
  const stripeShop = startShop({
    PORT: String(FRONTED ? BACKEND_PORT + shift : shopPort),
    VAR_DIR: varDir,
    ...e2eDatabaseEnv(options.second ? 'card_2' : 'card'),
    STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_BASE: `${fake.api.protocol}://${fake.api.host}:${fake.api.port}`,
    ...(options.captureLater ? { STRIPE_CAPTURE: 'later' } : {}),
  });
  const started = [stripeShop];
  const stop = async () => {
    await Promise.all(started.map(stopShop));
    await fake.close();
  };
  try {
    if (FRONTED) {
      await until(ready(BACKEND_PORT + shift), deadline, stripeShop.process, stripeShop.output);
      const front = startShop({
        PORT: String(shopPort),
        VAR_DIR: path.join(varDir, 'front'),
        ...e2eDatabaseEnv(options.second ? 'card_2_front' : 'card_front'),
        MAGENTO_GRAPHQL_URL: `http://localhost:${BACKEND_PORT + shift}/graphql`,
        MAGENTO_PAYMENT_PROVIDERS: 'stripe',
      });
      started.push(front);
      await until(ready(shopPort), deadline, front.process, front.output);
    } else {
      await until(ready(shopPort), deadline, stripeShop.process, stripeShop.output);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    fake,
    stop,
    url: `http://localhost:${shopPort}`,
    varDir,
    databaseUrl: e2eDatabaseUrl(options.second ? 'card_2' : 'card'),
  };
}

/**
 * Serves the Stripe.js stand-in for Stripe.js's URL, and routes its calls to Stripe's API (only the
 * test challenge's answer) to the fake gateway the shop uses. Anything else from Stripe's origins
 * fails the request, as it would fail on this network.
 */
export async function useStripeJsStandIn(page: Page, fake: StripeFake): Promise<{ scriptLoads: () => number }> {
  let loads = 0;
  await page.route(STRIPE_JS, async (route) => {
    loads++;
    await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: STAND_IN });
  });
  await page.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const request = route.request();
    const match = /\/v1\/payment_intents\/([^/]+)\/stand_in_next_action$/.exec(new URL(request.url()).pathname);
    if (request.method() === 'POST' && match?.[1]) {
      const outcome = new URLSearchParams(request.postData() ?? '').get('outcome') === 'succeed' ? 'succeed' : 'fail';
      const intent = fake.finishNextAction(match[1], outcome);
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify(intent),
      });
      return;
    }
    await route.abort('addressunreachable');
  });
  return { scriptLoads: () => loads };
}
