// What Venia 14.5 asks of a Magento Open Source shop beyond Magento 2.4.7's core: the PWA
// metapackage's fields (magento/pwa) and the settings of later releases, each with a real value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountShop, signUp, US_ADDRESS } from './customerHarness';
import type { AccountShop } from './customerHarness';

let shop: AccountShop;
let sku: string;

beforeAll(async () => {
  shop = await openAccountShop();
  sku = (
    shop.sql
      .prepare(`select sku from product where type = 'simple' and in_stock = 1 and stock_qty > 10 order by id limit 1`)
      .get() as { sku: string }
  ).sku;
}, 60_000);
afterAll(async () => shop?.close());

const ADD = `mutation($cart: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cart, cartItems: $items) {
  cart { total_quantity total_summary_quantity_including_config } } }`;

/** A customer's order of `quantity` units of the test product, placed through the API. */
async function placeCustomerOrder(token: string, quantity: number): Promise<string> {
  const cart = (await shop.gql('mutation { createEmptyCart }', {}, token)).data.createEmptyCart as string;
  const steps: Array<[string, Record<string, unknown>]> = [
    [ADD, { items: [{ sku, quantity }] }],
    [
      `mutation($cart: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $cart, shipping_addresses: [{ address: $a }] }) { cart { id } } }`,
      { a: { ...US_ADDRESS, region: 'CA' } },
    ],
    [
      'mutation($cart: String!) { setBillingAddressOnCart(input: { cart_id: $cart, billing_address: { same_as_shipping: true } }) { cart { id } } }',
      {},
    ],
    [
      'mutation($cart: String!) { setShippingMethodsOnCart(input: { cart_id: $cart, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {},
    ],
    [
      'mutation($cart: String!) { setPaymentMethodOnCart(input: { cart_id: $cart, payment_method: { code: "checkmo" } }) { cart { id } } }',
      {},
    ],
  ];
  for (const [query, variables] of steps) {
    const answer = await shop.gql(query, { cart, ...variables }, token);
    expect(answer.errors, query).toBeUndefined();
  }
  const placed = await shop.gql(
    'mutation($cart: String!) { placeOrder(input: { cart_id: $cart }) { orderV2 { number } errors { message } } }',
    { cart },
    token,
  );
  expect(placed.errors).toBeUndefined();
  return placed.data.placeOrder.orderV2.number as string;
}

describe('store settings', () => {
  it('names canonical addresses on category and product pages, as the storefront does', async () => {
    const { data } = await shop.gql('{ storeConfig { category_canonical_tag product_canonical_tag } }');
    expect(data.storeConfig).toEqual({ category_canonical_tag: true, product_canonical_tag: true });
  });

  it("answers robotsConfig with Magento's default robots unless the shop stored its own", async () => {
    expect((await shop.gql('{ robotsConfig { defaultRobots customInstructions } }')).data.robotsConfig).toEqual({
      defaultRobots: 'INDEX,FOLLOW',
      customInstructions: '',
    });
    shop.sql.prepare(`insert into store_config (key, value) values ('default_robots', 'NOINDEX,NOFOLLOW')`).run();
    expect((await shop.gql('{ robotsConfig { defaultRobots } }')).data.robotsConfig.defaultRobots).toBe(
      'NOINDEX,NOFOLLOW',
    );
    shop.sql.prepare(`delete from store_config where key = 'default_robots'`).run();
  });

  it('says reCAPTCHA v3 guards no form until a site key and forms are configured', async () => {
    const QUERY =
      '{ recaptchaV3Config { website_key minimum_score badge_position language_code failure_message forms } }';
    const off = await shop.gql(QUERY);
    expect(off.errors).toBeUndefined();
    expect(off.data.recaptchaV3Config).toMatchObject({ website_key: '', forms: [] });
    const insert = shop.sql.prepare('insert into store_config (key, value) values (?, ?)');
    insert.run('recaptcha_v3_website_key', 'site-key-1');
    insert.run('recaptcha_v3_forms', 'customer_login, place_order,unknown');
    const on = await shop.gql(QUERY);
    expect(on.data.recaptchaV3Config).toMatchObject({
      website_key: 'site-key-1',
      minimum_score: 0.5,
      forms: ['CUSTOMER_LOGIN', 'PLACE_ORDER'],
    });
    shop.sql.prepare(`delete from store_config where key like 'recaptcha_v3_%'`).run();
  });
});

