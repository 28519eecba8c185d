// The older (mostly deprecated) parts of Magento's schema that clients written for Magento 2.4.7
// still send, executed against a real server: each must answer with the same data as the field
// that replaced it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';
import { ADDRESS_CA as ADDRESS } from './cartHarness';

let api: TestCommerce;
const decodeUid = (uid: string) => Buffer.from(uid, 'base64').toString('utf8');

beforeAll(async () => {
  api = await startTestCommerce();
});
afterAll(async () => {
  await api?.close();
});

async function data(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
  const { status, body } = await api.post(query, variables, headers);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data;
}

const PRODUCT_FIELDS = `
  id uid type_id __typename sku color manufacturer attribute_set_id created_at updated_at url_path
  special_from_date tier_price tier_prices { qty value } product_links { sku link_type }
  websites { id code name is_default default_group_id sort_order }
  price {
    minimalPrice { amount { value currency } adjustments { code } }
    maximalPrice { amount { value currency } }
    regularPrice { amount { value currency } }
  }
  price_range {
    minimum_price { regular_price { value currency } final_price { value currency } }
    maximum_price { regular_price { value } final_price { value currency } }
  }
  media_gallery { url label position }
  media_gallery_entries { id uid file label position disabled media_type types content { name } video_content { video_url } }
  custom_attributesV2 { items { code ... on AttributeSelectedOptions { selected_options { value } } } }
`;

async function someProducts(type: 'SimpleProduct' | 'ConfigurableProduct') {
  const { products } = await data(`{ products(search: "", pageSize: 60) { items { ${PRODUCT_FIELDS} } } }`);
  const items = products.items.filter((p: { __typename: string }) => p.__typename === type);
  expect(items.length).toBeGreaterThan(0);
  return items;
}

describe('ProductInterface, older fields', () => {
  it('answers id, type_id and price from the same data as uid, __typename and price_range', async () => {
    for (const type of ['SimpleProduct', 'ConfigurableProduct'] as const) {
      for (const p of await someProducts(type)) {
        expect(p.id).toBe(Number(decodeUid(p.uid)));
        expect(p.type_id).toBe(type === 'SimpleProduct' ? 'simple' : 'configurable');
        expect(p.price.regularPrice.amount).toEqual(p.price_range.minimum_price.regular_price);
        expect(p.price.minimalPrice.amount).toEqual(p.price_range.minimum_price.final_price);
        expect(p.price.maximalPrice.amount).toEqual(p.price_range.maximum_price.final_price);
        expect(p.price.minimalPrice.adjustments).toEqual([]);
      }
    }
  });

  it('lists the gallery in the older shape, the first entry carrying the image roles', async () => {
    const [p] = await someProducts('SimpleProduct');
    expect(p.media_gallery_entries.length).toBe(p.media_gallery.length);
    p.media_gallery_entries.forEach((entry: any, i: number) => {
      expect(p.media_gallery[i].url).toBe(`http://localhost:3000/media/catalog/product${entry.file}`);
      expect(entry.label).toBe(p.media_gallery[i].label);
      expect(entry.position).toBe(p.media_gallery[i].position);
      expect(decodeUid(entry.uid)).toBe(String(entry.id));
      expect(entry).toMatchObject({ disabled: false, media_type: 'image', content: null, video_content: null });
      expect(entry.types).toEqual(i === 0 ? ['image', 'small_image', 'thumbnail'] : []);
    });
  });

  it("gives a simple product's colour option id, the one custom_attributesV2 shows", async () => {
    for (const p of await someProducts('SimpleProduct')) {
      const colour = p.custom_attributesV2.items.find((a: { code: string }) => a.code === 'color');
      expect(p.color).toBe(colour ? Number(colour.selected_options[0].value) : null);
      expect(p.manufacturer).toBeNull(); // the catalog has no manufacturer attribute
    }
  });

  it('names the one website and answers null or empty where the catalog has no such data', async () => {
    const [p] = await someProducts('ConfigurableProduct');
    expect(p.websites).toEqual([
      { id: 1, code: 'base', name: 'Main Website', is_default: true, default_group_id: '1', sort_order: 0 },
    ]);
    expect(p).toMatchObject({
      color: null, // chosen per variant
      attribute_set_id: null,
      created_at: null,
      updated_at: null,
      url_path: null,
      special_from_date: null,
      tier_price: null,
      tier_prices: [],
    });
    // The demo relates products (issue 34): every link names this product and one of Magento's types.
    for (const link of p.product_links as { sku: string; link_type: string }[]) {
      expect(link.sku).toBe(p.sku);
      expect(['related', 'upsell', 'crosssell']).toContain(link.link_type);
    }
  });
});

