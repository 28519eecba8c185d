import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOG_LEVELS, type LogLevel } from './logging';
import { DEFAULT_MEDIA_SIZES, MAX_DIMENSION, MIN_DIMENSION } from './media/mediaRequest';

export interface ServerConfig {
  port: number;
  host: string;
  /** postgres://… when the shop runs on PostgreSQL; undefined for the embedded SQLite file. */
  databaseUrl?: string;
  sqlitePath: string;
  /** When set, the storefront fronts this Magento 2.4 backend and the embedded API is not mounted. */
  magentoGraphqlUrl?: string;
  mediaDir: string;
  mediaCacheDir: string;
  /** MEDIA_SIZES: the widths and heights image variants are made in, ascending. */
  mediaSizes: readonly number[];
  /** Order e-mails land here as .eml files unless SMTP_URL is set. */
  mailDir: string;
  /** The shop's address as shoppers see it, for links in e-mails. */
  publicUrl: string;
  smtpUrl?: string;
  mailFrom?: string;
  storefrontBuildDir: string;
  /** BACKOFFICE_BUILD_DIR: the built back office (served under /admin in embedded mode). */
  backOfficeBuildDir: string;
  seedDemo: boolean;
  /** VELA_RESPONSE_CACHE=off serves every public GET from the API, for measuring and debugging. */
  responseCache: boolean;
  /** Keep anonymous shoppers' catalog pages rendered (server/src/pageCache.ts); VELA_PAGE_CACHE=off to measure without. */
  pageCache: boolean;
  /** VELA_RESPONSE_CACHE_MB: memory for cached public answers per process; unset: the memory budget's share. */
  responseCacheMaxBytes: number | undefined;
  /** VELA_PG_POOL_SIZE: PostgreSQL connections per process. */
  pgPoolSize: number;
  /** VELA_SQLITE_CACHE_MB: SQLite's page cache per connection (two per process). */
  sqliteCacheMb: number;
  /** VELA_SLOW_SQL_MS: log SQL statements slower than this; undefined when unset. */
  slowSqlMs?: number;
  /** GraphQL introspection and "Did you mean" hints; off in production unless enabled. */
  graphqlIntrospection: boolean;
  /** Origins a browser may call /graphql from (`['*']`: any, never with credentials); empty: CORS off. */
  corsOrigins: readonly string[];
  /** Believe X-Forwarded-Host / X-Forwarded-Proto for absolute URLs in pages. */
  trustProxy: boolean;
  /** How long a stop (SIGTERM, SIGINT) waits for requests in flight before cutting them. */
  shutdownTimeoutMs: number;
  /** On SIGTERM / SIGINT: how long new connections are still accepted (answered `Connection: close`). */
  shutdownAcceptMs: number;
  /** LOG_LEVEL: the least severe level written (default info; debug adds health and asset requests). */
  logLevel: LogLevel;
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, there is no /metrics. */
  metricsToken?: string;
  /** WORKERS: server processes on the one port (node:cluster); more than 1 needs PostgreSQL. */
  workers: number;
  /** GRAPHQL_REQUESTS_PER_MINUTE: requests to /graphql per client and minute; 0 turns the limit off. */
  graphqlRequestsPerMinute: number;
  /** STRIPE_*: card payments through Stripe; undefined when the keys are not set. Never logged. */
  stripe?: StripeConfig;
  /** BRAINTREE_*: card payments and kept cards through Braintree; undefined when not set. Never logged. */
  braintree?: BraintreeConfig;
  /**
   * MAGENTO_PAYMENT_PROVIDERS=stripe,braintree: the Magento this storefront fronts has Stripe's
   * module or the Braintree module, so the pages may load Stripe.js or braintree-web (their origins
   * open in the CSP; Braintree's for BRAINTREE_ENVIRONMENT). Only with MAGENTO_GRAPHQL_URL.
   */
  magentoPaymentProviders: MagentoPaymentProviders;
  /**
   * APPLE_PAY_DOMAIN_ASSOCIATION: the path of the domain association file Stripe gives for Apple
   * Pay (Dashboard → Settings → Payment method domains), served at
   * /.well-known/apple-developer-merchantid-domain-association; that path answers 404 when unset.
   */
  applePayDomainAssociation?: string;
}

