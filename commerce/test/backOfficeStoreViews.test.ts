import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { AUDITED_CHANGES, createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Store views and currency rates in the back office: viewers read them, owners add and change
// them, every refusal changes nothing, every change is audited, and the storefront's /graphql
// (its response cache and store-view cache included) answers with it at the next request.

let shop: Shop;
const clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;
let owner: StaffBrowser;
let staff: StaffBrowser;
let viewer: StaffBrowser;

const READ = `{ storeViews { baseCurrency locales rates { currency rate }
  stores { id code name locale defaultCurrency allowedCurrencies active isDefault sortOrder } } }`;
const SAVE = `mutation($i: StoreViewInput!) { saveStoreView(input: $i) {
  id code name locale defaultCurrency allowedCurrencies active isDefault sortOrder } }`;
const RATE = `mutation($c: String!, $r: String!) { saveCurrencyRate(currency: $c, rate: $r) { currency rate } }`;

async function storefrontGet(query: string, headers: Record<string, string> = {}): Promise<GraphQLResult> {
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, { method: 'GET', headers }),
  );
  return (await response.json()) as GraphQLResult;
}

function ok<T = any>(result: GraphQLResult<T>, what: string): T {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data!;
}

const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;
const lastAudit = () =>
  shop.sql.prepare('select action, entity_id, before, after from audit_log order by id desc limit 1').get() as {
    action: string;
    entity_id: string;
    before: string | null;
    after: string;
  };
const storeRows = () => shop.sql.prepare('select * from store_view order by id').all();
const rateRows = () => shop.sql.prepare('select * from currency_rate order by currency_to').all();

async function read() {
  return ok(await viewer.gql(READ), 'storeViews').storeViews;
}

const GERMAN = {
  code: 'de',
  name: 'Vela Deutschland',
  locale: 'de_DE',
  defaultCurrency: 'EUR',
  allowedCurrencies: ['EUR'],
  active: true,
  sortOrder: 5,
};

beforeAll(async () => {
  shop = await openShop({ now, mailWorker: false });
  await createStaff(shop, 'owner@example.com', 'owner');
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  owner = (await signedIn(shop, 'owner@example.com', now)).browser;
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
}, 120_000);
afterAll(async () => shop?.close());

describe('reading the store views', () => {
  it('lists every store view, the default first, with the currencies that have a rate', async () => {
    const view = await read();
    expect(view.baseCurrency).toBe('USD');
    expect(view.stores[0]).toMatchObject({ id: '1', isDefault: true, active: true, locale: 'en_US' });
    expect(view.stores.map((s: any) => s.code)).toContain('fr');
    expect(view.rates.map((r: any) => r.currency)).toEqual(['EUR', 'USD']);
    expect(view.locales).toContain('fr_FR');
  });
});

