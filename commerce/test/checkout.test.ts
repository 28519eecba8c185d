import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  ADDRESS_CA,
  CART_FIELDS,
  newCart,
  openShop,
  readCart,
  setShippingAddress,
  simpleProduct,
} from './cartHarness';
import type { Fixture, Shop } from './cartHarness';

let shop: Shop;
let item: Fixture;

beforeAll(async () => {
  shop = await openShop();
  item = simpleProduct(shop, { price: 2500, stock: 100 });
}, 60_000);

afterAll(async () => shop?.close());

async function cartWith(quantity: number): Promise<string> {
  const id = await newCart(shop);
  await addToCart(shop, id, [{ sku: item.sku, quantity }]);
  return id;
}

const EMAIL =
  'mutation($id: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: $e }) { cart { email } } }';
const METHOD = `mutation($id: String!, $c: String!, $m: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: $c, method_code: $m }] }) { cart { ${CART_FIELDS} } } }`;
const PAYMENT = `mutation($id: String!, $p: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: $p } }) { cart { ${CART_FIELDS} } } }`;
const BILLING = `mutation($id: String!, $b: BillingAddressInput!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: $b }) { cart { ${CART_FIELDS} } } }`;

describe('guest e-mail', () => {
  it('stores a valid address and refuses an invalid one without changing the cart', async () => {
    const id = await cartWith(1);
    expect((await shop.gql(EMAIL, { id, e: 'ada@example.com' })).data.setGuestEmailOnCart.cart.email).toBe(
      'ada@example.com',
    );
    const bad = await shop.gql(EMAIL, { id, e: 'not-an-email' });
    expect(bad.errors?.[0]?.message).toBe('Invalid email format');
    expect((await readCart(shop, id)).email).toBe('ada@example.com');
  });
});

describe('addresses', () => {
  it('stores a US address with its region resolved from the directory', async () => {
    const id = await cartWith(1);
    const result = await setShippingAddress(shop, id, ADDRESS_CA);
    expect(result.errors).toBeUndefined();
    const [address] = result.data.setShippingAddressesOnCart.cart.shipping_addresses;
    expect(address).toMatchObject({
      firstname: 'Ada',
      street: ['1 Infinite Loop'],
      city: 'Cupertino',
      postcode: '95014',
      country: { code: 'US', label: 'United States' },
    });
    expect(address.region).toMatchObject({ code: 'CA', label: 'California' });
    expect(address.region.region_id).toBeGreaterThan(0);
  });

  it.each([
    ['an empty first name', { firstname: '  ' }, '"firstname" is required. Enter and try again.'],
    ['an empty street', { street: [''] }, '"street" is required. Enter and try again.'],
    ['an empty city', { city: '' }, '"city" is required. Enter and try again.'],
    ['a US address without a region', { region: null }, '"regionId" is required. Enter and try again.'],
    ['a region of another country', { region: 'Bayern' }, 'Invalid value of "Bayern" provided for the regionId field.'],
    [
      'an unknown region id',
      { region: null, region_id: 99999 },
      'Invalid value of "99999" provided for the regionId field.',
    ],
    ['an unknown country', { country_code: 'XX' }, 'Invalid value of "XX" provided for the countryId field.'],
  ])('refuses %s and keeps the address that was there', async (_what, change, message) => {
    const id = await cartWith(1);
    await setShippingAddress(shop, id, ADDRESS_CA);
    const before = await readCart(shop, id);
    const result = await setShippingAddress(shop, id, { ...ADDRESS_CA, ...change });
    expect(result.errors?.[0]?.message).toBe(message);
    expect(await readCart(shop, id)).toEqual(before);
  });

  it('reports a missing required field as a GraphQL validation error', async () => {
    const id = await cartWith(1);
    const { firstname: _omit, ...rest } = ADDRESS_CA;
    const result = await setShippingAddress(shop, id, rest);
    expect(result.errors?.[0]?.message).toContain('firstname');
  });

  it('accepts a German address without a region, and copies shipping to billing with same_as_shipping', async () => {
    const id = await cartWith(1);
    const sameTooEarly = await shop.gql(BILLING, { id, b: { same_as_shipping: true } });
    expect(sameTooEarly.errors?.[0]?.message).toBe(
      'Could not use the "same_as_shipping" option, because the shipping address has not been set.',
    );
    await setShippingAddress(shop, id, {
      ...ADDRESS_CA,
      region: null,
      country_code: 'DE',
      city: 'Berlin',
      postcode: '10115',
    });
    const cart = (await shop.gql(BILLING, { id, b: { same_as_shipping: true } })).data.setBillingAddressOnCart.cart;
    expect(cart.billing_address).toEqual({ firstname: 'Ada', city: 'Berlin', country: { code: 'DE' } });
  });

  it('sets a separate billing address, and with use_for_shipping also the shipping address', async () => {
    const id = await cartWith(1);
    const billing = { ...ADDRESS_CA, firstname: 'Charles', city: 'New York', region: 'NY', postcode: '10001' };
    const cart = (await shop.gql(BILLING, { id, b: { address: billing, use_for_shipping: true } })).data
      .setBillingAddressOnCart.cart;
    expect(cart.billing_address.firstname).toBe('Charles');
    expect(cart.shipping_addresses[0].city).toBe('New York');
  });
});