describe('searchTerm', () => {
  it("answers a stored term's redirect and popularity in its store view, and nulls for any other", async () => {
    const QUERY = 'query($s: String) { searchTerm(Search: $s) { query_text redirect popularity } }';
    expect((await shop.gql(QUERY, { s: 'never searched' })).data.searchTerm).toEqual({
      query_text: null,
      redirect: null,
      popularity: null,
    });
    shop.sql
      .prepare('insert into search_term (store_id, query_text, redirect, popularity) values (1, ?, ?, ?)')
      .run('sale', '/sale.html', 12);
    expect((await shop.gql(QUERY, { s: 'sale' })).data.searchTerm).toEqual({
      query_text: 'sale',
      redirect: '/sale.html',
      popularity: 12,
    });
  });
});

describe('cart, customer and order fields', () => {
  it('counts units for the mini cart, or lines when the shop says so', async () => {
    const cart = (await shop.gql('mutation { createEmptyCart }')).data.createEmptyCart as string;
    const added = await shop.gql(ADD, { cart, items: [{ sku, quantity: 3 }] });
    expect(added.data.addProductsToCart.cart).toEqual({
      total_quantity: 3,
      total_summary_quantity_including_config: 3,
    });
    shop.sql.prepare(`insert into store_config (key, value) values ('cart_summary_display_quantity', '0')`).run();
    const read = await shop.gql(
      'query($cart: String!) { cart(cart_id: $cart) { total_summary_quantity_including_config } }',
      {
        cart,
      },
    );
    expect(read.data.cart.total_summary_quantity_including_config).toBe(1);
    shop.sql.prepare(`delete from store_config where key = 'cart_summary_display_quantity'`).run();
  });

  it("says a customer's account is confirmed, names its group and the token's lifetime in seconds", async () => {
    const { email, token, password } = await signUp(shop);
    const me = await shop.gql('{ customer { is_confirmed group_code } }', {}, token);
    expect(me.data.customer).toEqual({ is_confirmed: true, group_code: 'General' });
    const signedIn = await shop.gql(
      'mutation($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token customer_token_lifetime } }',
      { e: email, p: password },
    );
    expect(signedIn.data.generateCustomerToken.customer_token_lifetime).toBe(3600);
  });

  it("gives an order's state from its status, as Magento maps them, and the status as its label", async () => {
    const { token } = await signUp(shop);
    const number = await placeCustomerOrder(token, 1);
    const QUERY = '{ customer { orders { items { number status state } } } }';
    const orders = (await shop.gql(QUERY, {}, token)).data.customer.orders.items as Array<Record<string, string>>;
    expect(orders).toEqual([{ number, status: 'Pending', state: 'new' }]);
    shop.sql.prepare(`update sales_order set status = 'processing' where number = ?`).run(number);
    expect((await shop.gql(QUERY, {}, token)).data.customer.orders.items[0]).toEqual({
      number,
      status: 'Processing',
      state: 'processing',
    });
  });
});

