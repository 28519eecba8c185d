// Venia's Open Source queries (venia/venia-14.5.1.operations.json) sent to a real server as a
// signed-in shopper with a cart, a wish list and an order, each with the variables Venia would
// send on this shop's pages: none may answer an error.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, validate } from 'graphql';
import type { OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountShop, signUp, US_ADDRESS } from '../customerHarness';
import type { AccountShop } from '../customerHarness';
import { buildOurSchema, buildReferenceSchema } from '../schemaSources';

interface VeniaOperation {
  name: string;
  kind: string;
  file: string;
  edition: string;
  document: string;
}

const data = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'venia/venia-14.5.1.operations.json'), 'utf8'),
) as { operations: VeniaOperation[] };
const ours = buildOurSchema();
const magento = buildReferenceSchema();
const queries = data.operations.filter(
  (op) =>
    op.kind === 'query' &&
    op.edition !== 'ee' &&
    validate(magento, parse(op.document)).length === 0 &&
    validate(ours, parse(op.document)).length === 0,
);

let shop: AccountShop;
let token: string;
let values: Record<string, unknown>;

beforeAll(async () => {
  shop = await openAccountShop();
  const one = <T>(sql: string) => shop.sql.prepare(sql).get() as T;
  const simple = one<{ sku: string }>(
    `select sku from product where type = 'simple' and parent_id is null and in_stock = 1 and stock_qty > 10 order by id limit 1`,
  );
  const configurable = one<{ sku: string; url_key: string }>(
    `select sku, url_key from product where type = 'configurable' order by id limit 1`,
  );
  const category = one<{ id: number; url_path: string }>(
    `select id, url_path from category where level = 2 order by position, id limit 1`,
  );
  const block = one<{ identifier: string }>('select identifier from cms_block order by id limit 1');
  ({ token } = await signUp(shop));
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = await shop.gql(query, variables, token);
    if (answer.errors) throw new Error(`${query.slice(0, 60)}: ${answer.errors.map((e) => e.message).join('; ')}`);
    return answer.data;
  };
  // An order first (it empties the customer's cart), then a cart with a line and a wish list.
  const orderCart = (await gql('mutation { createEmptyCart }')).createEmptyCart as string;
  const steps = [
    `mutation($c: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: "${simple.sku}", quantity: 1 }]) { cart { id } } }`,
    `mutation($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }`,
    'mutation($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }',
    'mutation($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
    'mutation($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo" } }) { cart { id } } }',
  ];
  for (const step of steps) await gql(step, { c: orderCart, a: { ...US_ADDRESS, region: 'CA' } });
  const placed = await gql('mutation($c: String!) { placeOrder(input: { cart_id: $c }) { orderV2 { number } } }', {
    c: orderCart,
  });
  const cartId = (await gql('mutation { createEmptyCart }')).createEmptyCart as string;
  await gql(steps[0]!, { c: cartId });
  const wishlist = await gql(
    `mutation { addProductsToWishlist(wishlistId: "0", wishlistItems: [{ sku: "${simple.sku}", quantity: 1 }]) { wishlist { id } } }`,
  );
  const categoryUid = Buffer.from(String(category.id)).toString('base64');
  // Every variable Venia's queries declare, as Venia fills it on this shop's pages.
  values = {
    cartId,
    categoryIdFilter: { eq: categoryUid },
    cmsBlockIdentifiers: [block.identifier],
    identifiers: [block.identifier],
    configurableOptionValues: [],
    countryCode: 'US',
    currentPage: 1,
    email: 'someone.new@example.com',
    filter: {},
    filters: { category_uid: { eq: categoryUid } },
    id: categoryUid,
    identifier: 'home',
    inputText: 'jacket',
    orderNumber: placed.placeOrder.orderV2.number,
    pageSize: 12,
    search: 'jacket',
    sku: configurable.sku,
    sort: { position: 'ASC' },
    url: `${category.url_path}.html`,
    urlKey: configurable.url_key,
    urlKeys: [configurable.url_key],
    url_keys: [configurable.url_key],
    wishlistId: wishlist.addProductsToWishlist.wishlist.id,
  };
}, 120_000);
afterAll(async () => shop?.close());

/** The variables of one operation; a wish list's `id` is the wish list's, a category's the category's. */
function variablesOf(op: VeniaOperation): Record<string, unknown> {
  const definition = parse(op.document).definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  const result: Record<string, unknown> = {};
  for (const variable of definition.variableDefinitions ?? []) {
    const name = variable.variable.name.value;
    if (!(name in values)) throw new Error(`${op.name}: no plausible value for $${name}`);
    result[name] = name === 'id' && op.name === 'getCustomerWishlist' ? values.wishlistId : values[name];
  }
  return result;
}

describe("Venia 14.5.1's Open Source queries against a real server", () => {
  it('are many', () => {
    expect(queries.length).toBeGreaterThan(80);
  });

  it('answer without an error, for a signed-in shopper with a cart, a wish list and an order', async () => {
    const failures: string[] = [];
    for (const op of queries) {
      const answer = await shop.gql(op.document, variablesOf(op), token);
      if (answer.errors?.length)
        failures.push(`${op.name} (${op.file}): ${answer.errors.map((e) => e.message).join('; ')}`);
    }
    expect(failures).toEqual([]);
  });
});
