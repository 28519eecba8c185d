import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CA, openShop, simpleProduct, type Fixture, type GraphQLResult, type Shop } from './cartHarness';
import { CREATE, PASSWORD, SIGN_IN, US_ADDRESS } from './customerHarness';
import { createStaff, signedIn, type StaffBrowser, AUDITED_CHANGES } from './backOfficeHarness';

// Customers in the back office: the list with its search and paging, one account with its address
// book and orders, and locking an account (its sessions end, it cannot sign in) and unlocking it.

let shop: Shop;
let clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
const tick = (ms = 1000) => (clock = new Date(clock.getTime() + ms));
let staff: StaffBrowser;
let viewer: StaffBrowser;
let product: Fixture;

const LIST = `query($s: String, $p: Int, $n: Int) { customers(search: $s, page: $p, pageSize: $n) {
  items { id name email createdAt locked orderCount } totalCount page pageSize totalPages } }`;
const DETAIL = `query($id: ID!) { customer(id: $id) { id firstname lastname name email createdAt locked lockedUntil
  orderCount lifetimeTotal { value currency }
  addresses { id lines defaultBilling defaultShipping }
  orders { number status email customerName itemCount grandTotal { value currency } } } }`;
const LOCK = `mutation($id: ID!) { lockCustomer(id: $id) { id locked lockedUntil } }`;
const UNLOCK = `mutation($id: ID!) { unlockCustomer(id: $id) { id locked lockedUntil } }`;

/** The storefront's /graphql, with the customer's bearer token as a storefront sends it. */
async function storefront(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return (await response.json()) as GraphQLResult;
}

function ok(result: GraphQLResult, what: string) {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data;
}

async function signUp(firstname: string, lastname: string, email: string): Promise<{ id: string; token: string }> {
  tick();
  ok(await storefront(CREATE, { input: { firstname, lastname, email, password: PASSWORD } }), 'createCustomerV2');
  const token = ok(await storefront(SIGN_IN, { email, password: PASSWORD }), 'generateCustomerToken')
    .generateCustomerToken.token as string;
  const row = shop.sql.prepare('select id from customer where email = ?').get(email) as { id: number };
  return { id: String(row.id), token };
}

/** A signed-in customer's order, placed through the storefront API from their own cart. */
async function placeCustomerOrder(token: string, quantity: number): Promise<string> {
  const cartId = ok(await storefront('{ customerCart { id } }', {}, token), 'customerCart').customerCart.id as string;
  const steps: Array<[string, Record<string, unknown>]> = [
    [
      'mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) { cart { id } } }',
      { items: [{ sku: product.sku, quantity }] },
    ],
    [
      'mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: ADDRESS_CA },
    ],
    [
      'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
      {},
    ],
    [
      'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {},
    ],
    [
      'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
      {},
    ],
  ];
  for (const [query, variables] of steps) ok(await storefront(query, { id: cartId, ...variables }, token), query);
  const placed = ok(
    await storefront(
      'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { orderV2 { number } } }',
      { id: cartId },
      token,
    ),
    'placeOrder',
  );
  return placed.placeOrder.orderV2.number as string;
}

const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;

let ada: { id: string; token: string };
let grace: { id: string; token: string };
let alan: { id: string; token: string };
let orders: string[];

beforeAll(async () => {
  shop = await openShop({ now });
  product = simpleProduct(shop, { price: 2500, stock: 100 });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
  ada = await signUp('Ada', 'Lovelace', 'ada.lovelace@example.com');
  grace = await signUp('Grace', 'Hopper', 'grace@example.com');
  alan = await signUp('Alan', 'Turing', 'alan_t@example.com');
  ok(
    await storefront(
      'mutation($a: CustomerAddressInput!) { createCustomerAddress(input: $a) { id } }',
      { a: { ...US_ADDRESS, company: 'Analytical Engines', default_shipping: true, default_billing: true } },
      ada.token,
    ),
    'createCustomerAddress',
  );
  ok(
    await storefront(
      'mutation($a: CustomerAddressInput!) { createCustomerAddress(input: $a) { id } }',
      { a: { ...US_ADDRESS, city: 'Austin', region: { region_code: 'TX' }, postcode: '73301' } },
      ada.token,
    ),
    'createCustomerAddress',
  );
  orders = [await placeCustomerOrder(ada.token, 1)];
  tick();
  orders.push(await placeCustomerOrder(ada.token, 2));
}, 120_000);
afterAll(async () => shop?.close());