describe('shipping methods', () => {
  it('offers flat rate per item, table rate by country and free shipping from $75', async () => {
    const small = await cartWith(2); // $50
    const methods = (await setShippingAddress(shop, small, ADDRESS_CA)).data.setShippingAddressesOnCart.cart
      .shipping_addresses[0].available_shipping_methods;
    expect(methods.map((m: any) => [m.carrier_code, m.method_code, m.amount.value, m.available])).toEqual([
      ['flatrate', 'flatrate', 10, true],
      ['tablerate', 'bestway', 8, true],
    ]);
    expect(methods[0]).toMatchObject({ carrier_title: 'Standard delivery', method_title: '3–5 working days' });

    const large = await cartWith(3); // $75
    const germany = (
      await setShippingAddress(shop, large, { ...ADDRESS_CA, region: null, country_code: 'DE', postcode: '10115' })
    ).data.setShippingAddressesOnCart.cart;
    expect(
      germany.shipping_addresses[0].available_shipping_methods.map((m: any) => [m.carrier_code, m.amount.value]),
    ).toEqual([
      ['flatrate', 15],
      ['freeshipping', 0],
      ['tablerate', 12],
    ]);
    const france = (
      await setShippingAddress(shop, large, { ...ADDRESS_CA, region: null, country_code: 'FR', postcode: '75001' })
    ).data.setShippingAddressesOnCart.cart;
    expect(
      france.shipping_addresses[0].available_shipping_methods.find((m: any) => m.carrier_code === 'tablerate').amount
        .value,
    ).toBe(25);
  });

  it('estimates methods for a destination without storing it', async () => {
    const id = await cartWith(1);
    const result = await shop.gql(
      'mutation($id: String!) { estimateShippingMethods(input: { cart_id: $id, address: { country_code: CA, region: { region_code: "ON" } } }) { carrier_code amount { value } price_incl_tax { value } } }',
      { id },
    );
    expect(result.data.estimateShippingMethods).toEqual([
      { carrier_code: 'flatrate', amount: { value: 5 }, price_incl_tax: { value: 5 } },
      { carrier_code: 'tablerate', amount: { value: 15 }, price_incl_tax: { value: 15 } },
    ]);
    expect((await readCart(shop, id)).shipping_addresses).toEqual([]);
  });

  it('selects an offered method and refuses others or a cart without address, changing nothing', async () => {
    const id = await cartWith(2);
    const early = await shop.gql(METHOD, { id, c: 'flatrate', m: 'flatrate' });
    expect(early.errors?.[0]?.message).toBe('The shipping address is missing. Set the address and try again.');
    await setShippingAddress(shop, id, ADDRESS_CA);
    const chosen = (await shop.gql(METHOD, { id, c: 'tablerate', m: 'bestway' })).data.setShippingMethodsOnCart.cart;
    expect(chosen.shipping_addresses[0].selected_shipping_method).toEqual({
      carrier_code: 'tablerate',
      method_code: 'bestway',
      amount: { value: 8 },
    });
    const before = await readCart(shop, id);
    const free = await shop.gql(METHOD, { id, c: 'freeshipping', m: 'freeshipping' });
    expect(free.errors?.[0]?.message).toBe('Carrier with such method not found: freeshipping, freeshipping');
    expect(await readCart(shop, id)).toEqual(before);
  });

  it('makes every method free with the FREESHIP coupon', async () => {
    const id = await cartWith(1);
    await setShippingAddress(shop, id, ADDRESS_CA);
    await shop.gql(
      'mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "FREESHIP" }) { cart { id } } }',
      { id },
    );
    const cart = await readCart(shop, id);
    expect(cart.applied_coupons).toEqual([{ code: 'FREESHIP' }]);
    expect(cart.shipping_addresses[0].available_shipping_methods.map((m: any) => m.amount.value)).toEqual([0, 0]);
  });
});

