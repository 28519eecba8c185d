import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CA, openShop, simpleProduct, type Fixture, type GraphQLResult, type Shop } from './cartHarness';
import { AUDITED_CHANGES, createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Customers made and edited by staff, customer groups with their tax class, and tier prices:
// staff work in /admin/graphql, the customer shops through /graphql, both real HTTP handlers.

let shop: Shop;
const clock = new Date('2026-11-28T09:00:00Z');
const now = () => clock;
let owner: StaffBrowser;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let product: Fixture;
const NEW_PASSWORD = 'Wholesale-Buyer-42';

const CUSTOMER_FIELDS = `id firstname lastname email groupId groupName storeViewId
  activeCart { lines { sku quantity unitPrice { value } rowTotal { value } } subtotal { value } }`;
const CREATE = `mutation($i: NewCustomerInput!) { createCustomer(input: $i) { ${CUSTOMER_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $i: CustomerInput!) { updateCustomer(id: $id, input: $i) { ${CUSTOMER_FIELDS} } }`;
const DETAIL = `query($id: ID!) { customer(id: $id) { ${CUSTOMER_FIELDS} } }`;
const RESET = `mutation($id: ID!) { sendCustomerPasswordReset(id: $id) }`;
const GROUPS = `{ customerGroups { id code taxClassId taxClassName builtIn customerCount } }`;
const GROUP_CREATE = `mutation($i: CustomerGroupInput!) { createCustomerGroup(input: $i) { id code taxClassId } }`;
const GROUP_UPDATE = `mutation($id: ID!, $i: CustomerGroupInput!) { updateCustomerGroup(id: $id, input: $i) { id code taxClassId } }`;
const GROUP_DELETE = `mutation($id: ID!) { deleteCustomerGroup(id: $id) }`;
const TAX_CLASS = `mutation($n: String!, $t: Boolean!) { createCustomerTaxClass(name: $n, taxed: $t) { id name taxed } }`;
const SET_TIERS = `mutation($sku: String!, $t: [TierPriceInput!]!) { setProductTierPrices(sku: $sku, tiers: $t) {
  customerGroupId customerGroupCode quantity fixedPrice percentOff currency } }`;
const PRICE_TIERS = `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku
  price_tiers { quantity final_price { value currency } discount { amount_off percent_off } } } } }`;

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

/** Delivered mails to `to`, decoded from quoted-printable, oldest first. */
async function mailsTo(to: string): Promise<string[]> {
  await shop.commerce.deliverMail();
  let files: string[] = [];
  try {
    files = readdirSync(shop.mailDir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) =>
      readFileSync(path.join(shop.mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((text) => text.includes(`To: ${to}`));
}

function linkIn(mail: string): { token: string } {
  const match = /createPassword\?token=([\w-]+)&email=/.exec(mail);
  if (!match) throw new Error(`no set-password link in:\n${mail}`);
  return { token: match[1]! };
}

const auditCount = () => Number((shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n);

beforeAll(async () => {
  shop = await openShop({ now, publicUrl: 'https://shop.example' });
  product = simpleProduct(shop, { price: 2000, stock: 100 });
  await createStaff(shop, 'owner@example.com', 'owner');
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  owner = (await signedIn(shop, 'owner@example.com', now)).browser;
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
});
afterAll(async () => {
  await shop?.close();
});

describe('customers made by staff', () => {
  let id: string;

  it('staff create an account in a group; it gets a welcome mail to set its password, and is audited', async () => {
    const before = auditCount();
    const created = ok(
      await staff.gql(CREATE, {
        i: { firstname: 'Wanda', lastname: 'Wholesale', email: 'Wanda@Example.com ', groupId: '2', storeViewId: '1' },
      }),
      'createCustomer',
    ).createCustomer;
    id = created.id;
    expect(created).toMatchObject({
      email: 'wanda@example.com',
      groupId: '2',
      groupName: 'Wholesale',
      storeViewId: '1',
    });
    expect(created.activeCart).toBeNull();
    expect(auditCount()).toBe(before + 1);
    const audit = shop.sql.prepare(`select action, after from audit_log order by id desc limit 1`).get() as {
      action: string;
      after: string;
    };
    expect(audit.action).toBe('customer.create');
    expect(audit.after).not.toContain('wanda');
    const [welcome] = await mailsTo('wanda@example.com');
    expect(welcome).toContain('Welcome to');
    // The link sets the first password, through the storefront's own resetPassword.
    const { token } = linkIn(welcome!);
    ok(
      await storefront(
        'mutation($e: String!, $t: String!, $p: String!) { resetPassword(email: $e, resetPasswordToken: $t, newPassword: $p) }',
        { e: 'wanda@example.com', t: token, p: NEW_PASSWORD },
      ),
      'resetPassword',
    );
    const signIn = ok(
      await storefront(
        'mutation($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }',
        {
          e: 'wanda@example.com',
          p: NEW_PASSWORD,
        },
      ),
      'sign in',
    );
    const me = ok(await storefront('{ customer { email group_id } }', {}, signIn.generateCustomerToken.token), 'me');
    expect(me.customer).toEqual({ email: 'wanda@example.com', group_id: 2 });
  });

  it('refuses a taken e-mail, an unknown group, NOT LOGGED IN and a viewer, changing nothing', async () => {
    const before = auditCount();
    const rows = () => Number((shop.sql.prepare('select count(*) as n from customer').get() as { n: number }).n);
    const count = rows();
    const base = { firstname: 'A', lastname: 'B', groupId: '1', storeViewId: '1' };
    const taken = await staff.gql(CREATE, { i: { ...base, email: 'WANDA@example.com' } });
    expect(taken.errors?.[0]?.message).toBe('A customer with this e-mail address already exists.');
    expect(
      (await staff.gql(CREATE, { i: { ...base, email: 'x@example.com', groupId: '99' } })).errors?.[0]?.message,
    ).toBe('There is no customer group 99.');
    expect((await staff.gql(CREATE, { i: { ...base, email: 'x@example.com', groupId: '0' } })).errors).toBeDefined();
    expect(
      (await staff.gql(CREATE, { i: { ...base, email: 'x@example.com', storeViewId: '77' } })).errors,
    ).toBeDefined();
    expect((await staff.gql(CREATE, { i: { ...base, email: 'not an address' } })).errors).toBeDefined();
    expect(
      (await viewer.gql(CREATE, { i: { ...base, email: 'x@example.com' } })).errors?.[0]?.extensions?.category,
    ).toBe('graphql-authorization');
    expect(rows()).toBe(count);
    expect(auditCount()).toBe(before);
  });

  it('edits name, e-mail and group; two saves racing for one address: one wins, the other is refused', async () => {
    const other = ok(
      await staff.gql(CREATE, {
        i: { firstname: 'Otto', lastname: 'Other', email: 'otto@example.com', groupId: '1', storeViewId: '1' },
      }),
      'create',
    ).createCustomer.id as string;
    const edited = ok(
      await staff.gql(UPDATE, {
        id: other,
        i: { firstname: 'Otto', lastname: 'Retail', email: 'otto@example.com', groupId: '3' },
      }),
      'update',
    ).updateCustomer;
    expect(edited).toMatchObject({ lastname: 'Retail', groupName: 'Retailer' });
    const results = await Promise.all([
      staff.gql(UPDATE, {
        id: other,
        i: { firstname: 'Otto', lastname: 'Retail', email: 'same@example.com', groupId: '3' },
      }),
      staff.gql(UPDATE, {
        id,
        i: { firstname: 'Wanda', lastname: 'Wholesale', email: 'same@example.com', groupId: '2' },
      }),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.find((r) => r.errors)?.errors?.[0]?.message).toBe(
      'A customer with this e-mail address already exists.',
    );
    const owners = shop.sql.prepare(`select id from customer where email = 'same@example.com'`).all();
    expect(owners).toHaveLength(1);
    // Put Wanda's address back for the next tests.
    ok(
      await staff.gql(UPDATE, {
        id,
        i: { firstname: 'Wanda', lastname: 'Wholesale', email: 'wanda@example.com', groupId: '2' },
      }),
      'restore',
    );
  });

  it('sends the storefront reset mail; staff never see a password', async () => {
    const before = (await mailsTo('wanda@example.com')).length;
    expect(ok(await staff.gql(RESET, { id }), 'reset').sendCustomerPasswordReset).toBe(true);
    const mails = await mailsTo('wanda@example.com');
    expect(mails).toHaveLength(before + 1);
    const reset = mails.find((m) => m.includes('recently a request to change the password'));
    expect(reset).toBeDefined();
    linkIn(reset!);
    expect((await viewer.gql(RESET, { id })).errors?.[0]?.extensions?.category).toBe('graphql-authorization');
  });
});

describe('customer groups', () => {
  it('lists the four built-in groups with their tax class', async () => {
    const groups = ok(await viewer.gql(GROUPS), 'groups').customerGroups;
    expect(
      groups.slice(0, 4).map((g: { id: string; code: string; builtIn: boolean }) => [g.id, g.code, g.builtIn]),
    ).toEqual([
      ['0', 'NOT LOGGED IN', true],
      ['1', 'General', true],
      ['2', 'Wholesale', true],
      ['3', 'Retailer', true],
    ]);
    expect(groups[0].taxClassName).toBe('Retail Customer');
  });

  it('owners add, rename and delete groups; built-in and used groups stay; staff may not', async () => {
    expect(
      (await staff.gql(GROUP_CREATE, { i: { code: 'VIP', taxClassId: '3' } })).errors?.[0]?.extensions?.category,
    ).toBe('graphql-authorization');
    const vip = ok(
      await owner.gql(GROUP_CREATE, { i: { code: 'VIP', taxClassId: '3' } }),
      'create',
    ).createCustomerGroup;
    expect((await owner.gql(GROUP_CREATE, { i: { code: 'vip', taxClassId: '3' } })).errors?.[0]?.message).toBe(
      'A group named vip already exists.',
    );
    expect((await owner.gql(GROUP_CREATE, { i: { code: 'X', taxClassId: '2' } })).errors?.[0]?.message).toBe(
      'There is no customer tax class 2.',
    );
    const renamed = ok(await owner.gql(GROUP_UPDATE, { id: vip.id, i: { code: 'Gold', taxClassId: '3' } }), 'rename');
    expect(renamed.updateCustomerGroup.code).toBe('Gold');
    expect((await owner.gql(GROUP_DELETE, { id: '2' })).errors?.[0]?.message).toBe(
      'A built-in group cannot be deleted.',
    );
    const member = ok(
      await staff.gql(CREATE, {
        i: { firstname: 'G', lastname: 'M', email: 'gold@example.com', groupId: vip.id, storeViewId: '1' },
      }),
      'member',
    ).createCustomer.id as string;
    expect((await owner.gql(GROUP_DELETE, { id: vip.id })).errors?.[0]?.message).toBe(
      'Gold has customers; move them to another group first.',
    );
    ok(
      await staff.gql(UPDATE, {
        id: member,
        i: { firstname: 'G', lastname: 'M', email: 'gold@example.com', groupId: '1' },
      }),
      'move',
    );
    expect(ok(await owner.gql(GROUP_DELETE, { id: vip.id }), 'delete').deleteCustomerGroup).toBe(true);
    const codes = ok(await viewer.gql(GROUPS), 'groups').customerGroups.map((g: { code: string }) => g.code);
    expect(codes).not.toContain('Gold');
  });
});

describe('tier prices', () => {
  let wandaToken: string;

  beforeAll(async () => {
    wandaToken = ok(
      await storefront(
        'mutation($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }',
        {
          e: 'wanda@example.com',
          p: NEW_PASSWORD,
        },
      ),
      'sign in',
    ).generateCustomerToken.token as string;
  });

  it('staff set tiers; refused lists change nothing; viewers may not', async () => {
    const bad = [
      [{ quantity: 0, fixedPrice: 10 }],
      [{ quantity: 5, fixedPrice: 10, percentOff: 5 }],
      [{ quantity: 5 }],
      [{ quantity: 5, percentOff: 100 }],
      [{ quantity: 5, fixedPrice: -1 }],
      [{ quantity: 5, fixedPrice: 10, customerGroupId: '42' }],
      [
        { quantity: 5, fixedPrice: 10 },
        { quantity: 5, fixedPrice: 9 },
      ],
    ];
    for (const tiers of bad) expect((await staff.gql(SET_TIERS, { sku: product.sku, t: tiers })).errors).toBeDefined();
    expect((await viewer.gql(SET_TIERS, { sku: product.sku, t: [] })).errors?.[0]?.extensions?.category).toBe(
      'graphql-authorization',
    );
    const saved = ok(
      await staff.gql(SET_TIERS, {
        sku: product.sku,
        t: [
          { customerGroupId: '2', quantity: 5, fixedPrice: 15 },
          { quantity: 10, percentOff: 10 },
        ],
      }),
      'set tiers',
    ).setProductTierPrices;
    expect(saved).toEqual([
      {
        customerGroupId: null,
        customerGroupCode: null,
        quantity: 10,
        fixedPrice: null,
        percentOff: 10,
        currency: 'USD',
      },
      {
        customerGroupId: '2',
        customerGroupCode: 'Wholesale',
        quantity: 5,
        fixedPrice: 15,
        percentOff: null,
        currency: 'USD',
      },
    ]);
    const audit = shop.sql.prepare(`select action from audit_log order by id desc limit 1`).get() as { action: string };
    expect(audit.action).toBe('product.tier_prices');
  });

  it("price_tiers follow the shopper's group: guests see the all-groups tier, wholesale both", async () => {
    const guest = ok(await storefront(PRICE_TIERS, { sku: product.sku }), 'guest').products.items[0].price_tiers;
    expect(guest).toEqual([
      { quantity: 10, final_price: { value: 18, currency: 'USD' }, discount: { amount_off: 2, percent_off: 10 } },
    ]);
    const wholesale = ok(await storefront(PRICE_TIERS, { sku: product.sku }, wandaToken), 'wanda').products.items[0]
      .price_tiers;
    expect(wholesale).toEqual([
      { quantity: 5, final_price: { value: 15, currency: 'USD' }, discount: { amount_off: 5, percent_off: 25 } },
    ]);
  });

  it('the cart prices each line by its quantity and group; a lower special price wins; the order keeps it', async () => {
    const cartId = ok(await storefront('{ customerCart { id } }', {}, wandaToken), 'cart').customerCart.id as string;
    const add = (quantity: number) =>
      storefront(
        'mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) { cart { itemsV2 { items { quantity prices { price { value } row_total { value } } } } } } }',
        { id: cartId, items: [{ sku: product.sku, quantity }] },
        wandaToken,
      );
    let items = ok(await add(4), 'add 4').addProductsToCart.cart.itemsV2.items;
    expect(items[0].prices.price.value).toBe(20);
    items = ok(await add(1), 'add 1').addProductsToCart.cart.itemsV2.items;
    expect(items[0]).toMatchObject({ quantity: 5, prices: { price: { value: 15 }, row_total: { value: 75 } } });
    // Staff see the same cart, read only.
    const seen = ok(await viewer.gql(DETAIL, { id: String(customerIdOf('wanda@example.com')) }), 'detail').customer;
    expect(seen.activeCart.lines).toEqual([
      { sku: product.sku, quantity: 5, unitPrice: { value: 15 }, rowTotal: { value: 75 } },
    ]);
    // A guest buying 5 pays the regular price.
    const guestCart = ok(await storefront('mutation { createGuestCart { cart { id } } }'), 'guest cart').createGuestCart
      .cart.id as string;
    const guestItems = ok(
      await storefront(
        'mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) { cart { itemsV2 { items { prices { price { value } } } } } } }',
        { id: guestCart, items: [{ sku: product.sku, quantity: 5 }] },
      ),
      'guest add',
    ).addProductsToCart.cart.itemsV2.items;
    expect(guestItems[0].prices.price.value).toBe(20);

    const steps: Array<[string, Record<string, unknown>]> = [
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
    for (const [query, variables] of steps)
      ok(await storefront(query, { id: cartId, ...variables }, wandaToken), query);
    const placed = ok(
      await storefront(
        'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { orderV2 { number items { quantity_ordered product_sale_price { value } } } } }',
        { id: cartId },
        wandaToken,
      ),
      'placeOrder',
    ).placeOrder.orderV2;
    expect(placed.items).toEqual([{ quantity_ordered: 5, product_sale_price: { value: 15 } }]);

    // A special price below the tier wins, as in Magento's final price.
    shop.sql.prepare('update product set special_price = 1400 where id = ?').run(product.id);
    const next = ok(await storefront('{ customerCart { id } }', {}, wandaToken), 'cart').customerCart.id as string;
    const special = ok(
      await storefront(
        'mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) { cart { itemsV2 { items { prices { price { value } } } } } } }',
        { id: next, items: [{ sku: product.sku, quantity: 5 }] },
        wandaToken,
      ),
      'add special',
    ).addProductsToCart.cart.itemsV2.items;
    expect(special[0].prices.price.value).toBe(14);
    shop.sql.prepare('update product set special_price = null where id = ?').run(product.id);
  });

  it("a group's tax class the shop's rates do not apply to: its customers pay no tax", async () => {
    const taxOf = async () => {
      const cartId = ok(await storefront('{ customerCart { id } }', {}, wandaToken), 'cart').customerCart.id as string;
      const cart = ok(
        await storefront(
          'mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { prices { applied_taxes { amount { value } } } } } }',
          { id: cartId, a: ADDRESS_CA },
          wandaToken,
        ),
        'address',
      );
      return cart.setShippingAddressesOnCart.cart.prices.applied_taxes as Array<{ amount: { value: number } }>;
    };
    expect((await taxOf()).length).toBeGreaterThan(0);
    const exempt = ok(await owner.gql(TAX_CLASS, { n: 'Reseller', t: false }), 'tax class').createCustomerTaxClass;
    expect(exempt).toMatchObject({ name: 'Reseller', taxed: false });
    ok(await owner.gql(GROUP_UPDATE, { id: '2', i: { code: 'Wholesale', taxClassId: exempt.id } }), 'set class');
    expect(await taxOf()).toEqual([]);
    ok(await owner.gql(GROUP_UPDATE, { id: '2', i: { code: 'Wholesale', taxClassId: '3' } }), 'back');
  });
});

function customerIdOf(email: string): number {
  return Number((shop.sql.prepare('select id from customer where email = ?').get(email) as { id: number }).id);
}
