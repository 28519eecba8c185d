// The older (mostly deprecated) parts of Magento's schema that clients written for Magento 2.4.7
// still send, executed against a real server: each must answer with the same data as the field
// that replaced it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';

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
      expect(p.media_gallery[i].url).toBe(`/media/catalog/product${entry.file}`);
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
      product_links: [],
    });
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
  it('lists the store views in availableStores: the default one, with its code and locale', async () => {
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
    ]);
    expect(storeConfig).toEqual({ store_code: 'default', locale: 'en_US' });
    const sameGroup = await data('{ availableStores(useCurrentGroup: true) { store_code } }');
    expect(sameGroup.availableStores).toEqual([{ store_code: 'default' }]);
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
