import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config';
import { createApp } from '../src/createApp';

// Issue 30: pages may load Stripe.js, its frames and its API, and use the Payment Request API
// (wallets), only while the shop has Stripe keys; the webhook path is mounted for commerce.
const buildDir = mkdtempSync(path.join(os.tmpdir(), 'vela-payment-origins-'));
mkdirSync(path.join(buildDir, 'client'));
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

const webhookCalls: Array<{ gateway: string; body: string; client: string }> = [];

function appWith(stripe: boolean, applePayDomainAssociation?: string) {
  return createApp({
    applePayDomainAssociation,
    graphql: async () => Response.json({ data: {} }),
    ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
    storefront: async () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
    storefrontBuildDir: buildDir,
    publicUrl: 'http://localhost:3000',
    paymentProviders: { stripe },
    paymentWebhook: async (gateway, request, client) => {
      webhookCalls.push({ gateway, body: await request.text(), client: client.address });
      return Response.json({ received: true });
    },
  });
}

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('payment gateway origins in the CSP and Permissions-Policy', () => {
  it('opens nothing of Stripe while Stripe is off: payment=() and no Stripe origin', async () => {
    const page = await appWith(false).request('/');
    expect(page.headers.get('permissions-policy')).toContain('payment=()');
    expect(page.headers.get('content-security-policy')).not.toContain('stripe.com');
    expect(directives(page.headers.get('content-security-policy')).has('frame-src')).toBe(false);
  });

  it("opens Stripe.js (script and frames), Stripe's API and the payment feature while Stripe is on", async () => {
    const page = await appWith(true).request('/');
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toContain('https://js.stripe.com');
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
  });

  it("serves Apple Pay's domain association file from configuration, and 404 without it", async () => {
    const path = '/.well-known/apple-developer-merchantid-domain-association';
    const missing = await appWith(true).request(path);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<html');
    const served = await appWith(true, '7B2270737049...').request(path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await served.text()).toBe('7B2270737049...');
  });

  it('hands /stripe/webhooks to commerce with its raw body, and refuses a body over 64 KiB before it', async () => {
    const app = appWith(true);
    const body = '{"id":"evt_1","type":"payment_intent.succeeded"}';
    const answer = await app.request('/stripe/webhooks', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(webhookCalls.at(-1)).toMatchObject({ gateway: 'stripe_payments', body });
    const calls = webhookCalls.length;
    const huge = await app.request('/stripe/webhooks', {
      method: 'POST',
      body: 'x'.repeat(70_000),
      headers: { 'content-type': 'application/json', 'content-length': '70000' },
    });
    expect(huge.status).toBe(413);
    expect(webhookCalls).toHaveLength(calls);
  });
});

describe('Stripe settings from the environment', () => {
  const base = {
    STRIPE_SECRET_KEY: 'sk_test_abc123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  };

  it('reads the Apple Pay domain association file once, and refuses one it cannot read', () => {
    const file = path.join(buildDir, 'apple-association');
    writeFileSync(file, 'association-text\n');
    const env = { STOREFRONT_BUILD_DIR: buildDir };
    expect(readConfig({ ...env, APPLE_PAY_DOMAIN_ASSOCIATION: file }).applePayDomainAssociation).toBe(
      'association-text\n',
    );
    expect(readConfig(env).applePayDomainAssociation).toBeUndefined();
    expect(() => readConfig({ ...env, APPLE_PAY_DOMAIN_ASSOCIATION: path.join(buildDir, 'nope') })).toThrow(
      ConfigError,
    );
    writeFileSync(file, '  ');
    expect(() => readConfig({ ...env, APPLE_PAY_DOMAIN_ASSOCIATION: file })).toThrow(/empty/);
  });

  it('reads all three keys, capture on order by default, and a mock API base', () => {
    expect(readConfig({}).stripe).toBeUndefined();
    expect(readConfig(base).stripe).toEqual({ ...secrets(base), captureLater: false });
    expect(readConfig({ ...base, STRIPE_CAPTURE: 'later', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe).toEqual({
      ...secrets(base),
      captureLater: true,
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
  });

  it('refuses partial or mixed keys without repeating any key in the message', () => {
    const bad = [
      { STRIPE_SECRET_KEY: 'sk_test_abc123' },
      { ...base, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' },
      { ...base, STRIPE_SECRET_KEY: 'not-a-key-sk_test_secretvalue' },
      { ...base, STRIPE_WEBHOOK_SECRET: 'secretvalue' },
      { ...base, STRIPE_CAPTURE: 'sometimes' },
    ];
    for (const env of bad) {
      let error: unknown;
      try {
        readConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toMatch(/abc123|secretvalue/);
    }
  });
});

function secrets(env: Record<string, string>) {
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
  };
}

describe('Braintree: its origins only while it is on, and its settings from the environment (issue 30)', () => {
  function appWithBraintree(
    braintree: 'sandbox' | 'production' | null,
    stripe = false,
    braintreeWallets?: { applePay: boolean; googlePay: boolean },
  ) {
    return createApp({
      graphql: async () => Response.json({ data: {} }),
      ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
      storefront: async () =>
        new Response('<html></html>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
      storefrontBuildDir: buildDir,
      publicUrl: 'http://localhost:3000',
      paymentProviders: { stripe, braintree, ...(braintreeWallets ? { braintreeWallets } : {}) },
    });
  }

  it('allows `payment` only while Braintree offers a wallet: Apple Pay for the shop, Google Pay for Google too', async () => {
    const policy = async (wallets?: { applePay: boolean; googlePay: boolean }, on: 'sandbox' | null = 'sandbox') =>
      (await appWithBraintree(on, false, wallets).request('/')).headers.get('permissions-policy');
    expect(await policy()).toContain('payment=()');
    expect(await policy({ applePay: false, googlePay: false })).toContain('payment=()');
    // A wallet switched on while Braintree itself is off opens nothing.
    expect(await policy({ applePay: true, googlePay: true }, null)).toContain('payment=()');
    expect(await policy({ applePay: true, googlePay: false })).toContain('payment=(self)');
    expect(await policy({ applePay: false, googlePay: true })).toContain('payment=(self "https://pay.google.com")');
    const csp = directives(
      (await appWithBraintree('sandbox', false, { applePay: false, googlePay: true }).request('/')).headers.get(
        'content-security-policy',
      ),
    );
    expect(csp.get('script-src')).toContain('https://pay.google.com');
    const withoutGoogle = directives(
      (await appWithBraintree('sandbox', false, { applePay: true, googlePay: false }).request('/')).headers.get(
        'content-security-policy',
      ),
    );
    expect(withoutGoogle.get('script-src')).not.toContain('https://pay.google.com');
  });

  it('reads the wallets from the environment, off by default; Google Pay in production needs its merchant id', () => {
    const env = {
      BRAINTREE_MERCHANT_ID: 'merchant123',
      BRAINTREE_PUBLIC_KEY: 'public4567',
      BRAINTREE_PRIVATE_KEY: 'privatesecret890',
    };
    expect(readConfig(env).braintree?.wallets).toEqual({ applePayMerchantName: null, googlePay: null });
    expect(
      readConfig({
        ...env,
        BRAINTREE_APPLE_PAY: 'true',
        BRAINTREE_APPLE_PAY_MERCHANT_NAME: 'Vela Shop',
        BRAINTREE_GOOGLE_PAY: 'true',
      }).braintree?.wallets,
    ).toEqual({ applePayMerchantName: 'Vela Shop', googlePay: { merchantId: null } });
    expect(() => readConfig({ ...env, BRAINTREE_ENVIRONMENT: 'production', BRAINTREE_GOOGLE_PAY: 'true' })).toThrow(
      /BRAINTREE_GOOGLE_PAY_MERCHANT_ID/,
    );
    expect(() => readConfig({ ...env, BRAINTREE_GOOGLE_PAY_MERCHANT_ID: 'not an id!' })).toThrow(/merchant id/);
    expect(() => readConfig({ ...env, BRAINTREE_APPLE_PAY: 'yes' })).toThrow(/BRAINTREE_APPLE_PAY/);
  });

  it('opens nothing of Braintree while it is off', async () => {
    const page = await appWithBraintree(null).request('/');
    expect(page.headers.get('content-security-policy')).not.toMatch(/braintree|cardinalcommerce/);
  });

  it("opens the SDK's scripts and frames and the environment's API while it is on, beside Stripe's", async () => {
    const sandbox = directives(
      (await appWithBraintree('sandbox', true).request('/')).headers.get('content-security-policy'),
    );
    expect(sandbox.get('script-src')).toEqual(
      expect.arrayContaining([
        'https://js.braintreegateway.com',
        'https://assets.braintreegateway.com',
        'https://js.stripe.com',
      ]),
    );
    expect(sandbox.get('frame-src')).toContain('https://assets.braintreegateway.com');
    expect(sandbox.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://api.sandbox.braintreegateway.com',
        'https://client-analytics.sandbox.braintreegateway.com',
        'https://api.stripe.com',
      ]),
    );
    expect(sandbox.get('connect-src')).not.toContain('https://api.braintreegateway.com');
    const production = directives(
      (await appWithBraintree('production').request('/')).headers.get('content-security-policy'),
    );
    expect(production.get('connect-src')).toContain('https://api.braintreegateway.com');
    expect(production.get('connect-src')).not.toContain('https://api.sandbox.braintreegateway.com');
  });

  const base = {
    BRAINTREE_MERCHANT_ID: 'merchant123',
    BRAINTREE_PUBLIC_KEY: 'public4567',
    BRAINTREE_PRIVATE_KEY: 'privatesecret890',
  };

  it('reads the three keys, the sandbox and capture on order by default', () => {
    expect(readConfig({}).braintree).toBeUndefined();
    expect(readConfig(base).braintree).toEqual({
      merchantId: 'merchant123',
      publicKey: 'public4567',
      privateKey: 'privatesecret890',
      environment: 'sandbox',
      captureLater: false,
      wallets: { applePayMerchantName: null, googlePay: null },
    });
    expect(
      readConfig({ ...base, BRAINTREE_ENVIRONMENT: 'production', BRAINTREE_CAPTURE: 'later' }).braintree,
    ).toMatchObject({ environment: 'production', captureLater: true });
  });

  it('points the SDK at another gateway (a local fake) with BRAINTREE_API_BASE, plain HTTP only', () => {
    expect(readConfig({ ...base, BRAINTREE_API_BASE: 'http://127.0.0.1:4633' }).braintree).toMatchObject({
      api: { host: '127.0.0.1', port: 4633 },
    });
    expect(() => readConfig({ ...base, BRAINTREE_API_BASE: 'https://gateway.example.com' })).toThrow(ConfigError);
    expect(() => readConfig({ ...base, BRAINTREE_API_BASE: 'not a url' })).toThrow(ConfigError);
  });

  it('refuses partial or malformed settings without repeating a key in the message', () => {
    const bad = [
      { BRAINTREE_PRIVATE_KEY: 'privatesecret890' },
      { ...base, BRAINTREE_PRIVATE_KEY: 'privatesecret890 extra' },
      { ...base, BRAINTREE_ENVIRONMENT: 'qa' },
      { ...base, BRAINTREE_CAPTURE: 'sometimes' },
    ];
    for (const env of bad) {
      let error: unknown;
      try {
        readConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toMatch(/privatesecret|merchant123|public4567/);
    }
  });

  it('hands /braintree/webhooks (a form) to commerce as the braintree gateway, and refuses a body over 64 KiB before it', async () => {
    const app = appWith(true);
    const body = 'bt_signature=key%7Csig&bt_payload=PG5vdGlmaWNhdGlvbi8%2B%0A';
    const answer = await app.request('/braintree/webhooks', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(200);
    expect(webhookCalls.at(-1)).toMatchObject({ gateway: 'braintree', body });
    const calls = webhookCalls.length;
    const huge = await app.request('/braintree/webhooks', {
      method: 'POST',
      body: 'bt_payload='.padEnd(70_000, 'A'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '70000' },
    });
    expect(huge.status).toBe(413);
    expect(webhookCalls).toHaveLength(calls);
  });
});