describe('ConfigurableProduct options, older fields', () => {
  it('gives attribute ids, the option id, the product id and value_index matching the variants', async () => {
    const { products } = await data(`{
      products(search: "", pageSize: 40) {
        items {
          id
          ... on ConfigurableProduct {
            configurable_options {
              id uid attribute_id attribute_id_v2 attribute_code attribute_uid product_id
              values { uid value_index label }
            }
            variants { product { id sku } attributes { code value_index uid } }
          }
        }
      }
    }`);
    const configurable = products.items.find((p: any) => p.configurable_options);
    const options = configurable.configurable_options;
    expect(options.map((o: any) => o.attribute_code)).toEqual(['color', 'size']);
    const [color, size] = options;
    // The demo catalog numbers its attributes in display order: color 1, size 2.
    expect([color.attribute_id, color.attribute_id_v2, size.attribute_id, size.attribute_id_v2]).toEqual([
      '1',
      1,
      '2',
      2,
    ]);
    for (const o of options) {
      expect(o.product_id).toBe(configurable.id);
      expect(Number.isInteger(o.id)).toBe(true);
    }
    expect(color.id).not.toBe(size.id);
    for (const variant of configurable.variants) {
      for (const a of variant.attributes) {
        const option = options.find((o: any) => o.attribute_code === a.code);
        const value = option.values.find((v: any) => v.uid === a.uid);
        expect(value.value_index).toBe(a.value_index);
      }
    }
  });
});

describe('categories, older fields', () => {
  it('answers category(id) and the integer ids of categories and breadcrumbs', async () => {
    const { categories } = await data(
      '{ categories(filters: { url_path: { eq: "women/tops" } }) { items { uid id name breadcrumbs { category_uid category_id } } } }',
    );
    const [tops] = categories.items;
    expect(tops.id).toBe(Number(decodeUid(tops.uid)));
    for (const b of tops.breadcrumbs) expect(b.category_id).toBe(Number(decodeUid(b.category_uid)));

    const { category } = await data(
      'query ($id: Int) { category(id: $id) { id uid name url_path created_at updated_at custom_layout_update_file } }',
      { id: tops.id },
    );
    expect(category).toMatchObject({ id: tops.id, uid: tops.uid, name: tops.name, url_path: 'women/tops' });
    expect(category).toMatchObject({ created_at: null, updated_at: null, custom_layout_update_file: null });

    const root = await data('{ category { id children { id } } storeConfig { root_category_id } }');
    expect(root.category.id).toBe(root.storeConfig.root_category_id);
  });

  it('refuses an unknown category id as Magento does', async () => {
    const { body } = await api.post('{ category(id: 999999) { id } }');
    expect(body.errors[0].message).toBe("Category doesn't exist");
  });
});

describe('Products.filters', () => {
  it('gives the same buckets as aggregations, in the older shape', async () => {
    const { products } = await data(`{
      products(search: "", pageSize: 1) {
        aggregations { attribute_code label count options { label value count } }
        filters { request_var name filter_items_count filter_items { label value_string items_count } }
      }
    }`);
    expect(products.filters.length).toBeGreaterThan(0);
    expect(products.filters).toEqual(
      products.aggregations.map((a: any) => ({
        request_var: a.attribute_code,
        name: a.label,
        filter_items_count: a.count,
        filter_items: a.options.map((o: any) => ({ label: o.label, value_string: o.value, items_count: o.count })),
      })),
    );
  });
});

