// Colour facets carry their swatches as Magento serves them: in the older `filters` shape, each
// colour bucket a SwatchLayerFilterItem with swatch_data { type: "1", value: hex }; other facets
// stay plain LayerFilterItems.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce, type TestCommerce } from './catalogTestServer';

let shop: TestCommerce;

beforeAll(async () => {
  shop = await startTestCommerce();
}, 120_000);

afterAll(async () => shop?.close());

const QUERY = `{ products(search: "hoodie", pageSize: 1) {
  aggregations { attribute_code options { label value } }
  filters { request_var filter_items { __typename label value_string
    ... on SwatchLayerFilterItemInterface { swatch_data { type value } } } } } }`;

describe('colour swatches in layered navigation', () => {
  it('draws each colour bucket with its hex value, and leaves the other facets plain', async () => {
    const { body } = await shop.get(QUERY);
    expect(body.errors).toBeUndefined();
    const filters = body.data.products.filters as Array<{
      request_var: string;
      filter_items: Array<{ __typename: string; label: string; value_string: string; swatch_data?: unknown }>;
    }>;
    const colour = filters.find((f) => f.request_var === 'color')!;
    expect(colour.filter_items.length).toBeGreaterThan(1);
    for (const item of colour.filter_items) {
      expect(item.__typename).toBe('SwatchLayerFilterItem');
      expect(item.swatch_data).toEqual({ type: '1', value: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
    }
    // The same buckets as the aggregation's options, by value.
    const aggregation = (
      body.data.products.aggregations as Array<{ attribute_code: string; options: Array<{ value: string }> }>
    ).find((a) => a.attribute_code === 'color')!;
    expect(colour.filter_items.map((i) => i.value_string).sort()).toEqual(
      aggregation.options.map((o) => o.value).sort(),
    );
    const size = filters.find((f) => f.request_var === 'size');
    for (const item of size?.filter_items ?? []) expect(item.__typename).toBe('LayerFilterItem');
  });
});
