// Venia's Open Source mutations (venia/venia-14.5.1.operations.json) sent to a real server in the
// order a shopper's journeys send them: a guest fills a cart, estimates shipping, checks out and
// makes an account after it; a new customer merges the guest cart, keeps an address book, a wish
// list and a newsletter subscription, changes details, signs out and changes the password. Each
// operation runs with the variables Venia sends and must answer no error; every Open Source
// mutation runs at least once, but the named ones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountShop, PASSWORD } from '../customerHarness';
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
const mutations = data.operations.filter(
  (op) =>
    op.kind === 'mutation' &&
    op.edition !== 'ee' &&
    validate(magento, parse(op.document)).length === 0 &&
    validate(ours, parse(op.document)).length === 0,
);

/** Open Source mutations the journeys leave out, by why. */
const NOT_RUN: ReadonlyArray<readonly [reason: string, names: readonly string[]]> = [
  [
    'Venia sends it only for an order that costs nothing (payment method "free"); Magento refuses it otherwise',
    ['setPaymentMethodOnCart#free'],
  ],
  [
    'they need a Braintree gateway (and a kept card): braintreePayments.test.ts sends these same documents to a shop with the fake gateway',
    ['setSelectedPaymentMethod', 'DeleteCreditCardPayment'],
  ],
];

let shop: AccountShop;
let simple: { sku: string };
let variant: { sku: string; parent: string };
const ran = new Set<string>();
const failures: string[] = [];

/** Runs every variant of a named Venia mutation (Venia has several with one name) and records errors. */
async function send(name: string, variables: Record<string, unknown>, token?: string | null) {
  const variants = mutations.filter((op) => op.name === name && !op.document.includes('code: "free"'));
  if (variants.length === 0) throw new Error(`no Open Source mutation named ${name}`);
  let data: Record<string, any> = {};
  for (const op of variants) {
    const answer = await shop.gql(op.document, variables, token);
    ran.add(name);
    if (answer.errors?.length) failures.push(`${name} (${op.file}): ${answer.errors.map((e) => e.message).join('; ')}`);
    data = answer.data ?? {};
  }
  return data;
}

async function cartItems(cartId: string, token?: string | null): Promise<Array<{ uid: string; sku: string }>> {
  const answer = await shop.gql(
    'query($c: String!) { cart(cart_id: $c) { items { uid product { sku } } } }',
    { c: cartId },
    token,
  );
  return (answer.data.cart.items as Array<{ uid: string; product: { sku: string } }>).map((i) => ({
    uid: i.uid,
    sku: i.product.sku,
  }));
}

const ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Infinite Loop'],
  city: 'Cupertino',
  postcode: '95014',
  country_code: 'US',
  telephone: '555-0100',
};

beforeAll(async () => {
  shop = await openAccountShop();
  simple = shop.sql
    .prepare(
      `select sku from product where type = 'simple' and parent_id is null and in_stock = 1 and stock_qty > 50 order by id limit 1`,
    )
    .get() as { sku: string };
  variant = shop.sql
    .prepare(
      `select v.sku, p.sku as parent from product v join product p on p.id = v.parent_id
       where v.in_stock = 1 and v.stock_qty > 50 order by v.id limit 1`,
    )
    .get() as { sku: string; parent: string };
}, 60_000);
afterAll(async () => shop?.close());