describe('store settings', () => {
  it('lists the store views in availableStores: the default one first, then the French one', async () => {
    const { availableStores, storeConfig } = await data(
      '{ availableStores { store_code code id store_name locale is_default_store base_currency_code } storeConfig { store_code locale } }',
    );
    expect(availableStores).toEqual([
      {
        store_code: 'default',
        code: 'default',
        id: 1,
        store_name: 'Vela',
        locale: 'en_US',
        is_default_store: true,
        base_currency_code: 'USD',
      },
      {
        store_code: 'fr',
        code: 'fr',
        id: 2,
        store_name: 'Vela France',
        locale: 'fr_FR',
        is_default_store: false,
        base_currency_code: 'USD',
      },
    ]);
    expect(storeConfig).toEqual({ store_code: 'default', locale: 'en_US' });
    const sameGroup = await data('{ availableStores(useCurrentGroup: true) { store_code } }');
    expect(sameGroup.availableStores).toEqual([{ store_code: 'default' }, { store_code: 'fr' }]);
  });

  it('answers the older storeConfig aliases and the settings that follow from how Vela works', async () => {
    const { storeConfig, currency } = await data(`{
      storeConfig {
        code id website_id root_category_id root_category_uid front cms_home_page no_route cms_no_route
        check_money_order_enabled check_money_order_title check_money_order_sort_order check_money_order_new_order_status
        check_money_order_enable_for_specific_countries check_money_order_min_order_total
        zero_subtotal_enabled zero_subtotal_title zero_subtotal_new_order_status zero_subtotal_payment_action
        shopping_cart_display_price shopping_cart_display_grand_total shopping_cart_display_tax_gift_wrapping
        product_fixed_product_tax_display_setting order_cancellation_enabled order_cancellation_reasons { description }
        send_friend { enabled_for_customers enabled_for_guests }
      }
      currency { default_display_currency_code default_display_currecy_code default_display_currency_symbol default_display_currecy_symbol }
    }`);
    expect(storeConfig).toMatchObject({
      code: 'default',
      id: 1,
      website_id: 1,
      root_category_id: Number(decodeUid(storeConfig.root_category_uid)),
      front: storeConfig.cms_home_page,
      no_route: storeConfig.cms_no_route,
      check_money_order_enabled: true,
      check_money_order_title: 'Check / Money order',
      check_money_order_sort_order: 1,
      check_money_order_new_order_status: 'pending',
      check_money_order_enable_for_specific_countries: false,
      check_money_order_min_order_total: null,
      zero_subtotal_enabled: true,
      zero_subtotal_title: 'No Payment Information Required',
      zero_subtotal_new_order_status: 'pending',
      zero_subtotal_payment_action: null,
      shopping_cart_display_price: 1,
      shopping_cart_display_grand_total: false,
      shopping_cart_display_tax_gift_wrapping: 'DISPLAY_EXCLUDING_TAX',
      product_fixed_product_tax_display_setting: 'FPT_DISABLED',
      order_cancellation_enabled: false,
      order_cancellation_reasons: [],
      send_friend: { enabled_for_customers: false, enabled_for_guests: false },
    });
    expect(currency.default_display_currecy_code).toBe(currency.default_display_currency_code);
    expect(currency.default_display_currecy_symbol).toBe(currency.default_display_currency_symbol);
  });
});

async function newCart(): Promise<string> {
  return (await data('mutation { createGuestCart { cart { id } } }')).createGuestCart.cart.id;
}

async function inStock() {
  const { products } = await data(`{
    products(search: "", pageSize: 80) {
      items {
        __typename sku stock_status only_x_left_in_stock
        ... on ConfigurableProduct {
          variants { product { sku stock_status only_x_left_in_stock } attributes { uid } }
        }
      }
    }
  }`);
  const plenty = (p: any) => p.stock_status === 'IN_STOCK' && p.only_x_left_in_stock === null;
  const simple = products.items.find((p: any) => p.__typename === 'SimpleProduct' && plenty(p));
  const configurable = products.items.find(
    (p: any) => p.__typename === 'ConfigurableProduct' && p.variants.some((v: any) => plenty(v.product)),
  );
  const variants = configurable.variants.filter((v: any) => plenty(v.product));
  return { simple: simple.sku as string, parent: configurable.sku as string, variants };
}

const CART_LINES = `items { __typename quantity product { sku } ... on ConfigurableCartItem { configured_variant { sku } configurable_options { value_id } } }`;

