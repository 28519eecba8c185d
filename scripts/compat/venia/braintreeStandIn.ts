// Braintree's hosts, stood in for the walk (this machine reaches none of them). Venia's payment step
// is Braintree's Drop-in, bundled into Venia from npm (braintree-web-drop-in and braintree-web,
// unchanged): it asks Braintree's client API for the merchant's configuration, loads its
// stylesheet and one hosted-fields frame per card field from Braintree's assets host, and sends
// analytics. Playwright answers those requests in the browser, and nothing else:
//   - payments.sandbox.braintree-api.com/graphql: the client configuration (cards only: Visa,
//     Mastercard, American Express; CVV asked; no 3-D Secure, PayPal, Venmo, Apple or Google Pay);
//   - assets.braintreegateway.com/web/dropin/<v>/css/dropin.css: Drop-in's own stylesheet, from
//     the installed package;
//   - assets.braintreegateway.com/web/<v>/html/hosted-fields-frame.min.html: a stand-in frame
//     (braintree-hosted-fields-stand-in.html) that tokenizes to Braintree's sandbox test nonce;
//   - *.braintree-api.com analytics and anything else of Braintree's: an empty 200, listed.
// The nonce then goes to the shop as Venia sends it, and the shop's Braintree SDK charges it on
// commerce's fake gateway (BRAINTREE_API_BASE).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Route } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const FRAME = readFileSync(path.join(here, 'braintree-hosted-fields-stand-in.html'), 'utf8');

/** Braintree's hosts (braintree-web's isVerifiedDomain list, less PayPal's). */
const BRAINTREE_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(braintreegateway\.com|braintree-api\.com|braintreepayments\.com)\//;

function cors(origin: string | null): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-headers': 'authorization, braintree-version, content-type',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  };
}

/** The merchant id in Venia's build-time tokenization key (`<env>_<random>_<merchant id>`). */
function merchantOf(tokenizationKey: string): string {
  return tokenizationKey.split('_').slice(2).join('_') || 'merchant';
}

function clientConfiguration(merchantId: string): unknown {
  return {
    data: {
      clientConfiguration: {
        environment: 'SANDBOX',
        merchantId,
        clientApiUrl: `https://api.sandbox.braintreegateway.com:443/merchants/${merchantId}/client_api`,
        assetsUrl: 'https://assets.braintreegateway.com',
        analyticsUrl: `https://origin-analytics-sand.sandbox.braintree-api.com/${merchantId}`,
        supportedFeatures: ['TOKENIZE_CREDIT_CARDS'],
        creditCard: {
          supportedCardBrands: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS'],
          challenges: ['CVV'],
          threeDSecureEnabled: false,
          threeDSecure: null,
        },
      },
    },
    extensions: { requestId: 'vela-compat-stand-in' },
  };
}

export type BraintreeStandIn = { answered: Map<string, number> };

/** Routes Braintree's hosts in `context` to the stand-ins above; counts what it answered, by URL path. */
export async function standInBraintree(
  context: BrowserContext,
  installDir: string,
  tokenizationKey: string,
): Promise<BraintreeStandIn> {
  const answered = new Map<string, number>();
  const dropinCss = readFileSync(path.join(installDir, 'node_modules', 'braintree-web-drop-in', 'dropin.css'));
  const merchantId = merchantOf(tokenizationKey);
  await context.route(BRAINTREE_HOSTS, async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const key = `${url.hostname}${url.pathname.replace(/\/web\/[^/]+\/(html|css)\//, '/web/<v>/$1/').replace(/\/web\/dropin\/[^/]+\//, '/web/dropin/<v>/')}`;
    answered.set(key, (answered.get(key) ?? 0) + 1);
    const headers = cors(await request.headerValue('origin'));
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers });
    if (url.hostname === 'payments.sandbox.braintree-api.com' && url.pathname === '/graphql') {
      const body = request.postDataJSON() as { query?: string } | null;
      if (body?.query?.includes('clientConfiguration'))
        return route.fulfill({
          status: 200,
          headers,
          contentType: 'application/json',
          json: clientConfiguration(merchantId),
        });
      return route.fulfill({
        status: 200,
        headers,
        json: { errors: [{ message: 'not stood in: the card frame tokenizes' }] },
      });
    }
    if (url.hostname === 'assets.braintreegateway.com' && /\/css\/dropin(\.min)?\.css$/.test(url.pathname))
      return route.fulfill({ status: 200, headers, contentType: 'text/css', body: dropinCss });
    if (
      url.hostname === 'assets.braintreegateway.com' &&
      /\/html\/hosted-fields-frame(\.min)?\.html$/.test(url.pathname)
    )
      return route.fulfill({ status: 200, contentType: 'text/html', body: FRAME });
    return route.fulfill({ status: 200, headers, contentType: 'application/json', body: '{}' });
  });
  return { answered };
}
