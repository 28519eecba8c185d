import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_CA,
  addToCart,
  newCart,
  openShop,
  readCart,
  setShippingAddress,
  simpleProduct,
  type Fixture,
  type GraphQLResult,
  type Shop,
} from './cartHarness';
import { createStaff, signedIn, type StaffBrowser, AUDITED_CHANGES } from './backOfficeHarness';

// Settings in the back office: store name and contact address, carriers and their prices, tax
// rates, payment methods on and off. Only owners change them; each change is audited and the
// storefront's /graphql shows it at once (its response cache and store-view cache included).

let shop: Shop;
const clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
let owner: StaffBrowser;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let product: Fixture;

const SETTINGS = `{ settings {
  store { name contactEmail }
  shipping { baseCurrency carriers { code kind active title methodTitle price { value currency } priceType
    freeThreshold { value } tableRates { countryId countryName price { value } } } }
  taxRates { id countryId countryName region { id code } ratePercent label }
  paymentMethods { code title active } } }`;
const UPDATE_STORE = `mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { name contactEmail } }`;
const UPDATE_SHIPPING = `mutation($c: [ShippingCarrierInput!]!) { updateShippingSettings(carriers: $c) {
  carriers { code active title methodTitle price { value } priceType freeThreshold { value } tableRates { countryId price { value } } } } }`;
const UPDATE_TAX = `mutation($r: [TaxRateInput!]!) { updateTaxRates(rates: $r) { id countryId region { id code } ratePercent label } }`;
const UPDATE_PAYMENT = `mutation($m: [PaymentMethodSettingInput!]!) { updatePaymentSettings(methods: $m) { code active } }`;
const ESTIMATE = `mutation($id: String!) { estimateShippingMethods(input: { cart_id: $id, address: { country_code: US } }) {
  carrier_code amount { value } } }`;

/** The storefront's /graphql as a browser asks it: a GET, which the response cache may answer. */
async function storefrontGet(query: string): Promise<GraphQLResult> {
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, { method: 'GET' }),
  );
  return (await response.json()) as GraphQLResult;
}

function ok<T = any>(result: GraphQLResult<T>, what: string): T {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data!;
}

const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;
const lastAudit = () =>
  shop.sql.prepare('select action, staff_email, before, after from audit_log order by id desc limit 1').get() as {
    action: string;
    staff_email: string;
    before: string;
    after: string;
  };

async function settings() {
  return ok(await viewer.gql(SETTINGS), 'settings').settings;
}

/** The carriers' inputs as the settings answer them, for a save that changes one thing. */
async function carrierInputs() {
  const { shipping } = await settings();
  return shipping.carriers.map((c: any) => ({
    code: c.code,
    active: c.active,
    title: c.title,
    methodTitle: c.methodTitle,
    price: c.price?.value ?? null,
    priceType: c.priceType,
    freeThreshold: c.freeThreshold?.value ?? null,
    tableRates:
      c.kind === 'TABLE_RATE' ? c.tableRates.map((r: any) => ({ countryId: r.countryId, price: r.price.value })) : null,
  }));
}

async function cartTo(address: Record<string, unknown> = ADDRESS_CA, quantity = 2): Promise<string> {
  const cartId = await newCart(shop);
  ok(await addToCart(shop, cartId, [{ sku: product.sku, quantity }]), 'addToCart');
  ok(await setShippingAddress(shop, cartId, address), 'setShippingAddress');
  return cartId;
}

beforeAll(async () => {
  shop = await openShop({ now, mailWorker: false });
  product = simpleProduct(shop, { price: 2500, stock: 100 });
  await createStaff(shop, 'owner@example.com', 'owner');
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  owner = (await signedIn(shop, 'owner@example.com', now)).browser;
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
}, 120_000);
afterAll(async () => shop?.close());