export interface MagentoPaymentProviders {
  stripe: boolean;
  /** The fronted Magento's Braintree environment, when it takes cards through Braintree. */
  braintree: 'sandbox' | 'production' | null;
}

export interface BraintreeConfig {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: 'sandbox' | 'production';
  /** BRAINTREE_CAPTURE=later: authorise at placement, capture from the back office; default on_order. */
  captureLater: boolean;
  /** BRAINTREE_API_BASE: another gateway over plain HTTP (a local fake for the journeys); Braintree's own when unset. */
  api?: { host: string; port: number };
  /** BRAINTREE_APPLE_PAY / BRAINTREE_GOOGLE_PAY=on: the wallets offered through Braintree (off by default). */
  wallets?: BraintreeWalletConfig;
}

export interface BraintreeWalletConfig {
  /** The name Apple Pay's sheet shows (BRAINTREE_APPLE_PAY_MERCHANT_NAME); null: Apple Pay is off. */
  applePayMerchantName: string | null;
  /** Google Pay: on, with Google's merchant id (BRAINTREE_GOOGLE_PAY_MERCHANT_ID; required in production). */
  googlePay: { merchantId: string | null } | null;
}

/** BRAINTREE_APPLE_PAY, BRAINTREE_GOOGLE_PAY (on/off) and their merchant name and id. */
function parseBraintreeWallets(env: NodeJS.ProcessEnv, environment: 'sandbox' | 'production'): BraintreeWalletConfig {
  const applePay = parseBoolean('BRAINTREE_APPLE_PAY', env.BRAINTREE_APPLE_PAY, false);
  const googlePay = parseBoolean('BRAINTREE_GOOGLE_PAY', env.BRAINTREE_GOOGLE_PAY, false);
  const merchantName = env.BRAINTREE_APPLE_PAY_MERCHANT_NAME?.trim() || 'Vela';
  if (merchantName.length > 64)
    throw new ConfigError('BRAINTREE_APPLE_PAY_MERCHANT_NAME is longer than 64 characters.');
  const merchantId = env.BRAINTREE_GOOGLE_PAY_MERCHANT_ID?.trim() || null;
  if (merchantId !== null && !/^[A-Za-z0-9]{6,32}$/.test(merchantId))
    throw new ConfigError('BRAINTREE_GOOGLE_PAY_MERCHANT_ID is not a Google Pay merchant id.');
  // Google Pay's production environment refuses a page without the merchant's id.
  if (googlePay && environment === 'production' && merchantId === null)
    throw new ConfigError('BRAINTREE_GOOGLE_PAY in production needs BRAINTREE_GOOGLE_PAY_MERCHANT_ID.');
  return { applePayMerchantName: applePay ? merchantName : null, googlePay: googlePay ? { merchantId } : null };
}

/**
 * The Braintree settings, all or none; like Stripe's, a message names the variable, never its value.
 */
