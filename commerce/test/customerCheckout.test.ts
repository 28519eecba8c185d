import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_ORDER, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';
import { errorOf, openAccountShop, signUp, US_ADDRESS } from './customerHarness';
import type { AccountShop } from './customerHarness';

let shop: AccountShop;
let item: Fixture;
let other: Fixture;

beforeAll(async () => {
  shop = await openAccountShop();
  // simpleProduct only needs the second connection.
  item = simpleProduct({ sql: shop.sql } as Shop, { price: 2500, stock: 100 });
  other = simpleProduct({ sql: shop.sql } as Shop, { price: 1000, stock: 100, offset: 1 });
}, 60_000);

afterAll(async () => shop?.close());

const ADDRESS_FIELDS =
  'id firstname lastname street city postcode country_code region { region region_code region_id } telephone default_billing default_shipping';
const CREATE_ADDRESS = `mutation($a: CustomerAddressInput!) { createCustomerAddress(input: $a) { ${ADDRESS_FIELDS} } }`;
const ADD =
  'mutation($id: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $id, cartItems: $items) { cart { id items { quantity product { sku } } } user_errors { message } } }';

async function guestCart(): Promise<string> {
  return (await shop.gql('mutation { createGuestCart { cart { id } } }')).data.createGuestCart.cart.id as string;
}

describe('address book', () => {
  it('creates, reads, updates and deletes addresses, with default flags on the account', async () => {
    const { token } = await signUp(shop);
    const created = await shop.gql(
      CREATE_ADDRESS,
      { a: { ...US_ADDRESS, default_shipping: true, default_billing: true } },
      token,
    );
    expect(created.errors).toBeUndefined();
    const address = created.data.createCustomerAddress;
    expect(address).toMatchObject({
      firstname: 'Ada',
      city: 'Cupertino',
      country_code: 'US',
      region: { region: 'California', region_code: 'CA' },
      default_shipping: true,
      default_billing: true,
    });
    const second = (
      await shop.gql(
        CREATE_ADDRESS,
        { a: { ...US_ADDRESS, city: 'Austin', region: { region_code: 'TX' }, postcode: '73301' } },
        token,
      )
    ).data.createCustomerAddress;
    expect(second).toMatchObject({ city: 'Austin', default_shipping: false });

    const me = (
      await shop.gql(
        '{ customer { default_billing default_shipping addresses { id city default_shipping } } }',
        {},
        token,
      )
    ).data.customer;
    expect(me).toEqual({
      default_billing: String(address.id),
      default_shipping: String(address.id),
      addresses: [
        { id: address.id, city: 'Cupertino', default_shipping: true },
        { id: second.id, city: 'Austin', default_shipping: false },
      ],
    });

    const updated = await shop.gql(
      `mutation($id: Int!, $a: CustomerAddressInput) { updateCustomerAddress(id: $id, input: $a) { ${ADDRESS_FIELDS} } }`,
      { id: second.id, a: { street: ['500 Congress Ave'], default_shipping: true } },
      token,
    );
    expect(updated.data.updateCustomerAddress).toMatchObject({
      street: ['500 Congress Ave'],
      city: 'Austin',
      region: { region_code: 'TX' },
      default_shipping: true,
    });
    expect((await shop.gql('{ customer { default_shipping } }', {}, token)).data.customer.default_shipping).toBe(
      String(second.id),
    );

    const refused = await shop.gql('mutation($id: Int!) { deleteCustomerAddress(id: $id) }', { id: second.id }, token);
    expect(errorOf(refused)?.message).toBe(
      `Customer Address ${second.id} is set as default shipping address and can not be deleted`,
    );
    await shop.gql(
      `mutation($id: Int!) { updateCustomerAddress(id: $id, input: { default_shipping: false }) { id } }`,
      { id: second.id },
      token,
    );
    expect(
      (await shop.gql('mutation($id: Int!) { deleteCustomerAddress(id: $id) }', { id: second.id }, token)).data
        .deleteCustomerAddress,
    ).toBe(true);
    expect((await shop.gql('{ customer { addresses { id } } }', {}, token)).data.customer.addresses).toEqual([
      { id: address.id },
    ]);
  });

  it("validates addresses with the checkout's rules", async () => {
    const { token } = await signUp(shop);
    expect(errorOf(await shop.gql(CREATE_ADDRESS, { a: { firstname: 'A', country_code: 'US' } }, token))?.message).toBe(
      'Required parameters are missing: lastname, street, city, telephone',
    );
    expect(
      errorOf(await shop.gql(CREATE_ADDRESS, { a: { ...US_ADDRESS, region: { region_code: 'ZZ' } } }, token))?.message,
    ).toBe('Invalid value of "ZZ" provided for the regionId field.');
    expect(errorOf(await shop.gql(CREATE_ADDRESS, { a: { ...US_ADDRESS, region: null } }, token))?.message).toBe(
      '"regionId" is required. Enter and try again.',
    );
  });
});

