// Places where Magento clients (Venia first) rely on how Magento behaves beyond its schema, each
// checked against Magento's own code: a signed-in shopper's createEmptyCart, a numeric region in
// an address, wish-list id "0", and numeric strings for Int and Float inputs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, openAccountShop, signUp, US_ADDRESS } from './customerHarness';
import type { AccountShop } from './customerHarness';

let shop: AccountShop;
let sku: string;
let californiaId: number;

beforeAll(async () => {
  shop = await openAccountShop();
  sku = (
    shop.sql
      .prepare(`select sku from product where type = 'simple' and in_stock = 1 and stock_qty > 10 order by id limit 1`)
      .get() as { sku: string }
  ).sku;
  californiaId = (
    shop.sql.prepare(`select id from region where country_id = 'US' and code = 'CA'`).get() as { id: number }
  ).id;
}, 60_000);
afterAll(async () => shop?.close());

const CREATE_EMPTY_CART = 'mutation { createEmptyCart }';
const ADD = `mutation($cart: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cart, cartItems: $items) {
  cart { total_quantity } user_errors { message } } }`;

describe("createEmptyCart with a customer's token", () => {
  it("answers the customer's active cart, made if needed, and the same one every time", async () => {
    const { token } = await signUp(shop);
    const first = await shop.gql(CREATE_EMPTY_CART, {}, token);
    expect(first.errors).toBeUndefined();
    const cartId = first.data.createEmptyCart as string;
    const customerCart = await shop.gql('{ customerCart { id } }', {}, token);
    expect(customerCart.data.customerCart.id).toBe(cartId);
    // Usable by its customer, as every later cart call of a signed-in Venia shopper is.
    const added = await shop.gql(ADD, { cart: cartId, items: [{ sku, quantity: 1 }] }, token);
    expect(added.errors).toBeUndefined();
    expect(added.data.addProductsToCart.cart.total_quantity).toBe(1);
    const again = await shop.gql(CREATE_EMPTY_CART, {}, token);
    expect(again.data.createEmptyCart).toBe(cartId);
    // Still refused to anyone else.
    const guest = await shop.gql(ADD, { cart: cartId, items: [{ sku, quantity: 1 }] });
    expect(errorOf(guest)?.message).toMatch(/cannot perform operations on cart/);
  });

  it('still makes a guest cart without a token', async () => {
    const guest = await shop.gql(CREATE_EMPTY_CART);
    const added = await shop.gql(ADD, { cart: guest.data.createEmptyCart, items: [{ sku, quantity: 2 }] });
    expect(added.data.addProductsToCart.cart.total_quantity).toBe(2);
  });

  it('createGuestCart refuses a signed-in customer and points to customerCart, as Magento does', async () => {
    const { token } = await signUp(shop);
    const answer = await shop.gql('mutation { createGuestCart { cart { id } } }', {}, token);
    expect(errorOf(answer)?.message).toBe('Use `Query.customerCart` for logged in customer.');
  });
});