describe("Magento's older add-to-cart mutations", () => {
  it('addConfigurableProductsToCart puts the chosen variant in the cart, as addProductsToCart does', async () => {
    const { parent, variants } = await inStock();
    const [first, second] = variants;
    const older = await newCart();
    const result = await data(
      `mutation ($cart: String!, $items: [ConfigurableProductCartItemInput]!) {
        addConfigurableProductsToCart(input: { cart_id: $cart, cart_items: $items }) { cart { ${CART_LINES} } }
      }`,
      {
        cart: older,
        items: [
          { parent_sku: parent, data: { sku: first.product.sku, quantity: 2 } },
          { parent_sku: parent, variant_sku: second.product.sku, data: { sku: parent, quantity: 1 } },
        ],
      },
    );
    const lines = result.addConfigurableProductsToCart.cart.items;
    expect(lines.map((l: any) => [l.__typename, l.product.sku, l.configured_variant.sku, l.quantity])).toEqual([
      ['ConfigurableCartItem', parent, first.product.sku, 2],
      ['ConfigurableCartItem', parent, second.product.sku, 1],
    ]);

    const newer = await newCart();
    const viaNew = await data(
      `mutation ($cart: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cart, cartItems: $items) { cart { ${CART_LINES} } } }`,
      {
        cart: newer,
        items: [
          { sku: parent, quantity: 2, selected_options: first.attributes.map((a: any) => a.uid) },
          { sku: parent, quantity: 1, selected_options: second.attributes.map((a: any) => a.uid) },
        ],
      },
    );
    expect(viaNew.addProductsToCart.cart.items).toEqual(lines);

    // The chosen options name their attribute by its integer id, as configurable_options does.
    const { cart } = await data(
      'query ($cart: String!) { cart(cart_id: $cart) { items { ... on ConfigurableCartItem { configurable_options { id option_label } } } } }',
      { cart: older },
    );
    expect(cart.items[0].configurable_options).toEqual([
      { id: 1, option_label: 'Color' },
      { id: 2, option_label: 'Size' },
    ]);
  });

  it('addSimpleProductsToCart adds simple products; one bad line refuses the request and adds nothing', async () => {
    const { simple } = await inStock();
    const cart = await newCart();
    const ADD = `mutation ($cart: String!, $items: [SimpleProductCartItemInput]!) {
      addSimpleProductsToCart(input: { cart_id: $cart, cart_items: $items }) { cart { total_quantity ${CART_LINES} } }
    }`;
    const added = await data(ADD, { cart, items: [{ data: { sku: simple, quantity: 3 } }] });
    expect(added.addSimpleProductsToCart.cart).toEqual({
      total_quantity: 3,
      items: [{ __typename: 'SimpleCartItem', quantity: 3, product: { sku: simple } }],
    });

    const refused = await api.post(ADD, {
      cart,
      items: [{ data: { sku: simple, quantity: 1 } }, { data: { sku: 'NO-SUCH-SKU', quantity: 1 } }],
    });
    expect(refused.body.errors[0].message).toBe('Could not find a product with SKU "NO-SUCH-SKU"');
    const withOptions = await api.post(ADD, {
      cart,
      items: [{ data: { sku: simple, quantity: 1 }, customizable_options: [{ id: 1, value_string: 'x' }] }],
    });
    expect(withOptions.body.errors[0].message).toBe(`The product "${simple}" has no customizable options.`);
    const after = await data('query ($cart: String!) { cart(cart_id: $cart) { total_quantity } }', { cart });
    expect(after.cart.total_quantity).toBe(3);
  });
});

