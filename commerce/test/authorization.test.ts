// The authorisation matrix: for every object a customer owns, another customer and a guest are
// refused, and the refusal for someone else's id reads exactly like the one for an id that does
// not exist (ids are sequential; the answer must not tell which ones are taken).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_ORDER, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';
import { errorOf, openAccountShop, signUp, US_ADDRESS } from './customerHarness';
import type { AccountShop } from './customerHarness';

let shop: AccountShop;
let item: Fixture;
let alice: {
  token: string;
  email: string;
  addressId: number;
  cartId: string;
  wishlistId: string;
  wishlistItemId: string;
  orderNumber: string;
};
let bob: { token: string; email: string; cartId: string; wishlistId: string };
let guestCartId: string;

const NOT_AUTHORIZED = "The current customer isn't authorized.";
const MISSING_CART = 'Zm9yZ2VkLWNhcnQtaWQtdGhhdC1kb2Vz';
const MISSING_ADDRESS = 987654;
const MISSING_WISHLIST = '987654';
const MISSING_ITEM = '876543';

type Actor = 'bob' | 'guest';
const tokenOf = (actor: Actor) => (actor === 'bob' ? bob.token : null);
/** The message with the id it names replaced, so foreign and missing ids can be compared. */
const shape = (message: string | undefined, id: string | number) => message?.split(String(id)).join('<id>');

