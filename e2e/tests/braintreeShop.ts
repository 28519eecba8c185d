// The Braintree journeys' own shop: the same build as every journey's, started with Braintree
// switched on and the official Braintree SDK pointed at a local fake gateway (commerce's test fake,
// over real HTTP), and braintree-web's scripts replaced by a test-only stand-in at that one seam.
import { type BraintreeFake, startBraintreeFake } from '@vela/commerce/testing/braintreeFake';
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ready, type Started, startShop, stopShop, until } from './cardShop';
import { e2eDatabaseEnv, e2eDatabaseUrl } from './e2eDatabase';
import type { Page } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainPort = Number(process.env.E2E_PORT ?? 4300);

/** Beside the run's own port and the Stripe shop's (E2E_BRAINTREE_PORT to choose). */
export const BRAINTREE_SHOP_PORT = Number(process.env.E2E_BRAINTREE_PORT ?? mainPort + 6);
export const BRAINTREE_SHOP_URL = `http://localhost:${BRAINTREE_SHOP_PORT}`;
/** Its data, apart from the main shop's, in the run's var folder (removed afterwards by run.mjs). */
const VAR_DIR = path.join(process.env.E2E_VAR_DIR ?? path.join(root, 'var', 'e2e'), 'braintree-shop');

/** braintree-web's scripts, as the storefront adds them (braintreeCard.ts): any version, any component. */
const BRAINTREE_WEB = /^https:\/\/js\.braintreegateway\.com\/web\/[\d.]+\/js\/[a-z-]+\.min\.js$/;
const STAND_IN = readFileSync(path.join(root, 'e2e/standIns/braintree-web-stand-in.js'), 'utf8');

export interface BraintreeShop {
  fake: BraintreeFake;
  stop: () => Promise<void>;
  /** Its data folder: its mail outbox is `mail/` in it. */
  varDir: string;
  /** Its PostgreSQL database on an E2E_DATABASE=postgres run; undefined on SQLite. */
  databaseUrl: string | undefined;
}

/** Starts the fake gateway, then the shop with Braintree on against it; resolves when the shop answers. */
export async function startBraintreeShop(timeoutMs: number): Promise<BraintreeShop> {
  const deadline = Date.now() + timeoutMs;
  const fake = await startBraintreeFake();
  const shop: Started = startShop({
    PORT: String(BRAINTREE_SHOP_PORT),
    VAR_DIR,
    ...e2eDatabaseEnv('braintree'),
    BRAINTREE_MERCHANT_ID: fake.merchantId,
    BRAINTREE_PUBLIC_KEY: fake.publicKey,
    BRAINTREE_PRIVATE_KEY: fake.privateKey,
    BRAINTREE_API_BASE: `http://${fake.host}:${fake.port}`,
  });
  const stop = async () => {
    await stopShop(shop);
    await fake.close();
  };
  try {
    await until(ready(BRAINTREE_SHOP_PORT), deadline, shop.process, shop.output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { fake, stop, varDir: VAR_DIR, databaseUrl: e2eDatabaseUrl('braintree') };
}

/**
 * Serves the stand-in for braintree-web's scripts. Anything else from Braintree's origins (its
 * asset host's frames, its client API) fails the request, as it would on this network.
 */
export async function useBraintreeWebStandIn(page: Page): Promise<{ scriptLoads: () => number }> {
  let loads = 0;
  await page.route(/^https:\/\/[a-z.-]*braintree(gateway|-api)\.com\//, async (route) => {
    if (BRAINTREE_WEB.test(route.request().url())) {
      loads++;
      await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: STAND_IN });
    } else await route.abort('addressunreachable');
  });
  return { scriptLoads: () => loads };
}

/** The order mail to `email` naming `orderNumber`, from the Braintree shop's outbox; null until it is written. */
export async function braintreeShopMail(orderNumber: string, email: string): Promise<string | null> {
  const dir = path.join(VAR_DIR, 'mail');
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.eml')) continue;
    const text = await readFile(path.join(dir, name), 'utf8');
    if (text.includes(orderNumber) && text.includes(email)) return text;
  }
  return null;
}