function parseBraintree(env: NodeJS.ProcessEnv): BraintreeConfig | undefined {
  const merchantId = env.BRAINTREE_MERCHANT_ID?.trim() ?? '';
  const publicKey = env.BRAINTREE_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.BRAINTREE_PRIVATE_KEY?.trim() ?? '';
  if (!merchantId && !publicKey && !privateKey) return undefined;
  if (!merchantId || !publicKey || !privateKey)
    throw new ConfigError(
      'Braintree needs BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY together (or none of them).',
    );
  // Braintree's ids and keys are letters and digits; anything else is a pasting mistake.
  for (const [name, value] of [
    ['BRAINTREE_MERCHANT_ID', merchantId],
    ['BRAINTREE_PUBLIC_KEY', publicKey],
    ['BRAINTREE_PRIVATE_KEY', privateKey],
  ] as const)
    if (!/^[A-Za-z0-9_]{6,64}$/.test(value)) throw new ConfigError(`${name} is not a Braintree id or key.`);
  const environment = env.BRAINTREE_ENVIRONMENT?.trim() || 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production')
    throw new ConfigError(`BRAINTREE_ENVIRONMENT must be "sandbox" or "production", got "${environment}".`);
  const capture = env.BRAINTREE_CAPTURE?.trim() || 'on_order';
  if (capture !== 'on_order' && capture !== 'later')
    throw new ConfigError(`BRAINTREE_CAPTURE must be "on_order" or "later", got "${capture}".`);
  // The SDK speaks plain HTTP to another gateway only (Braintree's own is always HTTPS).
  const base = parseUrl('BRAINTREE_API_BASE', env.BRAINTREE_API_BASE, ['http:']);
  const api = base ? { host: new URL(base).hostname, port: Number(new URL(base).port || 80) } : undefined;
  return {
    merchantId,
    publicKey,
    privateKey,
    environment,
    captureLater: capture === 'later',
    ...(api ? { api } : {}),
    wallets: parseBraintreeWallets(env, environment),
  };
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** STRIPE_CAPTURE=later: hold at placement, capture from the back office; default on_order. */
  captureLater: boolean;
  /** STRIPE_API_BASE: another Stripe API (a local mock); Stripe's own when unset. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * The Stripe settings, all or none. The messages name the variable, never its value: a secret key
 * must not end up in a log because it was mistyped.
 */
function parseStripe(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? '';
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim() ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
  if (!secretKey && !publishableKey && !webhookSecret) return undefined;
  if (!secretKey || !publishableKey || !webhookSecret)
    throw new ConfigError(
      'Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together (or none of them).',
    );
  const mode = /^(?:sk|rk)_(test|live)_[A-Za-z0-9_]+$/.exec(secretKey)?.[1];
  if (!mode) throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…).');
  if (!new RegExp(`^pk_${mode}_[A-Za-z0-9_]+$`).test(publishableKey))
    throw new ConfigError(
      `STRIPE_PUBLISHABLE_KEY must be a ${mode} publishable key (pk_${mode}_…), like the secret key.`,
    );
  if (!/^whsec_[A-Za-z0-9_]+$/.test(webhookSecret))
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be the signing secret of the webhook endpoint (whsec_…).');
  const capture = env.STRIPE_CAPTURE?.trim() || 'on_order';
  if (capture !== 'on_order' && capture !== 'later')
    throw new ConfigError(`STRIPE_CAPTURE must be "on_order" or "later", got "${capture}".`);
  const base = parseUrl('STRIPE_API_BASE', env.STRIPE_API_BASE, ['http:', 'https:']);
  const api = base
    ? (() => {
        const url = new URL(base);
        const protocol = url.protocol === 'https:' ? 'https' : 'http';
        return { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol } as const;
      })()
    : undefined;
  return { secretKey, publishableKey, webhookSecret, captureLater: capture === 'later', ...(api ? { api } : {}) };
}

// Apple's association files are a few KiB of text; anything far larger is not one.
const MAX_DOMAIN_ASSOCIATION_BYTES = 64 * 1024;

/** The Apple Pay domain association file's text, read once at start; undefined when not configured. */
function readApplePayDomainAssociation(raw: string | undefined): string | undefined {
  const file = raw?.trim();
  if (!file) return undefined;
  let text: string;
  try {
    if (statSync(file).size > MAX_DOMAIN_ASSOCIATION_BYTES)
      throw new ConfigError(`APPLE_PAY_DOMAIN_ASSOCIATION is larger than ${MAX_DOMAIN_ASSOCIATION_BYTES} bytes.`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`APPLE_PAY_DOMAIN_ASSOCIATION names a file that cannot be read: ${file}.`);
  }
  if (!text.trim()) throw new ConfigError(`APPLE_PAY_DOMAIN_ASSOCIATION names an empty file: ${file}.`);
  return text;
}

export class ConfigError extends Error {}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  // 0 asks the system for a free port (tests); the start message names the one it gave.
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${raw}".`);
  }
  return port;
}

function parseMilliseconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 3_600_000)
    throw new ConfigError(`${name} must be a whole number of milliseconds up to 3600000, got "${raw}".`);
  return value;
}

