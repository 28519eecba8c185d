// Shared set-up for the cart, checkout and order tests: a real commerce instance on a fresh
// database (a SQLite file, or PostgreSQL in the commerce-postgres project) with the demo catalog,
// talked to through commerce.fetch with real Requests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCommerce } from '../src/commerce';
import type { Commerce, CommerceConfig } from '../src/commerce';
import { openTestDatabase } from './postgresTestDatabase';
import type { TestDatabase } from './postgresTestDatabase';
import type { SyncSql } from './postgresSyncSql';

export interface GraphQLResult<T = any> {
  data?: T;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

export interface Shop {
  commerce: Commerce;
  dir: string;
  /** Spread into createCommerce options for a second instance on the same data. */
  database: TestDatabase['config'];
  mailDir: string;
  /** A second connection for arranging fixtures and reading back what the API wrote. */
  sql: SyncSql;
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResult<T>>;
  close(): Promise<void>;
}

export async function request(
  commerce: Commerce,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResult> {
  const response = await commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return (await response.json()) as GraphQLResult;
}

/** A fresh shop; `options` reach createCommerce (a moved clock, say). */
export async function openShop(options: Partial<CommerceConfig> = {}): Promise<Shop> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vela-checkout-'));
  const mailDir = path.join(dir, 'mail');
  const database = await openTestDatabase(dir);
  const commerce = await createCommerce({
    ...database.config,
    mailDir,
    log: (line) => {
      if (/unexpected|e-mail/.test(line)) console.error(line);
    },
    ...options,
  });
  const sql = database.connectSql();
  return {
    commerce,
    dir,
    database: database.config,
    mailDir,
    sql,
    gql: (query, variables) => request(commerce, query, variables),
    async close() {
      sql.close();
      await commerce.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Fixture {
  id: number;
  sku: string;
}

/** A visible simple product with a known price (in cents) and stock, independent of the demo data. */
export function simpleProduct(shop: Shop, options: { price: number; stock: number; offset?: number }): Fixture {
  const row = shop.sql
    .prepare(
      `select id, sku from product where type = 'simple' and parent_id is null and visibility = 4 order by id limit 1 offset ?`,
    )
    .get(options.offset ?? 0) as Fixture;
  shop.sql
    .prepare(
      'update product set price = ?, special_price = null, min_price = ?, max_price = ?, stock_qty = ?, in_stock = ? where id = ?',
    )
    .run(options.price, options.price, options.price, options.stock, options.stock > 0 ? 1 : 0, row.id);
  return row;
}

export const CART_FIELDS = `
  id email total_quantity is_virtual
  applied_coupons { code }
  items { uid quantity product { sku } errors { code message } is_available
    prices { price { value currency } row_total { value } row_total_including_tax { value } total_item_discount { value } discounts { amount { value } label } }
    ... on ConfigurableCartItem { configured_variant { sku } configurable_options { option_label value_label configurable_product_option_uid configurable_product_option_value_uid } }
  }
  prices {
    grand_total { value currency } subtotal_excluding_tax { value } subtotal_including_tax { value } subtotal_with_discount_excluding_tax { value }
    applied_taxes { amount { value } label } discounts { amount { value } label applied_to coupon { code } }
  }
  shipping_addresses { firstname lastname street city postcode region { code label region_id } country { code label }
    available_shipping_methods { carrier_code method_code carrier_title method_title amount { value } available }
    selected_shipping_method { carrier_code method_code amount { value } } }
  billing_address { firstname city country { code } }
  available_payment_methods { code title }
  selected_payment_method { code title }
`;

export async function newCart(shop: Shop): Promise<string> {
  const result = await shop.gql('mutation { createGuestCart { cart { id } } }');
  return result.data.createGuestCart.cart.id as string;
}

export async function readCart(shop: Shop, cartId: string): Promise<any> {
  const result = await shop.gql(`query($id: String!) { cart(cart_id: $id) { ${CART_FIELDS} } }`, { id: cartId });
  if (result.errors) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.data.cart;
}

export async function addToCart(
  shop: Shop,
  cartId: string,
  items: Array<Record<string, unknown>>,
): Promise<GraphQLResult> {
  return shop.gql(
    `mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) { user_errors { code message } cart { ${CART_FIELDS} } } }`,
    { id: cartId, items },
  );
}

export const ADDRESS_CA = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Infinite Loop'],
  city: 'Cupertino',
  region: 'CA',
  postcode: '95014',
  country_code: 'US',
  telephone: '555-0100',
};

export async function setShippingAddress(
  shop: Shop,
  cartId: string,
  address: Record<string, unknown>,
): Promise<GraphQLResult> {
  return shop.gql(
    `mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { ${CART_FIELDS} } } }`,
    { id: cartId, a: address },
  );
}

/** Everything placeOrder needs, step by step through the API; returns nothing, throws on any error. */
export async function prepareCheckout(
  shop: Shop,
  cartId: string,
  options: {
    email?: string;
    address?: Record<string, unknown>;
    carrier?: string;
    method?: string;
    payment?: string;
  } = {},
): Promise<void> {
  const steps: Array<[string, Record<string, unknown>]> = [
    [
      'mutation($id: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: $e }) { cart { email } } }',
      { e: options.email ?? 'ada@example.com' },
    ],
    [
      'mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: options.address ?? ADDRESS_CA },
    ],
    [
      'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
      {},
    ],
    [
      'mutation($id: String!, $c: String!, $m: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: $c, method_code: $m }] }) { cart { id } } }',
      { c: options.carrier ?? 'flatrate', m: options.method ?? 'flatrate' },
    ],
    [
      'mutation($id: String!, $p: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: $p } }) { cart { id } } }',
      { p: options.payment ?? 'checkmo' },
    ],
  ];
  for (const [query, variables] of steps) {
    const result = await shop.gql(query, { id: cartId, ...variables });
    if (result.errors) throw new Error(`${query.slice(9, 40)}: ${result.errors.map((e) => e.message).join('; ')}`);
  }
}

export const PLACE_ORDER = `mutation($id: String!) { placeOrder(input: { cart_id: $id }) {
  errors { code message }
  order { order_number }
  orderV2 { number email status items { product_sku product_name quantity_ordered product_sale_price { value } selected_options { label value } }
    total { subtotal { value } grand_total { value } total_tax { value } total_shipping { value } discounts { amount { value } label } taxes { amount { value } rate title } }
    shipping_address { firstname city region country_code } billing_address { lastname } payment_methods { name type } shipping_method applied_coupons { code } }
} }`;