describe("Venia 14.5.1's Open Source mutations against a real server", () => {
  it("answer no error along a guest's and a new customer's journeys, and all of them run", async () => {
    const californiaId = (
      shop.sql.prepare(`select id from region where country_id = 'US' and code = 'CA'`).get() as { id: number }
    ).id;
    const email = `venia-${Date.now()}@example.com`;

    // A guest's cart, its lines changed every way Venia changes them.
    const cartId = (await send('createCart', {})).cartId as string;
    await send('addSimpleProductToCart', { cartId, quantity: 1, sku: simple.sku });
    await send('addConfigurableProductToCart', { cartId, quantity: 1, sku: variant.sku, parentSku: variant.parent });
    await send('AddProductToCart', { cartId, product: { sku: simple.sku, quantity: 1 } });
    await send('AddItemToCart', { cartId, cartItem: { sku: simple.sku, quantity: 1 } });
    await send('AddProductToCartFromDialog', {
      cartId,
      cartItem: { sku: variant.sku, parent_sku: variant.parent, quantity: 1 },
    });
    let items = await cartItems(cartId);
    const simpleLine = items.find((i) => i.sku === simple.sku)!.uid;
    const variantLine = items.find((i) => i.sku !== simple.sku)!.uid;
    await send('updateItemQuantity', { cartId, itemId: simpleLine, quantity: 2 });
    await send('UpdateCartItemQuantity', { cartId, cartItemId: simpleLine, quantity: 3 });
    await send('updateItemInCart', { cartId, itemId: simpleLine, quantity: 2 });
    await send('UpdateConfigurableOptions', {
      cartId,
      cartItemId: variantLine,
      parentSku: variant.parent,
      variantSku: variant.sku,
      quantity: 1,
    });
    await send('applyCouponToCart', { cartId, couponCode: 'WELCOME10' });
    await send('removeCouponFromCart', { cartId });
    // Shipping estimated on the cart page (Venia sends the region as its id), then checkout.
    await send('SetShippingAddressForEstimate', { cartId, address: { ...ADDRESS, region: String(californiaId) } });
    const shippingMethod = { carrier_code: 'flatrate', method_code: 'flatrate' };
    await send('SetShippingMethodForEstimate', { cartId, shippingMethod });
    await send('setGuestEmailOnCart', { cartId, email });
    await send('SetGuestShipping', { cartId, email, address: { ...ADDRESS, region: String(californiaId) } });
    await send('setShippingAddress', {
      cartId,
      firstname: 'Ada',
      lastname: 'Lovelace',
      street: ['1 Infinite Loop'],
      city: 'Cupertino',
      country_id: 'US',
      region_code: 'CA',
      postcode: '95014',
      telephone: '555-0100',
    });
    await send('SetShippingMethod', { cartId, shippingMethod });
    await send('setBillingAddress', {
      cartId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      street1: '1 Infinite Loop',
      street2: '',
      city: 'Cupertino',
      region: 'CA',
      postcode: '95014',
      country: 'US',
      phoneNumber: '555-0100',
      firstname: 'Ada',
      lastname: 'Lovelace',
      street: ['1 Infinite Loop'],
      regionCode: 'CA',
      countryCode: 'US',
      telephone: '555-0100',
    });
    await send('setPaymentMethodOnCart', { cartId, paymentMethod: { code: 'checkmo' } });
    items = await cartItems(cartId);
    await send('placeOrder', { cartId });
    await send('CreateCartAfterCheckout', {});
    await send('CreateAccountAfterCheckout', {
      email,
      firstname: 'Ada',
      lastname: 'Lovelace',
      password: PASSWORD,
      is_subscribed: false,
    });
    const afterCheckout = (await send('SignInAfterCheckout', { email, password: PASSWORD })).generateCustomerToken
      .token as string;
    await send('SignOutFromModal', {}, afterCheckout);

    // Lines removed every way Venia removes them, on a new guest cart.
    const second = (await send('CreateCartWithProduct', {})).cartId as string;
    await send('CreateCartWithCartOptions', {});
    for (const name of ['removeItem', 'RemoveItemForOptions', 'RemoveItemForMiniCart']) {
      await send('AddItemToCart', { cartId: second, cartItem: { sku: simple.sku, quantity: 1 } });
      await send(name, { cartId: second, itemId: (await cartItems(second))[0]!.uid });
    }
    await send('AddItemToCart', { cartId: second, cartItem: { sku: simple.sku, quantity: 1 } });
    await send('SubscribeToNewsletter', { email: `news-${email}` });
    await send('SubmitContactForm', { name: 'Ada', email, comment: 'Hello', telephone: null });
    await send('requestPasswordResetEmail', { email });
    // The new password set with the link of the e-mail just sent, as Venia's reset page does.
    const mail =
      (await shop.mails('password-reset-')).filter((m) => m.text.includes(`To: ${email}`)).at(-1)?.text ?? '';
    const link = /https:\/\/shop\.example\/customer\/account\/createPassword\?token=[\w-]+/.exec(mail);
    expect(link, mail).not.toBeNull();
    await send('resetPassword', {
      email,
      token: new URL(link![0]).searchParams.get('token'),
      newPassword: `${PASSWORD}-reset`,
    });

    // A new customer: the guest cart merged into the customer's.
    const newEmail = `new-${email}`;
    await send('CreateAccount', {
      email: newEmail,
      firstname: 'Grace',
      lastname: 'Hopper',
      password: PASSWORD,
      is_subscribed: true,
    });
    const token = (await send('SignInAfterCreate', { email: newEmail, password: PASSWORD })).generateCustomerToken
      .token as string;
    const customerCart = (await send('CreateCartAfterAccountCreation', {}, token)).cartId as string;
    await send('MergeCartsAfterAccountCreation', { sourceCartId: second, destinationCartId: customerCart }, token);
    const signedIn = (await send('SignIn', { email: newEmail, password: PASSWORD })).generateCustomerToken
      .token as string;
    const again = (await send('CreateCartAfterSignIn', {}, signedIn)).cartId as string;
    const third = (await send('createCart', {})).cartId as string;
    await send('AddItemToCart', { cartId: third, cartItem: { sku: simple.sku, quantity: 1 } });
    await send('MergeCartsAfterSignIn', { sourceCartId: third, destinationCartId: again }, signedIn);

    // The address book, Venia's way (region_id as a string), and an address used at checkout.
    const address = { ...ADDRESS, region: { region_id: String(californiaId) }, default_shipping: true };
    const added = await send('AddNewCustomerAddressToAddressBook', { address }, signedIn);
    // A default address cannot be deleted (in Magento either): the second one is not.
    const created = await send('CreateCustomerAddress', { address: { ...address, default_shipping: false } }, signedIn);
    const addressId = Number(added.createCustomerAddress.id);
    await send('UpdateCustomerAddressInAddressBook', { addressId, updated_address: { city: 'Palo Alto' } }, signedIn);
    await send('UpdateCustomerAddress', { addressId, address: { city: 'Mountain View' } }, signedIn);
    await send('SetCustomerAddressOnCart', { cartId: again, addressId }, signedIn);
    await send(
      'DeleteCustomerAddressFromAddressBook',
      { addressId: Number(created.createCustomerAddress.id) },
      signedIn,
    );

    // The wish list (id "0": the customer's), into the cart and out.
    await send(
      'AddProductToWishlistFromGallery',
      { wishlistId: '0', itemOptions: { sku: simple.sku, quantity: 1 } },
      signedIn,
    );
    await send('AddWishlistItemToCart', { cartId: again, cartItem: { sku: simple.sku, quantity: 1 } }, signedIn);
    const list = await shop.gql('{ customer { wishlists { items_v2 { items { id } } } } }', {}, signedIn);
    const wishes = list.data.customer.wishlists[0].items_v2.items as Array<{ id: string }>;
    expect(wishes.length).toBe(1);
    await send('RemoveProductsFromWishlist', { wishlistId: '0', wishlistItemsId: wishes.map((i) => i.id) }, signedIn);

    // Account details, newsletter and password, then signing out.
    await send('SetNewsletterSubscription', { isSubscribed: false }, signedIn);
    await send('SetCustomerInformation', { customerInput: { firstname: 'Grace', lastname: 'Brewster' } }, signedIn);
    // Signing out of one session; a password change then ends the others.
    await send('SignOutFromMenu', {}, token);
    await send('ChangeCustomerPassword', { currentPassword: PASSWORD, newPassword: `${PASSWORD}-2` }, signedIn);

    expect(failures).toEqual([]);
    const notRun = new Set(NOT_RUN.flatMap(([, names]) => names.map((n) => n.split('#')[0]!)));
    const missed = [...new Set(mutations.map((op) => op.name))].filter((name) => !ran.has(name) && !notRun.has(name));
    expect(missed).toEqual([]);
  });
});