describe('a numeric region in a cart address', () => {
  const SET = `mutation($cart: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $cart,
    shipping_addresses: [{ address: $a }] }) { cart { shipping_addresses { region { code label region_id } } } } }`;

  it("is the region's id, as Venia's guest checkout sends it", async () => {
    const cart = (await shop.gql(CREATE_EMPTY_CART)).data.createEmptyCart as string;
    await shop.gql(ADD, { cart, items: [{ sku, quantity: 1 }] });
    const answer = await shop.gql(SET, {
      cart,
      a: { ...US_ADDRESS, region: String(californiaId), save_in_address_book: false },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.setShippingAddressesOnCart.cart.shipping_addresses[0].region).toEqual({
      code: 'CA',
      label: 'California',
      region_id: californiaId,
    });
  });

  it("is refused when no region of the address's country has that id", async () => {
    const cart = (await shop.gql(CREATE_EMPTY_CART)).data.createEmptyCart as string;
    await shop.gql(ADD, { cart, items: [{ sku, quantity: 1 }] });
    const answer = await shop.gql(SET, { cart, a: { ...US_ADDRESS, region: '999999' } });
    expect(errorOf(answer)?.message).toMatch(/region/i);
  });
});

describe('wish-list id "0"', () => {
  it("is the customer's default wish list for every wish-list mutation", async () => {
    const { token } = await signUp(shop);
    const added = await shop.gql(
      `mutation { addProductsToWishlist(wishlistId: "0", wishlistItems: [{ sku: "${sku}", quantity: 1 }]) {
        user_errors { message } wishlist { id items_v2 { items { id } } } } }`,
      {},
      token,
    );
    expect(added.errors).toBeUndefined();
    const wishlist = added.data.addProductsToWishlist.wishlist;
    const mine = await shop.gql('{ customer { wishlists { id } } }', {}, token);
    expect(wishlist.id).toBe(mine.data.customer.wishlists[0].id);
    const itemId = wishlist.items_v2.items[0].id as string;
    const updated = await shop.gql(
      `mutation($i: ID!) { updateProductsInWishlist(wishlistId: "0", wishlistItems: [{ wishlist_item_id: $i, quantity: 3 }]) {
        user_errors { message } wishlist { items_v2 { items { quantity } } } } }`,
      { i: itemId },
      token,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateProductsInWishlist.wishlist.items_v2.items[0].quantity).toBe(3);
    const removed = await shop.gql(
      `mutation($i: [ID!]!) { removeProductsFromWishlist(wishlistId: "0", wishlistItemsIds: $i) {
        user_errors { message } wishlist { items_v2 { items { id } } } } }`,
      { i: [itemId] },
      token,
    );
    expect(removed.errors).toBeUndefined();
    expect(removed.data.removeProductsFromWishlist.wishlist.items_v2.items).toEqual([]);
  });

  it('is still refused to a guest', async () => {
    const answer = await shop.gql(
      `mutation { addProductsToWishlist(wishlistId: "0", wishlistItems: [{ sku: "${sku}", quantity: 1 }]) { wishlist { id } } }`,
    );
    expect(errorOf(answer)?.category).toBe('graphql-authorization');
  });
});

describe('numeric strings for Int and Float inputs', () => {
  it('are accepted as variables and as literals, as Magento casts them', async () => {
    // Again and again: from the second time on the query runs compiled, which checks variables itself.
    for (let time = 0; time < 4; time += 1) {
      const asVariable = await shop.gql(
        'query($size: Int) { products(search: "a", pageSize: $size) { items { sku } } }',
        { size: '2' },
      );
      expect(asVariable.errors, `time ${time}`).toBeUndefined();
      expect(asVariable.data.products.items).toHaveLength(2);
    }
    const asLiteral = await shop.gql('{ products(search: "a", pageSize: "3") { items { sku } } }');
    expect(asLiteral.errors).toBeUndefined();
    expect(asLiteral.data.products.items).toHaveLength(3);
    const cart = (await shop.gql(CREATE_EMPTY_CART)).data.createEmptyCart as string;
    const float = await shop.gql(ADD, { cart, items: [{ sku, quantity: '2' }] });
    expect(float.errors).toBeUndefined();
    expect(float.data.addProductsToCart.cart.total_quantity).toBe(2);
  });

  it("take a customer address's region_id as a string (Venia's address book)", async () => {
    const { token } = await signUp(shop);
    const answer = await shop.gql(
      `mutation($a: CustomerAddressInput!) { createCustomerAddress(input: $a) { region { region_id region_code } } }`,
      { a: { ...US_ADDRESS, region: { region_id: String(californiaId) } } },
      token,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createCustomerAddress.region).toEqual({ region_id: californiaId, region_code: 'CA' });
  });

  it('refuse what Magento refuses: fractions for Int, words and empty strings', async () => {
    for (const size of ['2.5', 'two', '']) {
      const answer = await shop.gql('query($size: Int) { products(search: "a", pageSize: $size) { items { sku } } }', {
        size,
      });
      expect(answer.errors?.[0]?.message, size).toMatch(/Int/);
    }
    const cart = (await shop.gql(CREATE_EMPTY_CART)).data.createEmptyCart as string;
    const word = await shop.gql(ADD, { cart, items: [{ sku, quantity: 'two' }] });
    expect(word.errors?.[0]?.message).toMatch(/Float/);
  });
});