describe('changing store views and rates', () => {
  it('lets only owners change them, and a refusal changes nothing', async () => {
    const [stores, rates, audits] = [storeRows(), rateRows(), auditCount()];
    for (const browser of [staff, viewer]) {
      const saved = await browser.gql(SAVE, { i: GERMAN });
      expect(saved.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
      const rate = await browser.gql(RATE, { c: 'GBP', r: '0.8' });
      expect(rate.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    }
    expect(storeRows()).toEqual(stores);
    expect(rateRows()).toEqual(rates);
    // Refusals are audited as denied accesses only.
    expect(auditCount()).toBe(audits);
  });

  it.each([
    ['1e3', 'rate'],
    ['-1', 'rate'],
    ['0', 'rate'],
    ['abc', 'rate'],
    ['0x10', 'rate'],
  ])('refuses the rate "%s" naming the field', async (rate, field) => {
    const before = rateRows();
    const result = await owner.gql(RATE, { c: 'GBP', r: rate });
    expect(result.errors?.[0]?.extensions?.field).toBe(field);
    expect(rateRows()).toEqual(before);
  });

  it('refuses a currency that is not ISO 4217, and the base currency', async () => {
    for (const currency of ['XYZ', 'EURO', 'USD']) {
      const result = await owner.gql(RATE, { c: currency, r: '2' });
      expect(result.errors?.[0]?.extensions?.field, currency).toBe('currency');
    }
  });

  it('adds and changes a rate, audited, and the storefront converts with it at once', async () => {
    const price = `{ currency { exchange_rates { currency_to rate } } }`;
    const before = ok(await storefrontGet(price, { Store: 'fr' }), 'before').currency.exchange_rates;
    expect(before.find((r: any) => r.currency_to === 'EUR')).toBeTruthy();
    const saved = ok(await owner.gql(RATE, { c: 'eur', r: '0.5' }), 'rate').saveCurrencyRate;
    expect(saved).toEqual({ currency: 'EUR', rate: 0.5 });
    expect(lastAudit()).toMatchObject({ action: 'currency_rate.save', entity_id: 'USD-EUR', after: '{"rate":0.5}' });
    const after = ok(await storefrontGet(price, { Store: 'fr' }), 'after').currency.exchange_rates;
    expect(after.find((r: any) => r.currency_to === 'EUR').rate).toBe(0.5);
    ok(await owner.gql(RATE, { c: 'GBP', r: '0.79' }), 'gbp');
    expect((await read()).rates).toContainEqual({ currency: 'GBP', rate: 0.79 });
  });

  it.each([
    [{ code: 'De-1' }, 'code'],
    [{ code: '1de' }, 'code'],
    [{ code: 'admin' }, 'code'],
    [{ code: 'fr' }, 'code'],
    [{ code: 'a'.repeat(33) }, 'code'],
    [{ name: '  ' }, 'name'],
    [{ locale: 'xx_XX' }, 'locale'],
    [{ defaultCurrency: 'JPY' }, 'defaultCurrency'],
    [{ allowedCurrencies: ['EUR', 'CHF'] }, 'allowedCurrencies'],
    [{ sortOrder: -1 }, 'sortOrder'],
  ])('refuses %j naming the field, changing nothing', async (change, field) => {
    const [stores, audits] = [storeRows(), auditCount()];
    const result = await owner.gql(SAVE, { i: { ...GERMAN, ...change } });
    expect(result.errors?.[0]?.extensions?.field).toBe(field);
    expect(storeRows()).toEqual(stores);
    expect(auditCount()).toBe(audits);
  });

  it('adds a store view the storefront offers at once, under its own address', async () => {
    const stores = `{ availableStores { store_code store_name locale base_link_url default_display_currency_code } }`;
    const before = ok(await storefrontGet(stores), 'before').availableStores;
    expect(before.map((s: any) => s.store_code)).not.toContain('de');
    const saved = ok(await owner.gql(SAVE, { i: GERMAN }), 'save').saveStoreView;
    expect(saved).toMatchObject({ code: 'de', locale: 'de_DE', allowedCurrencies: ['EUR'], isDefault: false });
    expect(lastAudit()).toMatchObject({ action: 'store_view.create', entity_id: saved.id, before: null });
    const after = ok(await storefrontGet(stores), 'after').availableStores;
    expect(after.find((s: any) => s.store_code === 'de')).toMatchObject({
      store_name: 'Vela Deutschland',
      locale: 'de_DE',
      default_display_currency_code: 'EUR',
    });
    expect(after.find((s: any) => s.store_code === 'de').base_link_url).toMatch(/\/de\/$/);
    const config = ok(await storefrontGet('{ storeConfig { store_code locale } }', { Store: 'de' }), 'config');
    expect(config.storeConfig).toEqual({ store_code: 'de', locale: 'de_DE' });
  });

  it('changes a store view; disabling it takes it off the storefront', async () => {
    const german = (await read()).stores.find((s: any) => s.code === 'de');
    const saved = ok(
      await owner.gql(SAVE, {
        i: { ...GERMAN, id: german.id, name: 'Vela DE', allowedCurrencies: ['EUR', 'USD'], active: false },
      }),
      'disable',
    ).saveStoreView;
    expect(saved).toMatchObject({ name: 'Vela DE', active: false, allowedCurrencies: ['EUR', 'USD'] });
    expect(lastAudit()).toMatchObject({ action: 'store_view.update' });
    expect(JSON.parse(lastAudit().before!)).toMatchObject({ name: 'Vela Deutschland', is_active: 1 });
    const answer = await storefrontGet('{ storeConfig { store_code } }', { Store: 'de' });
    expect(answer.errors?.[0]?.message).toMatch(/store is not found/i);
  });

  it('refuses to disable the default store view', async () => {
    const main = (await read()).stores.find((s: any) => s.isDefault);
    const stores = storeRows();
    const result = await owner.gql(SAVE, {
      i: { ...main, id: main.id, active: false, isDefault: undefined },
    });
    expect(result.errors?.[0]?.extensions?.field).toBe('active');
    expect(storeRows()).toEqual(stores);
  });

  it('gives one code to one store view when two owners add it at the same time', async () => {
    const results = await Promise.all(
      [0, 1, 2].map((n) => owner.gql(SAVE, { i: { ...GERMAN, code: 'nl', locale: 'nl_NL', name: `Vela NL ${n}` } })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors?.[0]?.extensions?.field === 'code')).toHaveLength(2);
    expect(shop.sql.prepare("select count(*) as n from store_view where code = 'nl'").get()).toEqual({ n: 1 });
  });
});