describe('cart and checkout, older fields', () => {
  async function filledCart() {
    const { simple, parent, variants } = await inStock();
    const cart = await newCart();
    await data(
      'mutation ($cart: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cart, cartItems: $items) { cart { id } } }',
      {
        cart,
        items: [
          { sku: simple, quantity: 1 },
          { sku: parent, quantity: 3, selected_options: variants[0].attributes.map((a: any) => a.uid) },
        ],
      },
    );
    return cart;
  }

  it('lists shipping lines as ids and quantities, base amounts as amounts, and no fixed product taxes', async () => {
    const cart = await filledCart();
    await data(
      `mutation ($cart: String!, $address: CartAddressInput!) {
        setShippingAddressesOnCart(input: { cart_id: $cart, shipping_addresses: [{ address: $address }] }) { cart { id } }
        setBillingAddressOnCart(input: { cart_id: $cart, billing_address: { same_as_shipping: true } }) { cart { id } }
        setShippingMethodsOnCart(input: { cart_id: $cart, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } }
      }`,
      { cart, address: ADDRESS },
    );
    const { cart: c } = await data(
      `query ($cart: String!) {
        cart(cart_id: $cart) {
          items { id quantity prices { fixed_product_taxes { label } } }
          shipping_addresses {
            cart_items { cart_item_id quantity } items_weight
            available_shipping_methods { amount { value currency } base_amount { value currency } }
            selected_shipping_method { amount { value currency } base_amount { value currency } }
          }
          billing_address { customer_notes }
        }
      }`,
      { cart },
    );
    const [shipping] = c.shipping_addresses;
    expect(shipping.cart_items).toEqual(
      c.items.map((i: any) => ({ cart_item_id: Number(i.id), quantity: i.quantity })),
    );
    expect(shipping.items_weight).toBeNull();
    for (const m of [...shipping.available_shipping_methods, shipping.selected_shipping_method])
      expect(m.base_amount).toEqual(m.amount);
    for (const i of c.items) expect(i.prices.fixed_product_taxes).toEqual([]);
    expect(c.billing_address.customer_notes).toBeNull();
  });

  it('answers that products and lines have no custom options, and refuses values for them', async () => {
    const { products } = await data(
      '{ products(search: "", pageSize: 20) { items { __typename ... on CustomizableProductInterface { options { uid title required } } } } }',
    );
    expect(new Set(products.items.map((p: any) => p.__typename))).toEqual(
      new Set(['SimpleProduct', 'ConfigurableProduct']),
    );
    for (const p of products.items) expect(p.options).toEqual([]);

    const cart = await filledCart();
    const { cart: c } = await data(
      `query ($cart: String!) { cart(cart_id: $cart) { items { uid quantity
        ... on SimpleCartItem { customizable_options { label values { value } } }
        ... on ConfigurableCartItem { customizable_options { label } } } } }`,
      { cart },
    );
    for (const line of c.items) expect(line.customizable_options).toEqual([]);
    const refused = await api.post(
      `mutation ($cart: String!, $uid: ID!) { updateCartItems(input: { cart_id: $cart, cart_items: [{ cart_item_uid: $uid, quantity: 5, customizable_options: [{ uid: "MQ==", value_string: "x" }] }] }) { cart { id } } }`,
      { cart, uid: c.items[0].uid },
    );
    expect(refused.body.errors[0].message).toMatch(/has no customizable options/);
    const after = await data('query ($cart: String!) { cart(cart_id: $cart) { items { quantity } } }', { cart });
    expect(after.cart.items.map((i: any) => i.quantity)).toEqual(c.items.map((i: any) => i.quantity));
  });

  it('sorts lines by the older sort fields', async () => {
    const cart = await filledCart();
    const sorted = async (field: string, order: string) =>
      (
        await data(
          `query ($cart: String!) { cart(cart_id: $cart) { itemsV2(sort: { field: ${field}, order: ${order} }) { items { prices { row_total_including_tax { value } } product { __typename } } } } }`,
          { cart },
        )
      ).cart.itemsV2.items;
    const desc = (await sorted('ROW_TOTAL_INC_TAX', 'DESC')).map((i: any) => i.prices.row_total_including_tax.value);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const byType = (await sorted('PRODUCT_TYPE', 'ASC')).map((i: any) => i.product.__typename);
    expect(byType).toEqual(['ConfigurableProduct', 'SimpleProduct']);
  });

  it('estimateTotals prices the cart for an address and method without storing either', async () => {
    const cart = await filledCart();
    const { estimateTotals } = await data(
      `mutation ($cart: String!) {
        estimateTotals(input: { cart_id: $cart, address: { country_code: US, region: { region_code: "CA" }, postcode: "95014" }, shipping_method: { carrier_code: "flatrate", method_code: "flatrate" } }) {
          cart { shipping_addresses { city } prices { subtotal_excluding_tax { value } grand_total { value } applied_taxes { amount { value } } } }
        }
      }`,
      { cart },
    );
    const { estimateShippingMethods } = await data(
      'mutation ($cart: String!) { estimateShippingMethods(input: { cart_id: $cart, address: { country_code: US, region: { region_code: "CA" } } }) { carrier_code amount { value } } }',
      { cart },
    );
    const flatrate = estimateShippingMethods.find((m: any) => m.carrier_code === 'flatrate').amount.value;
    const prices = estimateTotals.cart.prices;
    const tax = prices.applied_taxes.reduce((sum: number, t: any) => sum + t.amount.value, 0);
    expect(prices.grand_total.value).toBeCloseTo(prices.subtotal_excluding_tax.value + flatrate + tax, 2);
    expect(estimateTotals.cart.shipping_addresses).toEqual([]);
    const stored = await data('query ($cart: String!) { cart(cart_id: $cart) { shipping_addresses { city } } }', {
      cart,
    });
    expect(stored.cart.shipping_addresses).toEqual([]);
  });

  it('setPaymentMethodAndPlaceOrder chooses the method and places the order in one step', async () => {
    const cart = await filledCart();
    await data(
      `mutation ($cart: String!, $address: CartAddressInput!) {
        setGuestEmailOnCart(input: { cart_id: $cart, email: "ada@example.com" }) { cart { id } }
        setShippingAddressesOnCart(input: { cart_id: $cart, shipping_addresses: [{ address: $address }] }) { cart { id } }
        setBillingAddressOnCart(input: { cart_id: $cart, billing_address: { same_as_shipping: true } }) { cart { id } }
        setShippingMethodsOnCart(input: { cart_id: $cart, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } }
      }`,
      { cart, address: ADDRESS },
    );
    const { setPaymentMethodAndPlaceOrder } = await data(
      `mutation ($cart: String!) {
        setPaymentMethodAndPlaceOrder(input: { cart_id: $cart, payment_method: { code: "checkmo" } }) {
          order { order_number } orderV2 { number payment_methods { type } } errors { code }
        }
      }`,
      { cart },
    );
    expect(setPaymentMethodAndPlaceOrder.errors).toEqual([]);
    expect(setPaymentMethodAndPlaceOrder.orderV2.number).toBe(setPaymentMethodAndPlaceOrder.order.order_number);
    expect(setPaymentMethodAndPlaceOrder.orderV2.payment_methods).toEqual([{ type: 'checkmo' }]);
  });
});