describe('the customer list', () => {
  it('lists every account newest first, with its order count', async () => {
    const result = await viewer.gql(LIST, {});
    expect(result.errors).toBeUndefined();
    const page = result.data.customers;
    expect(page).toMatchObject({ totalCount: 3, page: 1, pageSize: 20, totalPages: 1 });
    expect(page.items.map((c: { email: string }) => c.email)).toEqual([
      'alan_t@example.com',
      'grace@example.com',
      'ada.lovelace@example.com',
    ]);
    expect(page.items[2]).toMatchObject({ id: ada.id, name: 'Ada Lovelace', locked: false, orderCount: 2 });
    expect(page.items[0]).toMatchObject({ name: 'Alan Turing', orderCount: 0 });
  });

  it('searches the e-mail address and the name, whatever the case', async () => {
    const emails = async (search: string) =>
      ((await viewer.gql(LIST, { s: search })).data.customers.items as Array<{ email: string }>).map((c) => c.email);
    expect(await emails('GRACE@')).toEqual(['grace@example.com']);
    expect(await emails('ada lovelace')).toEqual(['ada.lovelace@example.com']);
    expect(await emails('hopper')).toEqual(['grace@example.com']);
    expect(await emails('  turing ')).toEqual(['alan_t@example.com']);
    expect(await emails('nobody-like-this')).toEqual([]);
  });

  it('takes % and _ as the characters they are, not as wildcards', async () => {
    const count = async (search: string) => (await viewer.gql(LIST, { s: search })).data.customers.totalCount;
    expect(await count('%')).toBe(0);
    // "alan_t" has an underscore; "ada.lovelace" would match "a_a" if _ were a wildcard.
    expect(await count('a_a')).toBe(0);
    expect(await count('n_t')).toBe(1);
  });

  it('pages on the server, and refuses nonsense paging', async () => {
    const second = (await viewer.gql(LIST, { p: 2, n: 2 })).data.customers;
    expect(second).toMatchObject({ totalCount: 3, page: 2, pageSize: 2, totalPages: 2 });
    expect(second.items.map((c: { email: string }) => c.email)).toEqual(['ada.lovelace@example.com']);
    for (const [p, n] of [
      [0, 20],
      [1, 0],
      [1, 101],
    ]) {
      const refused = await viewer.gql(LIST, { p, n });
      expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-input');
    }
  });
});

describe('one customer', () => {
  it('shows the account, its address book and its orders', async () => {
    const result = await viewer.gql(DETAIL, { id: ada.id });
    expect(result.errors).toBeUndefined();
    const customer = result.data.customer;
    expect(customer).toMatchObject({
      id: ada.id,
      firstname: 'Ada',
      lastname: 'Lovelace',
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      locked: false,
      lockedUntil: null,
      orderCount: 2,
    });
    expect(Date.parse(customer.createdAt)).not.toBeNaN();
    expect(customer.addresses).toHaveLength(2);
    expect(customer.addresses[0]).toMatchObject({ defaultBilling: true, defaultShipping: true });
    expect(customer.addresses[0].lines).toEqual(
      expect.arrayContaining(['Ada Lovelace', 'Analytical Engines', '1 Infinite Loop', '95014 Cupertino']),
    );
    expect(customer.addresses[1]).toMatchObject({ defaultBilling: false, defaultShipping: false });
    expect(customer.addresses[1].lines).toContain('73301 Austin');
    expect(customer.orders.map((o: { number: string }) => o.number)).toEqual([...orders].reverse());
    expect(customer.orders[0]).toMatchObject({
      status: 'PENDING',
      email: 'ada.lovelace@example.com',
      customerName: 'Ada Lovelace',
      itemCount: 2,
    });
    const total = customer.orders.reduce(
      (sum: number, o: { grandTotal: { value: number } }) => sum + o.grandTotal.value,
      0,
    );
    expect(customer.lifetimeTotal).toEqual({ value: total, currency: 'USD' });
  });

  it('an account without orders or addresses, and no account at all', async () => {
    const grace_ = (await viewer.gql(DETAIL, { id: grace.id })).data.customer;
    expect(grace_).toMatchObject({ orderCount: 0, addresses: [], orders: [], lifetimeTotal: { value: 0 } });
    expect((await viewer.gql(DETAIL, { id: '999999' })).data.customer).toBeNull();
    expect((await viewer.gql(DETAIL, { id: 'not-a-number' })).data.customer).toBeNull();
  });
});