describe('custom_attributes', () => {
  it("lists a product's own attribute values with their metadata, not a configurable's choices", async () => {
    const QUERY = `query($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku
      custom_attributes {
        selected_attribute_options { attribute_option { uid label is_default } }
        entered_attribute_value { value }
        attribute_metadata { uid code label attribute_labels { store_code label } data_type is_system entity_type
          ui_input { ui_input_type is_html_allowed } ... on ProductAttributeMetadata { used_in_components } } }
      ... on ConfigurableProduct { configurable_options { attribute_code } } } } }`;
    const simple = shop.sql
      .prepare(
        `select p.sku, o.label, o.attribute_code from product p join product_attribute_value v on v.product_id = p.id
         join attribute_option o on o.id = v.option_id where p.type = 'simple' and p.parent_id is null order by p.id limit 1`,
      )
      .get() as { sku: string; label: string; attribute_code: string } | undefined;
    expect(simple).toBeDefined();
    const answer = await shop.gql(QUERY, { sku: simple!.sku });
    expect(answer.errors).toBeUndefined();
    const attributes = answer.data.products.items[0].custom_attributes as Array<Record<string, any>>;
    const mine = attributes.find((a) => a.attribute_metadata.code === simple!.attribute_code);
    expect(mine).toMatchObject({
      selected_attribute_options: { attribute_option: [{ label: simple!.label, is_default: false }] },
      entered_attribute_value: null,
      attribute_metadata: {
        uid: Buffer.from(`catalog_product/${simple!.attribute_code}`).toString('base64'),
        entity_type: 'PRODUCT',
        is_system: false,
        ui_input: { ui_input_type: 'SELECT', is_html_allowed: false },
        used_in_components: expect.arrayContaining(['PRODUCT_DETAILS_PAGE']),
      },
    });
    const configurable = shop.sql
      .prepare(`select sku from product where type = 'configurable' order by id limit 1`)
      .get() as {
      sku: string;
    };
    const parent = (await shop.gql(QUERY, { sku: configurable.sku })).data.products.items[0];
    const choices = (parent.configurable_options as Array<{ attribute_code: string }>).map((o) => o.attribute_code);
    const codes = (parent.custom_attributes as Array<{ attribute_metadata: { code: string } }>).map(
      (a) => a.attribute_metadata.code,
    );
    for (const choice of choices) expect(codes).not.toContain(choice);
  });
});

describe('gift messages (Magento Open Source)', () => {
  const UPDATE = `mutation($cart: String!, $uid: ID!, $g: GiftMessageInput) { updateCartItems(input: { cart_id: $cart,
    cart_items: [{ cart_item_uid: $uid, quantity: 2, gift_message: $g }] }) {
    cart { gift_message { to } items { quantity ... on SimpleCartItem { gift_message { to from message } }
    ... on ConfigurableCartItem { gift_message { to from message } } } } } }`;
  const NOTE = { to: 'Grace', from: 'Ada', message: 'Happy birthday!\nWith love.' };

  async function cartWithLine(token: string): Promise<{ cart: string; uid: string }> {
    const cart = (await shop.gql('mutation { createEmptyCart }', {}, token)).data.createEmptyCart as string;
    await shop.gql(ADD, { cart, items: [{ sku, quantity: 1 }] }, token);
    const read = await shop.gql('query($cart: String!) { cart(cart_id: $cart) { items { uid } } }', { cart }, token);
    return { cart, uid: read.data.cart.items[0].uid as string };
  }

  it('are off unless the shop allows them: a line message is then ignored, as Magento does', async () => {
    const config = await shop.gql('{ storeConfig { allow_order allow_items } }');
    expect(config.data.storeConfig).toEqual({ allow_order: '0', allow_items: '0' });
    const { token } = await signUp(shop);
    const { cart, uid } = await cartWithLine(token);
    const answer = await shop.gql(UPDATE, { cart, uid, g: NOTE }, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.updateCartItems.cart.items[0]).toEqual({ quantity: 2, gift_message: null });
  });

  it('go with a cart line while allowed, are refused when malformed, and go with the order and its line', async () => {
    shop.sql.prepare(`insert into store_config (key, value) values ('allow_items', '1'), ('allow_order', '1')`).run();
    try {
      expect((await shop.gql('{ storeConfig { allow_order allow_items } }')).data.storeConfig).toEqual({
        allow_order: '1',
        allow_items: '1',
      });
      const { token } = await signUp(shop);
      const { cart, uid } = await cartWithLine(token);
      const bad = await shop.gql(UPDATE, { cart, uid, g: { ...NOTE, to: 'x'.repeat(300) } }, token);
      expect(bad.errors?.[0]?.message).toMatch(/gift_message\.to/);
      const unchanged = await shop.gql(
        'query($cart: String!) { cart(cart_id: $cart) { items { quantity } } }',
        { cart },
        token,
      );
      expect(unchanged.data.cart.items[0].quantity).toBe(1);
      const answer = await shop.gql(UPDATE, { cart, uid, g: NOTE }, token);
      expect(answer.errors).toBeUndefined();
      expect(answer.data.updateCartItems.cart).toEqual({
        gift_message: null,
        items: [{ quantity: 2, gift_message: NOTE }],
      });

      // The rest of checkout, then the order as the customer reads it.
      const steps: Array<[string, Record<string, unknown>]> = [
        [
          `mutation($cart: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $cart, shipping_addresses: [{ address: $a }] }) { cart { id } } }`,
          { a: { ...US_ADDRESS, region: 'CA' } },
        ],
        [
          'mutation($cart: String!) { setBillingAddressOnCart(input: { cart_id: $cart, billing_address: { same_as_shipping: true } }) { cart { id } } }',
          {},
        ],
        [
          'mutation($cart: String!) { setShippingMethodsOnCart(input: { cart_id: $cart, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
          {},
        ],
        [
          'mutation($cart: String!) { setPaymentMethodOnCart(input: { cart_id: $cart, payment_method: { code: "checkmo" } }) { cart { id } } }',
          {},
        ],
        ['mutation($cart: String!) { placeOrder(input: { cart_id: $cart }) { orderV2 { number } } }', {}],
      ];
      for (const [query, variables] of steps)
        expect((await shop.gql(query, { cart, ...variables }, token)).errors, query).toBeUndefined();
      const orders = await shop.gql(
        '{ customer { orders { items { gift_message { to } items { quantity_ordered gift_message { to from message } } } } } }',
        {},
        token,
      );
      expect(orders.data.customer.orders.items).toEqual([
        { gift_message: null, items: [{ quantity_ordered: 2, gift_message: NOTE }] },
      ]);
    } finally {
      shop.sql.prepare(`delete from store_config where key in ('allow_items', 'allow_order')`).run();
    }
  });
});