describe('customer, orders and account, older fields and operations', () => {
  let email = '';
  let token = '';
  const auth = () => ({ authorization: `Bearer ${token}` });
  const asCustomer = (query: string, variables?: Record<string, unknown>) => data(query, variables, auth());
  let orderNumber = '';

  beforeAll(async () => {
    email = `older-fields-${Date.now()}@example.com`;
    await data('mutation ($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }', {
      input: { email, firstname: 'Ada', lastname: 'Lovelace', password: 'Correct-Horse-9' },
    });
    token = (
      await data('mutation ($e: String!) { generateCustomerToken(email: $e, password: "Correct-Horse-9") { token } }', {
        e: email,
      })
    ).generateCustomerToken.token;
    const { simple, parent, variants } = await inStock();
    const { customerCart } = await asCustomer('{ customerCart { id } }');
    const cart = customerCart.id;
    await asCustomer(
      `mutation ($cart: String!, $items: [CartItemInput!]!, $address: CartAddressInput!) {
        addProductsToCart(cartId: $cart, cartItems: $items) { cart { id } }
        setShippingAddressesOnCart(input: { cart_id: $cart, shipping_addresses: [{ address: $address }] }) { cart { id } }
        setBillingAddressOnCart(input: { cart_id: $cart, billing_address: { same_as_shipping: true } }) { cart { id } }
        setShippingMethodsOnCart(input: { cart_id: $cart, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } }
        setPaymentMethodOnCart(input: { cart_id: $cart, payment_method: { code: "checkmo" } }) { cart { id } }
      }`,
      {
        cart,
        address: ADDRESS,
        items: [
          { sku: simple, quantity: 2 },
          { sku: parent, quantity: 1, selected_options: variants[0].attributes.map((a: any) => a.uid) },
        ],
      },
    );
    orderNumber = (
      await asCustomer('mutation ($cart: String!) { placeOrder(input: { cart_id: $cart }) { orderV2 { number } } }', {
        cart,
      })
    ).placeOrder.orderV2.number;
    await asCustomer('mutation ($a: CustomerAddressInput!) { createCustomerAddress(input: $a) { id } }', {
      a: { ...ADDRESS, region: { region_code: 'CA' }, country_code: 'US', default_shipping: true },
    });
  });

  it('gives the customer id (the one their addresses name), and the one customer group', async () => {
    const { customer } = await asCustomer('{ customer { id group_id email addresses { id customer_id } } }');
    expect(Number.isInteger(customer.id) && customer.id > 0).toBe(true);
    expect(customer.group_id).toBe(1);
    expect(customer.addresses.length).toBe(1);
    expect(customer.addresses[0].customer_id).toBe(customer.id);
  });

  it('lists every order in customerOrders, as customer.orders does, with the older order fields', async () => {
    const ORDER = `number increment_id order_date created_at grand_total total { grand_total { value } shipping_handling { discounts { amount { value } } } }
      comments { message } invoices { id } shipments { id } credit_memos { id }
      payment_methods { type additional_data { name } }
      items { product_sku quantity_ordered quantity_invoiced quantity_shipped quantity_refunded quantity_canceled quantity_returned }`;
    const { customerOrders, customer } = await asCustomer(
      `{ customerOrders { total_count items { ${ORDER} } } customer { orders { total_count items { ${ORDER} } } } }`,
    );
    expect(customerOrders).toEqual(customer.orders);
    expect(customerOrders.total_count).toBe(1);
    const [order] = customerOrders.items;
    expect(order).toMatchObject({
      number: orderNumber,
      increment_id: orderNumber,
      created_at: order.order_date,
      grand_total: order.total.grand_total.value,
      comments: [],
      invoices: [],
      shipments: [],
      credit_memos: [],
      // Check / money order carries its instructions under Magento's names (issue 35).
      payment_methods: [{ type: 'checkmo', additional_data: [{ name: 'payable_to' }, { name: 'mailing_address' }] }],
    });
    expect(order.total.shipping_handling.discounts).toEqual([]);
    for (const item of order.items)
      expect(item).toMatchObject({
        quantity_invoiced: 0,
        quantity_shipped: 0,
        quantity_refunded: 0,
        quantity_canceled: 0,
        quantity_returned: 0,
      });
  });

  it('reorderItems puts the order lines into the customer cart again', async () => {
    const { customer } = await asCustomer(
      '{ customer { orders { items { items { product_sku quantity_ordered } } } } }',
    );
    const ordered = customer.orders.items[0].items.map((i: any) => [i.product_sku, i.quantity_ordered]);
    const { reorderItems } = await asCustomer(
      `mutation ($n: String!) { reorderItems(orderNumber: $n) {
        userInputErrors { code message path }
        cart { items { quantity product { sku } ... on ConfigurableCartItem { configured_variant { sku } } } }
      } }`,
      { n: orderNumber },
    );
    expect(reorderItems.userInputErrors).toEqual([]);
    const inCart = reorderItems.cart.items.map((i: any) => [i.configured_variant?.sku ?? i.product.sku, i.quantity]);
    expect(inCart).toEqual(ordered);

    const stranger = await api.post('mutation { reorderItems(orderNumber: "999999999") { cart { id } } }', {}, auth());
    expect(stranger.body.errors[0].message).toBe('Cannot find order number "999999999" for the current customer.');
  });

  it('answers the older wishlist query with no name, as Open Source does', async () => {
    const { wishlist } = await asCustomer('{ wishlist { name items_count sharing_code } }');
    expect(wishlist.name).toBeNull();
    expect(wishlist.items_count).toBe(0);
  });

  it('deleteCustomer deletes the account; the order stays reachable by its token', async () => {
    const { customer } = await asCustomer('{ customer { orders { items { number token } } } }');
    const [order] = customer.orders.items;
    expect((await asCustomer('mutation { deleteCustomer }')).deleteCustomer).toBe(true);
    const after = await api.post('{ customer { email } }', {}, auth());
    expect(after.body.errors?.length).toBeGreaterThan(0);
    const signIn = await api.post(
      'mutation ($e: String!) { generateCustomerToken(email: $e, password: "Correct-Horse-9") { token } }',
      { e: email },
    );
    expect(signIn.body.errors?.length).toBeGreaterThan(0);
    const { guestOrderByToken } = await data(
      'query ($t: String!) { guestOrderByToken(input: { token: $t }) { number } }',
      {
        t: order.token,
      },
    );
    expect(guestOrderByToken.number).toBe(order.number);
  });
});

describe('routing and checkout settings, older fields', () => {
  it('urlResolver gives the integer id and the canonical URL', async () => {
    const { products } = await data('{ products(search: "", pageSize: 1) { items { id uid url_key url_suffix } } }');
    const [p] = products.items;
    const { urlResolver } = await data(
      'query ($url: String!) { urlResolver(url: $url) { id entity_uid canonical_url relative_url type } }',
      {
        url: `${p.url_key}${p.url_suffix}`,
      },
    );
    expect(urlResolver).toEqual({
      id: p.id,
      entity_uid: p.uid,
      canonical_url: urlResolver.relative_url,
      relative_url: `${p.url_key}${p.url_suffix}`,
      type: 'PRODUCT',
    });
  });

  it('has no checkout agreements to accept', async () => {
    expect((await data('{ checkoutAgreements { agreement_id name mode } }')).checkoutAgreements).toEqual([]);
  });
});