describe('locking and unlocking an account', () => {
  const me = '{ customer { email } }';

  it('a lock ends the open sessions at once and refuses sign-in; an unlock lets the customer in again', async () => {
    expect((await storefront(me, {}, grace.token)).data.customer.email).toBe('grace@example.com');
    const audit = auditCount();

    const locked = await staff.gql(LOCK, { id: grace.id });
    expect(locked.errors).toBeUndefined();
    expect(locked.data.lockCustomer).toEqual({ id: grace.id, locked: true, lockedUntil: '9999-12-31T23:59:59.000Z' });
    expect(auditCount()).toBe(audit + 1);
    const entry = shop.sql
      .prepare(
        'select staff_email, action, entity_type, entity_id, before, after from audit_log order by id desc limit 1',
      )
      .get() as Record<string, string>;
    expect(entry).toMatchObject({
      staff_email: 'staff@example.com',
      action: 'customer.lock',
      entity_type: 'customer',
      entity_id: grace.id,
    });
    expect(JSON.parse(entry.before!)).toMatchObject({ locked: false });
    expect(JSON.parse(entry.after!)).toMatchObject({ locked: true });

    // The token the customer holds stops working now, not when it expires.
    const after = await storefront(me, {}, grace.token);
    expect(after.data?.customer ?? null).toBeNull();
    expect(after.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    const refused = await storefront(SIGN_IN, { email: 'grace@example.com', password: PASSWORD });
    expect(refused.data?.generateCustomerToken ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
    const list = (await viewer.gql(LIST, { s: 'grace' })).data.customers.items;
    expect(list[0]).toMatchObject({ locked: true });

    // Locking again changes nothing and records nothing.
    const again = await staff.gql(LOCK, { id: grace.id });
    expect(again.data.lockCustomer.locked).toBe(true);
    expect(auditCount()).toBe(audit + 1);

    const unlocked = await staff.gql(UNLOCK, { id: grace.id });
    expect(unlocked.errors).toBeUndefined();
    expect(unlocked.data.unlockCustomer).toEqual({ id: grace.id, locked: false, lockedUntil: null });
    expect(auditCount()).toBe(audit + 2);
    const last = shop.sql
      .prepare('select action, before, after from audit_log order by id desc limit 1')
      .get() as Record<string, string>;
    expect(last.action).toBe('customer.unlock');
    expect(JSON.parse(last.before!)).toMatchObject({ locked: true });
    expect(JSON.parse(last.after!)).toMatchObject({ locked: false });

    const token = ok(await storefront(SIGN_IN, { email: 'grace@example.com', password: PASSWORD }), 'sign-in')
      .generateCustomerToken.token as string;
    expect((await storefront(me, {}, token)).data.customer.email).toBe('grace@example.com');
  });

  it('unlocking also ends a lock after repeated failed sign-ins', async () => {
    for (let i = 0; i < 10; i++)
      await storefront(SIGN_IN, { email: 'alan_t@example.com', password: 'Wrong-password-1' });
    expect((await storefront(SIGN_IN, { email: 'alan_t@example.com', password: PASSWORD })).errors).toBeDefined();
    expect((await viewer.gql(DETAIL, { id: alan.id })).data.customer.locked).toBe(true);
    const unlocked = await staff.gql(UNLOCK, { id: alan.id });
    expect(unlocked.data.unlockCustomer.locked).toBe(false);
    expect((await storefront(SIGN_IN, { email: 'alan_t@example.com', password: PASSWORD })).errors).toBeUndefined();
  });

  it('a viewer may not lock, nobody can lock an account that does not exist, and refusals change nothing', async () => {
    const audit = auditCount();
    const byViewer = await viewer.gql(LOCK, { id: ada.id });
    expect(byViewer.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    expect((await viewer.gql(DETAIL, { id: ada.id })).data.customer.locked).toBe(false);
    expect((await storefront(me, {}, ada.token)).errors).toBeUndefined();
    const missing = await staff.gql(LOCK, { id: '999999' });
    expect(missing.errors?.[0]?.extensions?.category).toBe('graphql-no-such-entity');
    const nonsense = await staff.gql(UNLOCK, { id: 'x' });
    expect(nonsense.errors?.[0]?.extensions?.category).toBe('graphql-input');
    expect(auditCount()).toBe(audit);
  });

  it('a password reset does not undo a lock by staff', async () => {
    expect((await staff.gql(LOCK, { id: grace.id })).data.lockCustomer.locked).toBe(true);
    const email = (await viewer.gql(DETAIL, { id: grace.id })).data.customer.email as string;
    ok(await storefront('mutation($e: String!) { requestPasswordResetEmail(email: $e) }', { e: email }), 'reset mail');
    await shop.commerce.deliverMail();
    const mail = readdirSync(shop.mailDir)
      .filter((f) => f.startsWith('password-reset-'))
      // Quoted-printable: soft line breaks and '=' written as =3D.
      .map((f) =>
        readFileSync(path.join(shop.mailDir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .find((text) => text.includes(`To: ${email}`));
    const token = /token=([\w-]+)/.exec(mail ?? '')?.[1];
    expect(token).toBeDefined();
    const newPassword = 'Brand-new-password-7';
    ok(
      await storefront(
        'mutation($e: String!, $t: String!, $p: String!) { resetPassword(email: $e, resetPasswordToken: $t, newPassword: $p) }',
        { e: email, t: token, p: newPassword },
      ),
      'reset',
    );
    expect((await viewer.gql(DETAIL, { id: grace.id })).data.customer.locked).toBe(true);
    expect((await storefront(SIGN_IN, { email, password: newPassword })).errors?.[0]?.extensions?.category).toBe(
      'graphql-authentication',
    );
    await staff.gql(UNLOCK, { id: grace.id });
    expect((await storefront(SIGN_IN, { email, password: newPassword })).errors).toBeUndefined();
  });

  it('a lock by staff does not run out (last: it moves the clock a year on)', async () => {
    expect((await staff.gql(LOCK, { id: ada.id })).data.lockCustomer.locked).toBe(true);
    tick(365 * 86_400_000);
    const refused = await storefront(SIGN_IN, { email: 'ada.lovelace@example.com', password: PASSWORD });
    expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
  });
});