describe('tax', () => {
  it.each([
    ['California', ADDRESS_CA, 3.63, 'US-CA Sales Tax'], // 50.00 × 7.25 % = 3.625 → 3.63 (half up)
    ['New York', { ...ADDRESS_CA, region: 'NY', city: 'New York', postcode: '10001' }, 4.44, 'US-NY Sales Tax'], // 4.4375 → 4.44
    ['Germany', { ...ADDRESS_CA, region: null, country_code: 'DE', city: 'Berlin', postcode: '10115' }, 9.5, 'DE VAT'],
    [
      'Ontario',
      { ...ADDRESS_CA, region: 'ON', country_code: 'CA', city: 'Toronto', postcode: 'M5H 2N2' },
      6.5,
      'CA-ON HST',
    ],
  ])('applies the %s rate to the discounted subtotal, rounded half up', async (_where, address, tax, label) => {
    const id = await cartWith(2);
    await setShippingAddress(shop, id, address);
    const cart = (await shop.gql(METHOD, { id, c: 'flatrate', m: 'flatrate' })).data.setShippingMethodsOnCart.cart;
    expect(cart.prices.applied_taxes).toEqual([{ amount: { value: tax }, label }]);
    expect(cart.prices.subtotal_excluding_tax.value).toBe(50);
    expect(cart.prices.subtotal_including_tax.value).toBeCloseTo(50 + tax, 2);
    expect(cart.prices.grand_total.value).toBeCloseTo(50 + 10 + tax, 2);
    expect(cart.items[0].prices.row_total_including_tax.value).toBeCloseTo(50 + tax, 2);
  });

  it('charges no tax where no rate is configured, and taxes after the discount', async () => {
    const texas = await cartWith(2);
    await setShippingAddress(shop, texas, { ...ADDRESS_CA, region: 'TX', city: 'Austin', postcode: '73301' });
    expect((await readCart(shop, texas)).prices.applied_taxes).toEqual([]);

    const discounted = await cartWith(2);
    await shop.gql(
      'mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "WELCOME10" }) { cart { id } } }',
      { id: discounted },
    );
    await setShippingAddress(shop, discounted, ADDRESS_CA);
    const cart = await readCart(shop, discounted);
    expect(cart.prices.applied_taxes[0].amount.value).toBe(3.26); // 45.00 × 7.25 % = 3.2625
    expect(cart.prices.grand_total.value).toBeCloseTo(45 + 3.26, 2);
  });
});

describe('payment methods', () => {
  it('lists the offline methods and refuses one that is not offered', async () => {
    const id = await cartWith(1);
    const before = await readCart(shop, id);
    expect(before.available_payment_methods.map((m: any) => m.code)).toEqual([
      'checkmo',
      'banktransfer',
      'cashondelivery',
    ]);
    expect(before.available_payment_methods[0].title).toBe('Check / Money order');
    const free = await shop.gql(PAYMENT, { id, p: 'free' });
    expect(free.errors?.[0]?.message).toBe('The requested Payment Method is not available.');
    expect(await readCart(shop, id)).toEqual(before);
    const chosen = (await shop.gql(PAYMENT, { id, p: 'banktransfer' })).data.setPaymentMethodOnCart.cart;
    expect(chosen.selected_payment_method).toEqual({ code: 'banktransfer', title: 'Bank Transfer Payment' });
  });

  it('offers only "free" when the grand total is zero', async () => {
    const gift = simpleProduct(shop, { price: 0, stock: 10, offset: 3 });
    const id = await newCart(shop);
    await addToCart(shop, id, [{ sku: gift.sku, quantity: 1 }]);
    await shop.gql(
      'mutation($id: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: "FREESHIP" }) { cart { id } } }',
      { id },
    );
    await setShippingAddress(shop, id, ADDRESS_CA);
    const cart = (await shop.gql(METHOD, { id, c: 'flatrate', m: 'flatrate' })).data.setShippingMethodsOnCart.cart;
    expect(cart.prices.grand_total.value).toBe(0);
    expect(cart.available_payment_methods).toEqual([{ code: 'free', title: 'No Payment Information Required' }]);
    expect((await shop.gql(PAYMENT, { id, p: 'checkmo' })).errors?.[0]?.message).toBe(
      'The requested Payment Method is not available.',
    );
    expect((await shop.gql(PAYMENT, { id, p: 'free' })).errors).toBeUndefined();
  });
});