describe('customer carts', () => {
  it("customerCart opens one cart with the account's e-mail and returns the same one afterwards", async () => {
    const { token, email } = await signUp(shop);
    const first = (await shop.gql('{ customerCart { id email total_quantity } }', {}, token)).data.customerCart;
    expect(first).toMatchObject({ email, total_quantity: 0 });
    expect((await shop.gql('{ customerCart { id } }', {}, token)).data.customerCart.id).toBe(first.id);
  });

  it("mergeCarts moves a guest cart's lines into the customer's cart and closes the guest cart", async () => {
    const { token } = await signUp(shop);
    const guest = await guestCart();
    await shop.gql(ADD, {
      id: guest,
      items: [
        { sku: item.sku, quantity: 2 },
        { sku: other.sku, quantity: 1 },
      ],
    });
    const mine = (await shop.gql('{ customerCart { id } }', {}, token)).data.customerCart.id as string;
    await shop.gql(ADD, { id: mine, items: [{ sku: item.sku, quantity: 1 }] }, token);

    const merged = await shop.gql(
      'mutation($s: String!, $d: String) { mergeCarts(source_cart_id: $s, destination_cart_id: $d) { id total_quantity items { quantity product { sku } } } }',
      { s: guest, d: mine },
      token,
    );
    expect(merged.errors).toBeUndefined();
    expect(merged.data.mergeCarts).toEqual({
      id: mine,
      total_quantity: 4,
      items: [
        { quantity: 3, product: { sku: item.sku } },
        { quantity: 1, product: { sku: other.sku } },
      ],
    });
    expect(errorOf(await shop.gql('query($id: String!) { cart(cart_id: $id) { id } }', { id: guest }))?.message).toBe(
      "The cart isn't active.",
    );
    expect(errorOf(await shop.gql('mutation { mergeCarts(source_cart_id: "x") { id } }'))?.message).toBe(
      "The current customer isn't authorized.",
    );
  });

  it('mergeCarts without a destination uses the customer cart', async () => {
    const { token } = await signUp(shop);
    const guest = await guestCart();
    await shop.gql(ADD, { id: guest, items: [{ sku: other.sku, quantity: 2 }] });
    const merged = await shop.gql(
      'mutation($s: String!) { mergeCarts(source_cart_id: $s) { id total_quantity } }',
      { s: guest },
      token,
    );
    expect(merged.data.mergeCarts.total_quantity).toBe(2);
    expect((await shop.gql('{ customerCart { id } }', {}, token)).data.customerCart.id).toBe(merged.data.mergeCarts.id);
  });

  it('refuses setGuestEmailOnCart on a customer cart', async () => {
    const { token } = await signUp(shop);
    const mine = (await shop.gql('{ customerCart { id } }', {}, token)).data.customerCart.id;
    const result = await shop.gql(
      'mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "x@example.com" }) { cart { email } } }',
      { id: mine },
      token,
    );
    expect(errorOf(result)?.message).toBe('The request is not allowed for logged in customers');
  });
});