function parseUrl(name: string, raw: string | undefined, protocols: readonly string[]): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}".`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}`);
  }
  return raw;
}

function parsePositiveInteger(name: string, raw: string | undefined, fallback: number): number;
function parsePositiveInteger(name: string, raw: string | undefined, fallback?: number): number | undefined;
function parsePositiveInteger(name: string, raw: string | undefined, fallback?: number): number | undefined {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new ConfigError(`${name} must be a whole number of 0 or more, got "${raw}".`);
  return value;
}

/** Unset: the response cache takes its share of the memory budget (the heap limit decides). */
function responseCacheMaxBytes(raw: string | undefined): number | undefined {
  const mib = parsePositiveInteger('VELA_RESPONSE_CACHE_MB', raw);
  return mib === undefined ? undefined : Math.max(1, mib) * 1024 * 1024;
}

function parseSwitch(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1'].includes(raw)) return true;
  if (['off', 'false', '0'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}".`);
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

function parseCorsOrigins(raw: string | undefined): readonly string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length === 0) return [];
  if (origins.includes('*')) {
    if (origins.length > 1) throw new ConfigError('CORS_ORIGINS is either * alone or a list of origins.');
    return origins;
  }
  for (const origin of origins) {
    // Exact origins only: "null" can be sent by any sandboxed page, and a path or a trailing
    // slash never matches the Origin header a browser sends.
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(
        `CORS_ORIGINS entries must be origins such as https://shop.example (scheme, host, optional port), got "${origin}".`,
      );
    }
  }
  return origins;
}

function parseMediaSizes(raw: string | undefined): readonly number[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_MEDIA_SIZES;
  const sizes = raw.split(',').map((part) => part.trim());
  const numbers = sizes.map(Number);
  if (
    sizes.some((part) => !/^\d+$/.test(part)) ||
    numbers.some((size) => size < MIN_DIMENSION || size > MAX_DIMENSION) ||
    sizes.length > 64
  ) {
    throw new ConfigError(
      `MEDIA_SIZES must be up to 64 comma-separated whole numbers between ${MIN_DIMENSION} and ${MAX_DIMENSION}, got "${raw}".`,
    );
  }
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function parseLogLevel(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === '') return 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === raw);
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}".`);
  return level;
}

function parseMetricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  // A short token can be guessed by anyone who can reach the port; the message never repeats it.
  if (raw.length < 16 || !/^[\x21-\x7e]+$/.test(raw))
    throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces.');
  return raw;
}

const MAX_WORKERS = 64;

