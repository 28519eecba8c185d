import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config';

describe('readConfig', () => {
  it('defaults to port 3000 and files under var/', () => {
    const config = readConfig({}, '/srv/vela');
    expect(config.port).toBe(3000);
    expect(config.sqlitePath).toBe(path.resolve('/srv/vela/var/vela.db'));
    expect(config.mailDir).toBe(path.resolve('/srv/vela/var/mail'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.magentoGraphqlUrl).toBeUndefined();
  });

  it('reads every setting and trims the public URL', () => {
    const config = readConfig(
      {
        PORT: '8080',
        VAR_DIR: '/data',
        DATABASE_URL: 'postgres://u:p@db/vela',
        MAGENTO_GRAPHQL_URL: 'https://m.example/graphql',
        PUBLIC_URL: 'https://shop.example/',
        SMTP_URL: 'smtp://mail:25',
        SEED_DEMO: 'false',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db/vela',
      magentoGraphqlUrl: 'https://m.example/graphql',
      publicUrl: 'https://shop.example',
      smtpUrl: 'smtp://mail:25',
      seedDemo: false,
    });
    expect(config.sqlitePath).toBe('/data/vela.db');
  });

  it('hides the GraphQL schema in production unless GRAPHQL_INTROSPECTION enables it', () => {
    expect(readConfig({ NODE_ENV: 'production' }).graphqlIntrospection).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }).graphqlIntrospection).toBe(true);
    expect(readConfig({}).graphqlIntrospection).toBe(true);
    expect(readConfig({ GRAPHQL_INTROSPECTION: 'false' }).graphqlIntrospection).toBe(false);
    expect(() => readConfig({ GRAPHQL_INTROSPECTION: 'yes' })).toThrow(/GRAPHQL_INTROSPECTION/);
  });

  it('keeps CORS off unless CORS_ORIGINS lists exact origins, and refuses null and partial wildcards', () => {
    expect(readConfig({}).corsOrigins).toEqual([]);
    expect(readConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    expect(readConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    for (const bad of [
      'null',
      'https://a.example/',
      'https://a.example/path',
      '*.example.com',
      '*, https://a.example',
      'a.example',
    ]) {
      expect(() => readConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
    }
  });

  it('trusts X-Forwarded-* only when TRUST_PROXY says so', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => readConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });

  it('drains for SHUTDOWN_TIMEOUT_MS on stop, 10 s by default', () => {
    expect(readConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2500);
    for (const bad of ['-1', '1.5', 'ten', '99999999'])
      expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: bad })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('keeps accepting for SHUTDOWN_ACCEPT_MS on stop, 1.5 s by default', () => {
    expect(readConfig({}).shutdownAcceptMs).toBe(1500);
    expect(readConfig({ SHUTDOWN_ACCEPT_MS: '0' }).shutdownAcceptMs).toBe(0);
    for (const bad of ['-1', 'soon'])
      expect(() => readConfig({ SHUTDOWN_ACCEPT_MS: bad })).toThrow(/SHUTDOWN_ACCEPT_MS/);
  });

  it('runs one process unless WORKERS asks for more, and more only on PostgreSQL or in front of Magento', () => {
    expect(readConfig({}).workers).toBe(1);
    const pg = 'postgres://shop@db:5432/vela';
    expect(readConfig({ WORKERS: '4', DATABASE_URL: pg }).workers).toBe(4);
    expect(readConfig({ WORKERS: 'auto', DATABASE_URL: pg }).workers).toBeGreaterThanOrEqual(1);
    expect(readConfig({ WORKERS: '2', MAGENTO_GRAPHQL_URL: 'https://magento.example.com/graphql' }).workers).toBe(2);
    expect(readConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(() => readConfig({ WORKERS: '2' })).toThrow(/WORKERS=2 needs DATABASE_URL/);
    for (const bad of ['0', '-1', '1.5', 'many', '65'])
      expect(() => readConfig({ WORKERS: bad, DATABASE_URL: pg })).toThrow(/WORKERS must be/);
  });

  it('limits /graphql to GRAPHQL_REQUESTS_PER_MINUTE per client, 3000 unless set, 0 for off', () => {
    expect(readConfig({}).graphqlRequestsPerMinute).toBe(3000);
    expect(readConfig({ GRAPHQL_REQUESTS_PER_MINUTE: '0' }).graphqlRequestsPerMinute).toBe(0);
    expect(readConfig({ GRAPHQL_REQUESTS_PER_MINUTE: '600' }).graphqlRequestsPerMinute).toBe(600);
    for (const bad of ['-1', 'lots', '1.5'])
      expect(() => readConfig({ GRAPHQL_REQUESTS_PER_MINUTE: bad })).toThrow(/GRAPHQL_REQUESTS_PER_MINUTE/);
  });

  it('logs at info unless LOG_LEVEL says otherwise, and serves /metrics only with a long enough METRICS_TOKEN', () => {
    expect(readConfig({}).logLevel).toBe('info');
    expect(readConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => readConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    for (const bad of ['short', 'has spaces in the token'])
      expect(() => readConfig({ METRICS_TOKEN: bad })).toThrow(/^METRICS_TOKEN must be/);
    // The message never repeats the token.
    expect(() => readConfig({ METRICS_TOKEN: 'short' })).not.toThrow(/short/);
  });

  it('makes image variants in MEDIA_SIZES only, sorted, within 16..2000', () => {
    expect(readConfig({}).mediaSizes).toContain(480);
    expect(readConfig({ MEDIA_SIZES: '640, 320,320' }).mediaSizes).toEqual([320, 640]);
    for (const bad of ['320,abc', '8', '3000', '320;640'])
      expect(() => readConfig({ MEDIA_SIZES: bad })).toThrow(/MEDIA_SIZES/);
  });

  it('gives the response cache its share of the memory budget unless VELA_RESPONSE_CACHE_MB says otherwise', () => {
    // Unset: the commerce API gives the response cache its share of the memory budget.
    expect(readConfig({}).responseCacheMaxBytes).toBeUndefined();
    expect(readConfig({ VELA_RESPONSE_CACHE_MB: '16' }).responseCacheMaxBytes).toBe(16 * 1024 * 1024);
    expect(() => readConfig({ VELA_RESPONSE_CACHE_MB: 'lots' })).toThrow(/VELA_RESPONSE_CACHE_MB/);
  });

  it('lets a storefront in front of Magento open Stripe.js only when MAGENTO_PAYMENT_PROVIDERS names it', () => {
    const magento = { MAGENTO_GRAPHQL_URL: 'https://magento.example/graphql' };
    expect(readConfig(magento).magentoPaymentProviders).toEqual({ stripe: false, braintree: null });
    expect(readConfig({ ...magento, MAGENTO_PAYMENT_PROVIDERS: 'stripe' }).magentoPaymentProviders).toEqual({
      stripe: true,
      braintree: null,
    });
    expect(() => readConfig({ ...magento, MAGENTO_PAYMENT_PROVIDERS: 'stripe,adyen' })).toThrow(
      /MAGENTO_PAYMENT_PROVIDERS.*"adyen"/,
    );
    expect(() => readConfig({ MAGENTO_PAYMENT_PROVIDERS: 'stripe' })).toThrow(/MAGENTO_GRAPHQL_URL/);
  });

  it('lets a storefront in front of Magento load braintree-web when MAGENTO_PAYMENT_PROVIDERS names braintree, for its environment', () => {
    const magento = { MAGENTO_GRAPHQL_URL: 'https://magento.example/graphql' };
    expect(readConfig(magento).magentoPaymentProviders.braintree).toBeNull();
    expect(readConfig({ ...magento, MAGENTO_PAYMENT_PROVIDERS: 'stripe, braintree' }).magentoPaymentProviders).toEqual({
      stripe: true,
      braintree: 'sandbox',
    });
    expect(
      readConfig({ ...magento, MAGENTO_PAYMENT_PROVIDERS: 'braintree', BRAINTREE_ENVIRONMENT: 'production' })
        .magentoPaymentProviders.braintree,
    ).toBe('production');
    expect(() =>
      readConfig({ ...magento, MAGENTO_PAYMENT_PROVIDERS: 'braintree', BRAINTREE_ENVIRONMENT: 'live' }),
    ).toThrow(/BRAINTREE_ENVIRONMENT/);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: '-1' })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: '80.5' })).toThrow(/PORT/);
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ MAGENTO_GRAPHQL_URL: 'not a url' })).toThrow(/MAGENTO_GRAPHQL_URL/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('reads the API tuning settings once, so the library never looks at the environment', () => {
    expect(readConfig({})).toMatchObject({ responseCache: true, pgPoolSize: 10, slowSqlMs: undefined });
    expect(readConfig({ VELA_RESPONSE_CACHE: 'off', VELA_PG_POOL_SIZE: '25', VELA_SLOW_SQL_MS: '50' })).toMatchObject({
      responseCache: false,
      pgPoolSize: 25,
      slowSqlMs: 50,
    });
    expect(() => readConfig({ VELA_RESPONSE_CACHE: 'maybe' })).toThrow(/VELA_RESPONSE_CACHE/);
    expect(() => readConfig({ VELA_PG_POOL_SIZE: 'ten' })).toThrow(/VELA_PG_POOL_SIZE/);
    expect(() => readConfig({ VELA_SLOW_SQL_MS: '-1' })).toThrow(/VELA_SLOW_SQL_MS/);
  });

  it('gives SQLite 32 MiB of page cache per connection unless VELA_SQLITE_CACHE_MB says otherwise', () => {
    expect(readConfig({}).sqliteCacheMb).toBe(32);
    expect(readConfig({ VELA_SQLITE_CACHE_MB: '8' }).sqliteCacheMb).toBe(8);
    expect(() => readConfig({ VELA_SQLITE_CACHE_MB: 'plenty' })).toThrow(/VELA_SQLITE_CACHE_MB/);
  });
});