describe('reading the settings', () => {
  it('shows viewers every section as stored', async () => {
    const s = await settings();
    expect(s.store).toEqual({ name: 'Vela', contactEmail: 'hello@vela.localhost' });
    expect(s.shipping.baseCurrency).toBe('USD');
    expect(s.shipping.carriers.map((c: any) => [c.code, c.kind, c.active])).toEqual([
      ['flatrate', 'FLAT_RATE', true],
      ['freeshipping', 'FREE_SHIPPING', true],
      ['tablerate', 'TABLE_RATE', true],
    ]);
    expect(s.shipping.carriers[0]).toMatchObject({ price: { value: 5, currency: 'USD' }, priceType: 'PER_ITEM' });
    expect(s.shipping.carriers[1].freeThreshold).toEqual({ value: 75 });
    expect(s.shipping.carriers[2].tableRates.map((r: any) => [r.countryId, r.price.value])).toEqual([
      ['CA', 15],
      ['DE', 12],
      ['US', 8],
      [null, 25],
    ]);
    expect(s.taxRates.map((r: any) => [r.countryId, r.region?.code ?? null, r.ratePercent])).toEqual(
      expect.arrayContaining([
        ['US', 'CA', 7.25],
        ['DE', null, 19],
      ]),
    );
    expect(s.paymentMethods).toEqual([
      { code: 'checkmo', title: 'Check / Money order', active: true },
      { code: 'banktransfer', title: 'Bank Transfer Payment', active: true },
      { code: 'cashondelivery', title: 'Cash On Delivery', active: true },
    ]);
    const countries = ok(await viewer.gql('{ settingsCountries { id name regions { code } } }'), 'countries')
      .settingsCountries as Array<{ id: string; regions: Array<{ code: string }> }>;
    expect(countries.find((c) => c.id === 'US')?.regions.map((r) => r.code)).toContain('TX');
  });

  it('lets only owners change them, and a refusal changes nothing', async () => {
    const before = auditCount();
    for (const browser of [staff, viewer]) {
      const result = await browser.gql(UPDATE_STORE, { i: { name: 'Not allowed', contactEmail: 'x@example.com' } });
      expect(result.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    }
    expect((await settings()).store.name).toBe('Vela');
    expect(auditCount()).toBe(before);
  });
});

describe('the store', () => {
  it('refuses an empty name and an address that is not one, naming the field', async () => {
    const before = auditCount();
    const empty = await owner.gql(UPDATE_STORE, { i: { name: '  ', contactEmail: 'shop@example.com' } });
    expect(empty.errors?.[0]).toMatchObject({
      message: 'Store name: This field is required.',
      extensions: { category: 'graphql-input', field: 'name' },
    });
    const bad = await owner.gql(UPDATE_STORE, { i: { name: 'Vela', contactEmail: 'shop at example' } });
    expect(bad.errors?.[0]?.extensions?.field).toBe('contactEmail');
    expect(bad.errors?.[0]?.message).toMatch(/not an e-mail address/);
    expect((await settings()).store).toEqual({ name: 'Vela', contactEmail: 'hello@vela.localhost' });
    expect(auditCount()).toBe(before);
  });

  it('renames the shop in storeConfig at once, and sends contact messages to the new address', async () => {
    const query = '{ storeConfig { store_name } }';
    expect(ok(await storefrontGet(query), 'storeConfig').storeConfig.store_name).toBe('Vela');
    // Asked twice: the second answer comes from the response cache, which the save must drop.
    expect(ok(await storefrontGet(query), 'storeConfig').storeConfig.store_name).toBe('Vela');

    const saved = ok(
      await owner.gql(UPDATE_STORE, { i: { name: ' Vela Outfitters ', contactEmail: 'shop@example.com' } }),
      'updateStoreSettings',
    );
    expect(saved.updateStoreSettings).toEqual({ name: 'Vela Outfitters', contactEmail: 'shop@example.com' });
    expect(ok(await storefrontGet(query), 'storeConfig').storeConfig.store_name).toBe('Vela Outfitters');
    expect(lastAudit()).toMatchObject({ action: 'settings.store', staff_email: 'owner@example.com' });
    expect(JSON.parse(lastAudit().before)).toEqual({ name: 'Vela', contactEmail: 'hello@vela.localhost' });
    expect(JSON.parse(lastAudit().after)).toEqual({ name: 'Vela Outfitters', contactEmail: 'shop@example.com' });

    ok(
      await shop.gql(
        'mutation { contactUs(input: { name: "Ada", email: "ada@example.com", comment: "Do you ship to Mars?" }) { status } }',
      ),
      'contactUs',
    );
    const job = shop.sql.prepare("select payload from mail_outbox where file_stem like 'contact-%'").get() as {
      payload: string;
    };
    const message = JSON.parse(job.payload) as { to: string; subject: string };
    expect(message.to).toBe('shop@example.com');
    expect(message.subject).toMatch(/^Vela Outfitters contact form/);

    // The same values again: nothing to record.
    const count = auditCount();
    ok(await owner.gql(UPDATE_STORE, { i: { name: 'Vela Outfitters', contactEmail: 'shop@example.com' } }), 'again');
    expect(auditCount()).toBe(count);
  });
});

describe('shipping', () => {
  it('quotes a new flat rate at once, per order or per item', async () => {
    const cartId = await cartTo();
    const flat = (methods: any[]) => methods.find((m) => m.carrier_code === 'flatrate')?.amount.value;
    expect(flat(ok(await shop.gql(ESTIMATE, { id: cartId }), 'estimate').estimateShippingMethods)).toBe(10);

    const carriers = await carrierInputs();
    carriers[0].price = 7.5;
    carriers[0].priceType = 'PER_ORDER';
    const saved = ok(await owner.gql(UPDATE_SHIPPING, { c: [carriers[0]] }), 'updateShippingSettings');
    expect(saved.updateShippingSettings.carriers[0]).toMatchObject({ price: { value: 7.5 }, priceType: 'PER_ORDER' });
    expect(lastAudit().action).toBe('settings.shipping');
    expect(JSON.parse(lastAudit().before).flatrate).toMatchObject({ price: 500, priceType: 'per_item' });
    expect(JSON.parse(lastAudit().after).flatrate).toMatchObject({ price: 750, priceType: 'per_order' });

    expect(flat(ok(await shop.gql(ESTIMATE, { id: cartId }), 'estimate').estimateShippingMethods)).toBe(7.5);
    const cart = await readCart(shop, cartId);
    expect(flat(cart.shipping_addresses[0].available_shipping_methods)).toBe(7.5);
  });

  it('switches a carrier off and renames one', async () => {
    const carriers = await carrierInputs();
    const free = { ...carriers[1], active: false };
    const table = { ...carriers[2], title: 'Courier', methodTitle: 'Tracked' };
    ok(await owner.gql(UPDATE_SHIPPING, { c: [free, table] }), 'updateShippingSettings');
    const cart = await readCart(shop, await cartTo(ADDRESS_CA, 4));
    const methods = cart.shipping_addresses[0].available_shipping_methods as any[];
    expect(methods.map((m) => m.carrier_code)).not.toContain('freeshipping');
    expect(methods.find((m) => m.carrier_code === 'tablerate')).toMatchObject({
      carrier_title: 'Courier',
      method_title: 'Tracked',
    });
    ok(await owner.gql(UPDATE_SHIPPING, { c: [{ ...free, active: true }] }), 'switch back on');
  });

  it("puts the owner's free-delivery threshold in storeConfig at once, and none while free delivery is off", async () => {
    const promise = '{ storeConfig { free_shipping_active free_shipping_subtotal } }';
    expect(ok(await storefrontGet(promise), 'storeConfig').storeConfig).toEqual({
      free_shipping_active: true,
      free_shipping_subtotal: 75,
    });
    const carriers = await carrierInputs();
    ok(await owner.gql(UPDATE_SHIPPING, { c: [{ ...carriers[1], freeThreshold: 60.5 }] }), 'threshold');
    expect(ok(await storefrontGet(promise), 'after').storeConfig.free_shipping_subtotal).toBe(60.5);
    ok(await owner.gql(UPDATE_SHIPPING, { c: [{ ...carriers[1], active: false }] }), 'off');
    expect(ok(await storefrontGet(promise), 'off').storeConfig).toEqual({
      free_shipping_active: false,
      free_shipping_subtotal: null,
    });
    ok(await owner.gql(UPDATE_SHIPPING, { c: [carriers[1]] }), 'back');
  });

  it('adds, changes and removes table-rate rows, "*" standing for every other country', async () => {
    const carriers = await carrierInputs();
    const table = carriers[2];
    table.tableRates = [
      { countryId: 'US', price: 9 },
      { countryId: 'FR', price: 11 },
      { countryId: null, price: 30 },
    ];
    const saved = ok(await owner.gql(UPDATE_SHIPPING, { c: [table] }), 'updateShippingSettings');
    expect(saved.updateShippingSettings.carriers[2].tableRates.map((r: any) => [r.countryId, r.price.value])).toEqual([
      ['FR', 11],
      ['US', 9],
      [null, 30],
    ]);
    const rate = (methods: any[]) => methods.find((m) => m.carrier_code === 'tablerate')?.amount.value;
    const us = await readCart(shop, await cartTo());
    expect(rate(us.shipping_addresses[0].available_shipping_methods)).toBe(9);
    const gb = await readCart(
      shop,
      await cartTo({ ...ADDRESS_CA, country_code: 'GB', region: 'London', postcode: 'SW1A 1AA', city: 'London' }),
    );
    expect(rate(gb.shipping_addresses[0].available_shipping_methods)).toBe(30);

    // The same rows in another order change nothing, and nothing is recorded.
    const count = auditCount();
    ok(await owner.gql(UPDATE_SHIPPING, { c: [{ ...table, tableRates: [...table.tableRates].reverse() }] }), 'again');
    expect(auditCount()).toBe(count);
  });

  it('refuses negative prices, unknown countries, twice the same country and unknown carriers', async () => {
    const carriers = await carrierInputs();
    const before = await settings();
    const count = auditCount();
    const refusals: Array<[unknown, string]> = [
      [{ ...carriers[0], price: -1 }, 'carriers.flatrate.price'],
      [{ ...carriers[0], price: 1.234 }, 'carriers.flatrate.price'],
      [{ ...carriers[0], title: '' }, 'carriers.flatrate.title'],
      [{ ...carriers[1], freeThreshold: -5 }, 'carriers.freeshipping.freeThreshold'],
      [{ ...carriers[2], tableRates: [{ countryId: 'ZZ', price: 1 }] }, 'carriers.tablerate.tableRates.0.countryId'],
      [
        {
          ...carriers[2],
          tableRates: [
            { countryId: 'US', price: 1 },
            { countryId: 'us', price: 2 },
          ],
        },
        'carriers.tablerate.tableRates.1.countryId',
      ],
      [{ ...carriers[2], tableRates: [{ countryId: 'US', price: -2 }] }, 'carriers.tablerate.tableRates.0.price'],
      [{ ...carriers[0], code: 'nope' }, 'carriers'],
    ];
    for (const [input, field] of refusals) {
      const result = await owner.gql(UPDATE_SHIPPING, { c: [input] });
      expect(result.errors?.[0]?.extensions, JSON.stringify(input)).toMatchObject({ category: 'graphql-input', field });
    }
    expect(await settings()).toEqual(before);
    expect(auditCount()).toBe(count);
  });

  it('refuses switching off every carrier: a shop without one cannot ship an order', async () => {
    const carriers = await carrierInputs();
    const before = await settings();
    const count = auditCount();
    const result = await owner.gql(UPDATE_SHIPPING, { c: carriers.map((c: object) => ({ ...c, active: false })) });
    expect(result.errors?.[0]?.message).toContain('At least one carrier must stay on');
    expect(result.errors?.[0]?.extensions).toMatchObject({ category: 'graphql-input', field: 'carriers' });
    expect(await settings()).toEqual(before);
    expect(auditCount()).toBe(count);
  });
});

describe('tax rates', () => {
  const TX_ADDRESS = { ...ADDRESS_CA, region: 'TX', city: 'Austin', postcode: '73301' };
  let texas: number;
  beforeAll(() => {
    texas = (shop.sql.prepare("select id from region where country_id = 'US' and code = 'TX'").get() as { id: number })
      .id;
  });

  const inputs = async () =>
    (await settings()).taxRates.map((r: any) => ({
      id: r.id,
      countryId: r.countryId,
      regionId: r.region?.id ?? null,
      ratePercent: r.ratePercent,
      label: r.label,
    }));

  it('adds a rate that cart prices use at once, changes it, and removes it', async () => {
    const cartId = await cartTo(TX_ADDRESS, 1);
    expect((await readCart(shop, cartId)).prices.applied_taxes).toEqual([]);

    const current = await inputs();
    const added = ok(
      await owner.gql(UPDATE_TAX, {
        r: [...current, { countryId: 'US', regionId: String(texas), ratePercent: 6.25, label: 'US-TX Sales Tax' }],
      }),
      'updateTaxRates',
    ).updateTaxRates as any[];
    const tx = added.find((r) => r.region?.code === 'TX');
    expect(tx).toMatchObject({ countryId: 'US', ratePercent: 6.25, label: 'US-TX Sales Tax' });
    expect(lastAudit().action).toBe('settings.taxRates');
    expect(JSON.parse(lastAudit().after)).toContainEqual(
      expect.objectContaining({ country: 'US', regionId: texas, ppm: 62_500 }),
    );
    // 25.00 × 6.25 % = 1.5625, rounded half up.
    expect((await readCart(shop, cartId)).prices.applied_taxes).toEqual([
      { amount: { value: 1.56 }, label: 'US-TX Sales Tax' },
    ]);

    const changed = (await inputs()).map((r: any) => (r.id === tx.id ? { ...r, ratePercent: 8.1234 } : r));
    ok(await owner.gql(UPDATE_TAX, { r: changed }), 'change');
    expect((await readCart(shop, cartId)).prices.applied_taxes[0].amount.value).toBe(2.03);

    ok(await owner.gql(UPDATE_TAX, { r: (await inputs()).filter((r: any) => r.id !== tx.id) }), 'remove');
    expect((await readCart(shop, cartId)).prices.applied_taxes).toEqual([]);
    expect((await settings()).taxRates.some((r: any) => r.region?.code === 'TX')).toBe(false);
  });

  it('refuses two rates for one place, rates out of range or too precise, and a region of another country', async () => {
    const current = await inputs();
    const before = await settings();
    const count = auditCount();
    const de = current.find((r: any) => r.countryId === 'DE');
    const refusals: Array<[unknown, string, RegExp]> = [
      [{ ...de, id: null }, 'regionId', /already a rate for DE/],
      [{ countryId: 'NL', ratePercent: 100.5, label: 'BTW' }, 'ratePercent', /between 0 and 100/],
      [{ countryId: 'NL', ratePercent: -1, label: 'BTW' }, 'ratePercent', /between 0 and 100/],
      [{ countryId: 'NL', ratePercent: 21.00001, label: 'BTW' }, 'ratePercent', /more than 4 decimals/],
      [{ countryId: 'NL', regionId: String(texas), ratePercent: 21, label: 'BTW' }, 'regionId', /not a region of NL/],
      [{ countryId: 'XX', ratePercent: 21, label: 'BTW' }, 'countryId', /not a country/],
      [{ countryId: 'NL', ratePercent: 21, label: ' ' }, 'label', /Label: This field is required/],
      [{ id: '9999', countryId: 'NL', ratePercent: 21, label: 'BTW' }, 'id', /no tax rate 9999/],
    ];
    for (const [input, field, message] of refusals) {
      const result = await owner.gql(UPDATE_TAX, { r: [...current, input] });
      expect(result.errors?.[0]?.extensions?.field, JSON.stringify(input)).toBe(`taxRates.${current.length}.${field}`);
      expect(result.errors?.[0]?.message).toMatch(message);
    }
    expect(await settings()).toEqual(before);
    expect(auditCount()).toBe(count);
  });
});

describe('payment methods', () => {
  const SET_PAYMENT = `mutation($id: String!, $c: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: $c } }) { cart { selected_payment_method { code } } } }`;

  it('a method switched off is neither offered nor accepted, and storeConfig says so', async () => {
    const cartId = await cartTo();
    const codes = async () =>
      ((await readCart(shop, cartId)).available_payment_methods as Array<{ code: string }>).map((m) => m.code);
    expect(await codes()).toEqual(['checkmo', 'banktransfer', 'cashondelivery']);

    const saved = ok(
      await owner.gql(UPDATE_PAYMENT, {
        m: [
          { code: 'banktransfer', active: false },
          { code: 'checkmo', active: false },
        ],
      }),
      'updatePaymentSettings',
    );
    expect(saved.updatePaymentSettings).toEqual([
      { code: 'checkmo', active: false },
      { code: 'banktransfer', active: false },
      { code: 'cashondelivery', active: true },
    ]);
    expect(lastAudit().action).toBe('settings.payment');
    expect(JSON.parse(lastAudit().after)).toEqual({ checkmo: false, banktransfer: false });
    expect(await codes()).toEqual(['cashondelivery']);
    const refused = await shop.gql(SET_PAYMENT, { id: cartId, c: 'banktransfer' });
    expect(refused.errors?.[0]?.message).toBe('The requested Payment Method is not available.');
    expect(
      ok(await shop.gql(SET_PAYMENT, { id: cartId, c: 'cashondelivery' }), 'cod').setPaymentMethodOnCart.cart
        .selected_payment_method.code,
    ).toBe('cashondelivery');
    expect(
      ok(await storefrontGet('{ storeConfig { check_money_order_enabled } }'), 'storeConfig').storeConfig
        .check_money_order_enabled,
    ).toBe(false);
  });

  it('refuses switching off the last method that is on, and unknown methods', async () => {
    const count = auditCount();
    const last = await owner.gql(UPDATE_PAYMENT, { m: [{ code: 'cashondelivery', active: false }] });
    expect(last.errors?.[0]?.message).toMatch(/At least one payment method must stay on/);
    const free = await owner.gql(UPDATE_PAYMENT, { m: [{ code: 'free', active: false }] });
    expect(free.errors?.[0]?.extensions?.field).toBe('methods.0.code');
    expect(auditCount()).toBe(count);
    expect((await settings()).paymentMethods.filter((m: any) => m.active).map((m: any) => m.code)).toEqual([
      'cashondelivery',
    ]);

    // Two saves at once, each switching off a different one of the last two methods: one wins,
    // the other is refused, and a method stays on.
    ok(await owner.gql(UPDATE_PAYMENT, { m: [{ code: 'checkmo', active: true }] }), 'checkmo on');
    const raced = await Promise.all([
      owner.gql(UPDATE_PAYMENT, { m: [{ code: 'checkmo', active: false }] }),
      owner.gql(UPDATE_PAYMENT, { m: [{ code: 'cashondelivery', active: false }] }),
    ]);
    expect(raced.filter((r) => r.errors).map((r) => r.errors?.[0]?.message)).toEqual([
      expect.stringMatching(/At least one payment method must stay on/),
    ]);
    expect((await settings()).paymentMethods.filter((m: any) => m.active)).toHaveLength(1);

    ok(
      await owner.gql(UPDATE_PAYMENT, {
        m: [
          { code: 'checkmo', active: true },
          { code: 'banktransfer', active: true },
          { code: 'cashondelivery', active: true },
        ],
      }),
      'switch back on',
    );
    expect(
      ok(await storefrontGet('{ storeConfig { check_money_order_enabled } }'), 'storeConfig').storeConfig
        .check_money_order_enabled,
    ).toBe(true);
  });
});