describe('signed-in checkout', () => {
  it('uses saved addresses by id, needs no guest e-mail, attaches the order to the customer and lists it in customer.orders', async () => {
    const { token, email } = await signUp(shop);
    const saved = (await shop.gql(CREATE_ADDRESS, { a: US_ADDRESS }, token)).data.createCustomerAddress;
    const cartId = (await shop.gql('{ customerCart { id } }', {}, token)).data.customerCart.id as string;
    await shop.gql(ADD, { id: cartId, items: [{ sku: item.sku, quantity: 2 }] }, token);
    const steps: Array<[string, Record<string, unknown>]> = [
      [
        'mutation($id: String!, $a: Int!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ customer_address_id: $a }] }) { cart { shipping_addresses { city region { code } } } } }',
        { a: saved.id },
      ],
      [
        'mutation($id: String!, $a: Int!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { customer_address_id: $a } }) { cart { billing_address { city } } } }',
        { a: saved.id },
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
    for (const [query, variables] of steps) {
      const result = await shop.gql(query, { id: cartId, ...variables }, token);
      expect(result.errors, query).toBeUndefined();
    }
    const placed = await shop.gql(PLACE_ORDER, { id: cartId }, token);
    expect(placed.data.placeOrder.errors).toEqual([]);
    const number = placed.data.placeOrder.orderV2.number as string;
    expect(placed.data.placeOrder.orderV2).toMatchObject({ email, shipping_address: { city: 'Cupertino' } });
    await shop.commerce.deliverMail();
    expect(readdirSync(shop.mailDir)).toContain(`order-${number}.eml`);

    const orders = await shop.gql(
      `{ customer { orders { total_count page_info { current_page page_size total_pages } items {
      number order_date status total { grand_total { value } subtotal { value } }
      items { product_name product_sku quantity_ordered product_sale_price { value } selected_options { label value } }
      shipping_address { city } billing_address { city } shipping_method payment_methods { name type } } } } }`,
      {},
      token,
    );
    expect(orders.errors).toBeUndefined();
    expect(orders.data.customer.orders).toMatchObject({
      total_count: 1,
      page_info: { current_page: 1, page_size: 20, total_pages: 1 },
      items: [
        {
          number,
          status: 'Pending',
          total: { subtotal: { value: 50 } },
          items: [
            { product_sku: item.sku, quantity_ordered: 2, product_sale_price: { value: 25 }, selected_options: [] },
          ],
          shipping_address: { city: 'Cupertino' },
          billing_address: { city: 'Cupertino' },
          shipping_method: 'Standard delivery - 3–5 working days',
          payment_methods: [{ name: 'Check / Money order', type: 'checkmo' }],
        },
      ],
    });
    // The next customerCart is a new, empty cart.
    const next = (await shop.gql('{ customerCart { id total_quantity } }', {}, token)).data.customerCart;
    expect(next.id).not.toBe(cartId);
  });

  it('save_in_address_book keeps a typed address once', async () => {
    const { token } = await signUp(shop);
    const cartId = (await shop.gql('{ customerCart { id } }', {}, token)).data.customerCart.id as string;
    const set =
      'mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { id } } }';
    const typed = {
      firstname: 'Ada',
      lastname: 'Lovelace',
      street: ['2 Main St'],
      city: 'Boston',
      region: 'MA',
      postcode: '02108',
      country_code: 'US',
      telephone: '555-0101',
    };
    await shop.gql(set, { id: cartId, a: { ...typed, save_in_address_book: false } }, token);
    expect((await shop.gql('{ customer { addresses { city } } }', {}, token)).data.customer.addresses).toEqual([]);
    await shop.gql(set, { id: cartId, a: { ...typed, save_in_address_book: true } }, token);
    await shop.gql(set, { id: cartId, a: { ...typed, save_in_address_book: true } }, token);
    expect(
      (await shop.gql('{ customer { addresses { city region { region_code } } } }', {}, token)).data.customer.addresses,
    ).toEqual([{ city: 'Boston', region: { region_code: 'MA' } }]);
  });

  it('lists orders newest first, filters by number and pages', async () => {
    const { token } = await signUp(shop);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const cartId = (await shop.gql('{ customerCart { id } }', {}, token)).data.customerCart.id as string;
      await shop.gql(ADD, { id: cartId, items: [{ sku: other.sku, quantity: 1 }] }, token);
      for (const query of [
        'mutation($id: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
        'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
        'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
        'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { id } } }',
      ]) {
        const result = await shop.gql(query, { id: cartId, a: { ...US_ADDRESS, region: 'CA' } }, token);
        expect(result.errors).toBeUndefined();
      }
      numbers.push((await shop.gql(PLACE_ORDER, { id: cartId }, token)).data.placeOrder.orderV2.number);
    }
    const list = async (args: string) =>
      (
        await shop.gql(
          `{ customer { orders${args} { total_count page_info { total_pages } items { number } } } }`,
          {},
          token,
        )
      ).data.customer.orders;
    expect((await list('')).items.map((o: { number: string }) => o.number)).toEqual([...numbers].reverse());
    expect(await list('(sort: { sort_field: NUMBER, sort_direction: ASC }, pageSize: 2, currentPage: 2)')).toEqual({
      total_count: 3,
      page_info: { total_pages: 2 },
      items: [{ number: numbers[2] }],
    });
    expect((await list(`(filter: { number: { eq: "${numbers[1]}" } })`)).items).toEqual([{ number: numbers[1] }]);
    expect((await list(`(filter: { number: { match: "${numbers[0]!.slice(-2)}" } })`)).items).toEqual([
      { number: numbers[0] },
    ]);
    const beyond = await shop.gql('{ customer { orders(currentPage: 5) { total_count } } }', {}, token);
    expect(errorOf(beyond)?.message).toBe('currentPage value 5 specified is greater than the 1 page(s) available.');
  });
});