describe('attributesMetadata', () => {
  const QUERY = `query($type: AttributeEntityTypeEnum!, $uids: [ID!]) { attributesMetadata(entityType: $type, attributeUids: $uids) {
    items { uid code label sort_order is_system entity_type
      ui_input { ui_input_type ... on UiAttributeTypeSelect { attribute_options { uid label } } }
      ... on ProductAttributeMetadata { used_in_components } } } }`;

  it('lists every product attribute with all its options, or those asked for by uid', async () => {
    const stored = shop.sql
      .prepare('select code, label, is_filterable from attribute order by position, code')
      .all() as Array<{
      code: string;
      label: string;
      is_filterable: number;
    }>;
    const all = await shop.gql(QUERY, { type: 'PRODUCT' });
    expect(all.errors).toBeUndefined();
    const items = all.data.attributesMetadata.items as Array<Record<string, any>>;
    expect(items.map((i) => i.code)).toEqual(stored.map((a) => a.code));
    const color = items.find((i) => i.code === 'color')!;
    const colors = shop.sql
      .prepare(`select count(*) as n from attribute_option where attribute_code = 'color'`)
      .get() as {
      n: number;
    };
    expect(color.ui_input.attribute_options).toHaveLength(colors.n);
    expect(color).toMatchObject({ entity_type: 'PRODUCT', is_system: false, ui_input: { ui_input_type: 'SELECT' } });
    expect(color.used_in_components).toContain('PRODUCT_DETAILS_PAGE');
    expect(color.used_in_components.includes('PRODUCT_FILTER')).toBe(
      stored.find((a) => a.code === 'color')!.is_filterable === 1,
    );
    const one = await shop.gql(QUERY, { type: 'CATALOG_PRODUCT', uids: [color.uid] });
    expect((one.data.attributesMetadata.items as Array<{ code: string }>).map((i) => i.code)).toEqual(['color']);
    const customer = await shop.gql(QUERY, { type: 'CUSTOMER' });
    expect(customer.data.attributesMetadata.items).toEqual([]);
  });
});