async function must(query: string, variables: Record<string, unknown>, token: string | null) {
  const result = await shop.gql(query, variables, token);
  if (result.errors) throw new Error(`${query.slice(0, 60)}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data;
}

beforeAll(async () => {
  shop = await openAccountShop();
  item = simpleProduct({ sql: shop.sql } as Shop, { price: 2500, stock: 100 });
  const a = await signUp(shop);
  const addressId = (
    await must(
      'mutation($a: CustomerAddressInput!) { createCustomerAddress(input: $a) { id } }',
      { a: US_ADDRESS },
      a.token,
    )
  ).createCustomerAddress.id;
  // One cart becomes an order; the next stays open with one line.
  const orderCart = (await must('{ customerCart { id } }', {}, a.token)).customerCart.id;
  await must(
    'mutation($id: String!, $s: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $s, quantity: 1 }]) { cart { id } } }',
    { id: orderCart, s: item.sku },
    a.token,
  );
  await must(
    'mutation($id: String!, $a: Int!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ customer_address_id: $a }] }) { cart { id } } }',
    { id: orderCart, a: addressId },
    a.token,
  );
  await must(
    'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
    { id: orderCart },
    a.token,
  );
  await must(
    'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
    { id: orderCart },
    a.token,
  );
  await must(
    'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
    { id: orderCart },
    a.token,
  );
  const orderNumber = (await must(PLACE_ORDER, { id: orderCart }, a.token)).placeOrder.orderV2.number;
  const cartId = (await must('{ customerCart { id } }', {}, a.token)).customerCart.id;
  await must(
    'mutation($id: String!, $s: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $s, quantity: 1 }]) { cart { id } } }',
    { id: cartId, s: item.sku },
    a.token,
  );
  const wishlistId = (await must('{ customer { wishlists { id } } }', {}, a.token)).customer.wishlists[0].id;
  const wishlistItemId = (
    await must(
      'mutation($w: ID!, $s: String!) { addProductsToWishlist(wishlistId: $w, wishlistItems: [{ sku: $s, quantity: 1 }]) { wishlist { items_v2 { items { id } } } } }',
      { w: wishlistId, s: item.sku },
      a.token,
    )
  ).addProductsToWishlist.wishlist.items_v2.items[0].id;
  alice = { ...a, addressId, cartId, wishlistId, wishlistItemId, orderNumber };

  const b = await signUp(shop);
  bob = {
    ...b,
    cartId: (await must('{ customerCart { id } }', {}, b.token)).customerCart.id,
    wishlistId: (await must('{ customer { wishlists { id } } }', {}, b.token)).customer.wishlists[0].id,
  };
  guestCartId = (await must('mutation { createGuestCart { cart { id } } }', {}, null)).createGuestCart.cart.id;
}, 120_000);

afterAll(async () => shop?.close());

describe('account', () => {
  it('a guest cannot read any account; a customer reads only their own', async () => {
    expect(errorOf(await shop.gql('{ customer { email } }'))).toEqual({
      message: NOT_AUTHORIZED,
      category: 'graphql-authorization',
    });
    expect(
      (await shop.gql('{ customer { email addresses { id } orders { total_count } } }', {}, bob.token)).data.customer,
    ).toEqual({ email: bob.email, addresses: [], orders: { total_count: 0 } });
  });

  it.each([
    ['updateCustomerV2', 'mutation { updateCustomerV2(input: { firstname: "Mallory" }) { customer { firstname } } }'],
    [
      'updateCustomerEmail',
      'mutation { updateCustomerEmail(email: "x@example.com", password: "Whatever-1") { customer { email } } }',
    ],
    [
      'changeCustomerPassword',
      'mutation { changeCustomerPassword(currentPassword: "Whatever-1", newPassword: "Whatever-2x") { email } }',
    ],
    ['createCustomerAddress', 'mutation { createCustomerAddress(input: { firstname: "M" }) { id } }'],
    ['customerCart', '{ customerCart { id } }'],
    ['wishlist', '{ wishlist { items_count } }'],
    ['revokeCustomerToken', 'mutation { revokeCustomerToken { result } }'],
  ])('a guest is refused %s', async (_name, query) => {
    expect(errorOf(await shop.gql(query))).toEqual({ message: NOT_AUTHORIZED, category: 'graphql-authorization' });
  });
});

describe('addresses', () => {
  const cases: Array<[string, (actor: Actor, id: number) => Promise<string | undefined>]> = [
    [
      'updateCustomerAddress',
      async (actor, id) =>
        errorOf(
          await shop.gql(
            'mutation($id: Int!) { updateCustomerAddress(id: $id, input: { city: "Mallory" }) { id } }',
            { id },
            tokenOf(actor),
          ),
        )?.message,
    ],
    [
      'deleteCustomerAddress',
      async (actor, id) =>
        errorOf(await shop.gql('mutation($id: Int!) { deleteCustomerAddress(id: $id) }', { id }, tokenOf(actor)))
          ?.message,
    ],
    [
      'setShippingAddressesOnCart with customer_address_id',
      async (actor, id) =>
        errorOf(
          await shop.gql(
            'mutation($c: String!, $id: Int!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ customer_address_id: $id }] }) { cart { id } } }',
            { c: actor === 'bob' ? bob.cartId : guestCartId, id },
            tokenOf(actor),
          ),
        )?.message,
    ],
    [
      'setBillingAddressOnCart with customer_address_id',
      async (actor, id) =>
        errorOf(
          await shop.gql(
            'mutation($c: String!, $id: Int!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { customer_address_id: $id } }) { cart { id } } }',
            { c: actor === 'bob' ? bob.cartId : guestCartId, id },
            tokenOf(actor),
          ),
        )?.message,
    ],
  ];

  it.each(cases)(
    '%s: another customer and a guest are refused, foreign and missing ids alike',
    async (_name, attempt) => {
      for (const actor of ['bob', 'guest'] as const) {
        const foreign = await attempt(actor, alice.addressId);
        const missing = await attempt(actor, MISSING_ADDRESS);
        expect(foreign, actor).toBeDefined();
        expect(shape(foreign, alice.addressId), actor).toBe(shape(missing, MISSING_ADDRESS));
        expect(foreign).toBe(
          actor === 'bob' ? `Could not find a address with ID "${alice.addressId}"` : NOT_AUTHORIZED,
        );
      }
    },
  );

  it("left Alice's address as it was", async () => {
    expect((await shop.gql('{ customer { addresses { id city } } }', {}, alice.token)).data.customer.addresses).toEqual(
      [{ id: alice.addressId, city: 'Cupertino' }],
    );
  });
});

describe('orders', () => {
  it("another customer finds neither Alice's order nor a missing one; a guest is refused", async () => {
    const q =
      'query($n: String!) { customer { orders(filter: { number: { eq: $n } }) { total_count items { number } } } }';
    const foreign = await shop.gql(q, { n: alice.orderNumber }, bob.token);
    const missing = await shop.gql(q, { n: '999999999' }, bob.token);
    expect(foreign.data.customer.orders).toEqual({ total_count: 0, items: [] });
    expect(missing.data.customer.orders).toEqual(foreign.data.customer.orders);
    expect(errorOf(await shop.gql(q, { n: alice.orderNumber }))?.message).toBe(NOT_AUTHORIZED);
    expect((await shop.gql(q, { n: alice.orderNumber }, alice.token)).data.customer.orders.items).toEqual([
      { number: alice.orderNumber },
    ]);
  });
});

describe('wishlist and its items', () => {
  const wishlistCases: Array<[string, string, (id: string) => Record<string, unknown>]> = [
    [
      'addProductsToWishlist',
      'mutation($w: ID!, $s: String!) { addProductsToWishlist(wishlistId: $w, wishlistItems: [{ sku: $s, quantity: 1 }]) { wishlist { id } } }',
      () => ({ s: item.sku }),
    ],
    [
      'removeProductsFromWishlist',
      'mutation($w: ID!, $i: ID!) { removeProductsFromWishlist(wishlistId: $w, wishlistItemsIds: [$i]) { wishlist { id } } }',
      () => ({ i: alice.wishlistItemId }),
    ],
    [
      'updateProductsInWishlist',
      'mutation($w: ID!, $i: ID!) { updateProductsInWishlist(wishlistId: $w, wishlistItems: [{ wishlist_item_id: $i, quantity: 9 }]) { wishlist { id } } }',
      () => ({ i: alice.wishlistItemId }),
    ],
    ['addWishlistItemsToCart', 'mutation($w: ID!) { addWishlistItemsToCart(wishlistId: $w) { status } }', () => ({})],
  ];

  it.each(wishlistCases)(
    '%s: another customer and a guest are refused, foreign and missing ids alike',
    async (_name, query, extra) => {
      for (const actor of ['bob', 'guest'] as const) {
        const foreign = errorOf(
          await shop.gql(query, { w: alice.wishlistId, ...extra(alice.wishlistId) }, tokenOf(actor)),
        )?.message;
        const missing = errorOf(
          await shop.gql(query, { w: MISSING_WISHLIST, ...extra(MISSING_WISHLIST) }, tokenOf(actor)),
        )?.message;
        expect(foreign, actor).toBe(actor === 'bob' ? 'The wishlist was not found.' : NOT_AUTHORIZED);
        expect(missing, actor).toBe(foreign);
      }
    },
  );

  it("wishlist_v2 answers null for Alice's id and for a missing one", async () => {
    const q = 'query($id: ID!) { customer { wishlist_v2(id: $id) { id items_count } } }';
    expect((await shop.gql(q, { id: alice.wishlistId }, bob.token)).data.customer.wishlist_v2).toBeNull();
    expect((await shop.gql(q, { id: MISSING_WISHLIST }, bob.token)).data.customer.wishlist_v2).toBeNull();
  });

  it("Alice's item ids named in Bob's own wishlist read like missing ones", async () => {
    const remove =
      'mutation($w: ID!, $i: ID!) { removeProductsFromWishlist(wishlistId: $w, wishlistItemsIds: [$i]) { user_errors { code message } } }';
    const update =
      'mutation($w: ID!, $i: ID!) { updateProductsInWishlist(wishlistId: $w, wishlistItems: [{ wishlist_item_id: $i, quantity: 2 }]) { user_errors { code message } } }';
    for (const query of [remove, update]) {
      const foreign = (await shop.gql(query, { w: bob.wishlistId, i: alice.wishlistItemId }, bob.token)).data;
      const missing = (await shop.gql(query, { w: bob.wishlistId, i: MISSING_ITEM }, bob.token)).data;
      const errors = (d: any) =>
        (d.removeProductsFromWishlist ?? d.updateProductsInWishlist).user_errors as Array<{
          code: string;
          message: string;
        }>;
      expect(errors(foreign)).toEqual([
        { code: 'PRODUCT_NOT_FOUND', message: `Could not find a wishlist item with ID "${alice.wishlistItemId}"` },
      ]);
      expect(errors(missing).map((e) => shape(e.message, MISSING_ITEM))).toEqual(
        errors(foreign).map((e) => shape(e.message, alice.wishlistItemId)),
      );
    }
    const bobsMove = await shop.gql(
      'mutation($w: ID!, $i: ID!) { addWishlistItemsToCart(wishlistId: $w, wishlistItemIds: [$i]) { status } }',
      { w: bob.wishlistId, i: alice.wishlistItemId },
      bob.token,
    );
    expect(errorOf(bobsMove)?.message).toBe(`The wishlist item ids "${alice.wishlistItemId}" were not found.`);
  });

  it("left Alice's wishlist as it was", async () => {
    const wishlist = (
      await shop.gql('{ customer { wishlist { items_count items_v2 { items { id quantity } } } } }', {}, alice.token)
    ).data.customer.wishlist;
    expect(wishlist).toEqual({ items_count: 1, items_v2: { items: [{ id: alice.wishlistItemId, quantity: 1 }] } });
  });
});

describe('customer cart', () => {
  const denied = (id: string) => `The current user cannot perform operations on cart "${id}"`;
  const cartCases: Array<[string, string]> = [
    ['cart', 'query($id: String!) { cart(cart_id: $id) { id } }'],
    [
      'addProductsToCart',
      'mutation($id: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: "x", quantity: 1 }]) { cart { id } } }',
    ],
    [
      'updateCartItems',
      'mutation($id: String!) { updateCartItems(input: { cart_id: $id, cart_items: [{ cart_item_id: 1, quantity: 5 }] }) { cart { id } } }',
    ],
    [
      'removeItemFromCart',
      'mutation($id: String!) { removeItemFromCart(input: { cart_id: $id, cart_item_id: 1 }) { cart { id } } }',
    ],
    [
      'applyCouponToCart',
      'mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "WELCOME10" }) { cart { id } } }',
    ],
    [
      'removeCouponFromCart',
      'mutation($id: String!) { removeCouponFromCart(input: { cart_id: $id }) { cart { id } } }',
    ],
    [
      'setGuestEmailOnCart',
      'mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "m@example.com" }) { cart { id } } }',
    ],
    [
      'setShippingAddressesOnCart',
      'mutation($id: String!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: { firstname: "M", lastname: "M", street: ["1"], city: "X", postcode: "1", country_code: "DE", telephone: "1" } }] }) { cart { id } } }',
    ],
    [
      'setBillingAddressOnCart',
      'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
    ],
    [
      'setShippingMethodsOnCart',
      'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
    ],
    [
      'setPaymentMethodOnCart',
      'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
    ],
    [
      'estimateShippingMethods',
      'mutation($id: String!) { estimateShippingMethods(input: { cart_id: $id, address: { country_code: US } }) { carrier_code } }',
    ],
    ['placeOrder', 'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { errors { message } } }'],
  ];

  it.each(cartCases)(
    "%s: another customer is refused alike for Alice's cart and a missing one; a guest is refused Alice's cart",
    async (_name, query) => {
      const bobForeign = errorOf(await shop.gql(query, { id: alice.cartId }, bob.token));
      const bobMissing = errorOf(await shop.gql(query, { id: MISSING_CART }, bob.token));
      expect(bobForeign).toEqual({ message: denied(alice.cartId), category: 'graphql-authorization' });
      expect(shape(bobMissing?.message, MISSING_CART)).toBe(shape(bobForeign?.message, alice.cartId));
      const guestForeign = errorOf(await shop.gql(query, { id: alice.cartId }));
      expect(guestForeign).toEqual({ message: denied(alice.cartId), category: 'graphql-authorization' });
      // A guest asking for an unknown masked id gets Magento's not-found answer, which Magento
      // clients use to drop a stale cart id; the 192-bit masked id is the secret, not its existence.
      const guestMissing = errorOf(await shop.gql(query, { id: MISSING_CART }));
      if (guestMissing) expect(guestMissing.message).not.toBe(denied(MISSING_CART));
    },
  );

  it("mergeCarts and assignCustomerToGuestCart refuse Alice's cart like a missing one", async () => {
    for (const query of [
      'mutation($id: String!) { mergeCarts(source_cart_id: $id) { id } }',
      'mutation($id: String!, $d: String!) { mergeCarts(source_cart_id: $d, destination_cart_id: $id) { id } }',
      'mutation($id: String!) { assignCustomerToGuestCart(cart_id: $id) { id } }',
    ]) {
      const foreign = errorOf(await shop.gql(query, { id: alice.cartId, d: guestCartId }, bob.token));
      const missing = errorOf(await shop.gql(query, { id: MISSING_CART, d: guestCartId }, bob.token));
      expect(foreign, query).toEqual({ message: denied(alice.cartId), category: 'graphql-authorization' });
      expect(shape(missing?.message, MISSING_CART)).toBe(shape(foreign?.message, alice.cartId));
      expect(errorOf(await shop.gql(query, { id: alice.cartId, d: guestCartId }))?.message).toBe(NOT_AUTHORIZED);
    }
  });

  it('a signed-in customer cannot use a guest cart directly (only through mergeCarts)', async () => {
    expect(
      errorOf(await shop.gql('query($id: String!) { cart(cart_id: $id) { id } }', { id: guestCartId }, bob.token))
        ?.message,
    ).toBe(denied(guestCartId));
  });

  it("Alice's own token, once expired, no longer opens her cart", async () => {
    const fresh = (
      await shop.gql(
        'mutation($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }',
        { e: alice.email, p: 'Correct-Horse-9' },
      )
    ).data.generateCustomerToken.token;
    expect(
      (await shop.gql('query($id: String!) { cart(cart_id: $id) { id } }', { id: alice.cartId }, fresh)).data.cart.id,
    ).toBe(alice.cartId);
    shop.clock.advance(2 * 3_600_000);
    expect(
      errorOf(await shop.gql('query($id: String!) { cart(cart_id: $id) { id } }', { id: alice.cartId }, fresh))
        ?.message,
    ).toBe(denied(alice.cartId));
  });

  it("left Alice's cart as it was", async () => {
    const fresh = (
      await shop.gql(
        'mutation($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }',
        { e: alice.email, p: 'Correct-Horse-9' },
      )
    ).data.generateCustomerToken.token;
    const cart = (
      await shop.gql(
        '{ customerCart { id email total_quantity applied_coupons { code } shipping_addresses { city } } }',
        {},
        fresh,
      )
    ).data.customerCart;
    expect(cart).toEqual({
      id: alice.cartId,
      email: alice.email,
      total_quantity: 1,
      applied_coupons: null,
      shipping_addresses: [],
    });
  });
});