function parseWorkers(
  raw: string | undefined,
  databaseUrl: string | undefined,
  magentoUrl: string | undefined,
): number {
  if (raw === undefined || raw === '') return 1;
  const workers = raw === 'auto' ? os.availableParallelism() : Number(raw);
  if (raw !== 'auto' && (!/^\d+$/.test(raw) || workers < 1 || workers > MAX_WORKERS))
    throw new ConfigError(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, or "auto", got "${raw}".`);
  // A SQLite file has one writer: several processes would queue on its lock, and its start-up
  // (migrations, demo seed) is not guarded against a second process.
  if (workers > 1 && !databaseUrl && !magentoUrl)
    throw new ConfigError(
      `WORKERS=${raw} needs DATABASE_URL: several processes share a PostgreSQL database, and the SQLite file serves one.`,
    );
  return workers;
}

/** Reads and validates the environment once at start-up, so a typo fails loudly before serving. */
export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const varDir = path.resolve(cwd, env.VAR_DIR ?? 'var');
  const port = parsePort(env.PORT);
  const databaseUrl = parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']);
  const magentoGraphqlUrl = parseUrl('MAGENTO_GRAPHQL_URL', env.MAGENTO_GRAPHQL_URL, ['http:', 'https:']);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    sqlitePath: path.resolve(cwd, env.SQLITE_PATH ?? path.join(varDir, 'vela.db')),
    magentoGraphqlUrl,
    mediaDir: path.resolve(cwd, env.MEDIA_DIR ?? path.join(varDir, 'media')),
    mediaCacheDir: path.resolve(cwd, env.MEDIA_CACHE_DIR ?? path.join(varDir, 'media-cache')),
    mediaSizes: parseMediaSizes(env.MEDIA_SIZES),
    mailDir: path.resolve(cwd, env.MAIL_DIR ?? path.join(varDir, 'mail')),
    publicUrl: (parseUrl('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
      /\/+$/,
      '',
    ),
    smtpUrl: parseUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || undefined,
    storefrontBuildDir: path.resolve(cwd, env.STOREFRONT_BUILD_DIR ?? 'storefront/build'),
    backOfficeBuildDir: path.resolve(cwd, env.BACKOFFICE_BUILD_DIR ?? 'backoffice/dist'),
    seedDemo: env.SEED_DEMO !== 'false',
    responseCache: parseSwitch('VELA_RESPONSE_CACHE', env.VELA_RESPONSE_CACHE, true),
    pageCache: parseSwitch('VELA_PAGE_CACHE', env.VELA_PAGE_CACHE, true),
    responseCacheMaxBytes: responseCacheMaxBytes(env.VELA_RESPONSE_CACHE_MB),
    pgPoolSize: Math.max(1, parsePositiveInteger('VELA_PG_POOL_SIZE', env.VELA_PG_POOL_SIZE, 10)),
    sqliteCacheMb: Math.max(1, parsePositiveInteger('VELA_SQLITE_CACHE_MB', env.VELA_SQLITE_CACHE_MB, 32)),
    slowSqlMs: parsePositiveInteger('VELA_SLOW_SQL_MS', env.VELA_SLOW_SQL_MS),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    trustProxy: parseBoolean('TRUST_PROXY', env.TRUST_PROXY, false),
    shutdownTimeoutMs: parseMilliseconds('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    shutdownAcceptMs: parseMilliseconds('SHUTDOWN_ACCEPT_MS', env.SHUTDOWN_ACCEPT_MS, 1500),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    workers: parseWorkers(env.WORKERS, databaseUrl, magentoGraphqlUrl),
    graphqlRequestsPerMinute: parsePositiveInteger(
      'GRAPHQL_REQUESTS_PER_MINUTE',
      env.GRAPHQL_REQUESTS_PER_MINUTE,
      3000,
    ),
    graphqlIntrospection: parseBoolean(
      'GRAPHQL_INTROSPECTION',
      env.GRAPHQL_INTROSPECTION,
      env.NODE_ENV !== 'production',
    ),
    stripe: parseStripe(env),
    braintree: parseBraintree(env),
    magentoPaymentProviders: parseMagentoPaymentProviders(env.MAGENTO_PAYMENT_PROVIDERS, magentoGraphqlUrl, env),
    applePayDomainAssociation: readApplePayDomainAssociation(env.APPLE_PAY_DOMAIN_ASSOCIATION),
  };
}

/** The gateways a fronted Magento offers in the browser; the keys and the payments stay Magento's. */
function parseMagentoPaymentProviders(
  raw: string | undefined,
  magentoUrl: string | undefined,
  env: NodeJS.ProcessEnv,
): MagentoPaymentProviders {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.find((name) => name !== 'stripe' && name !== 'braintree');
  if (unknown)
    throw new ConfigError(
      `MAGENTO_PAYMENT_PROVIDERS lists gateways the storefront knows: stripe, braintree; got "${unknown}".`,
    );
  if (names.length > 0 && !magentoUrl)
    throw new ConfigError(
      'MAGENTO_PAYMENT_PROVIDERS is for a storefront in front of Magento: set MAGENTO_GRAPHQL_URL too.',
    );
  let braintree: MagentoPaymentProviders['braintree'] = null;
  if (names.includes('braintree')) {
    // Braintree's browser hosts differ by environment: the Magento's, said here (sandbox by default).
    const environment = env.BRAINTREE_ENVIRONMENT?.trim() || 'sandbox';
    if (environment !== 'sandbox' && environment !== 'production')
      throw new ConfigError(`BRAINTREE_ENVIRONMENT must be "sandbox" or "production", got "${environment}".`);
    braintree = environment;
  }
  return { stripe: names.includes('stripe'), braintree };
}
