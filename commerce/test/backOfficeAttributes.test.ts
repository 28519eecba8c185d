import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { AUDITED_CHANGES, createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Product attributes in the back office: owners create, change and delete them and their options,
// staff and viewers read; every refusal changes nothing; every change is audited; the storefront
// (layered navigation, product pages, search, the French store) follows at its next request.

let shop: Shop;
const clock = new Date('2026-11-28T09:00:00Z');
const now = () => clock;
let owner: StaffBrowser;
let staff: StaffBrowser;
let viewer: StaffBrowser;

const DETAIL = `code label input filterable searchable visibleOnFront position optionCount productCount configurableCount
  storeLabels { storeCode label } options { id label swatch position productCount storeLabels { storeCode label } }`;
const CREATE = `mutation($c: String!, $i: AdminProductAttributeInput!) { createProductAttribute(code: $c, input: $i) { ${DETAIL} } }`;
const UPDATE = `mutation($c: String!, $i: AdminProductAttributeInput!) { updateProductAttribute(code: $c, input: $i) { ${DETAIL} } }`;
const OPTIONS = `mutation($c: String!, $o: [AdminProductAttributeOptionInput!]!, $y: Boolean) {
  setProductAttributeOptions(code: $c, options: $o, confirmRemoval: $y) { ${DETAIL} } }`;
const DELETE = `mutation($c: String!, $y: Boolean) { deleteProductAttribute(code: $c, confirmRemoval: $y) }`;
const LIST = `{ productAttributes { code label input filterable productCount optionCount configurableCount } }`;
const SET_VALUES = `mutation($s: String!, $i: AdminProductInput!) { updateProduct(sku: $s, input: $i) { sku } }`;

const FABRIC = {
  label: 'Fabric',
  input: 'select',
  filterable: true,
  searchable: true,
  visibleOnFront: true,
  position: 35,
  storeLabels: [{ storeCode: 'fr', label: 'Tissu' }],
};

async function storefront(query: string, store?: string): Promise<GraphQLResult> {
  const response = await shop.commerce.fetch(
    new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, {
      method: 'GET',
      headers: store ? { Store: store } : {},
    }),
  );
  return (await response.json()) as GraphQLResult;
}

function ok<T = any>(result: GraphQLResult<T>, what: string): T {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data!;
}

function refusal(result: GraphQLResult): { message: string; field?: string } {
  expect(result.errors, JSON.stringify(result.data)).toBeDefined();
  const error = result.errors![0]!;
  return { message: error.message, field: (error.extensions as { field?: string } | undefined)?.field };
}

const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;
const lastAudit = () =>
  shop.sql.prepare('select action, entity_id, before, after from audit_log order by id desc limit 1').get() as {
    action: string;
    entity_id: string;
  };
const attributeRows = () => shop.sql.prepare('select * from attribute order by code').all();
const optionRows = () => shop.sql.prepare('select * from attribute_option order by id').all();
const valueRows = () => shop.sql.prepare('select * from product_attribute_value order by product_id, option_id').all();

/** Two simple products shown on their own, in the first category that lists them both. */
let products: Array<{ id: number; sku: string; url_key: string }>;

interface Facet {
  attribute_code: string;
  label: string;
  options: Array<{ label: string; count: number }>;
}
async function facets(store?: string): Promise<Facet[]> {
  const skus = products.map((p) => `"${p.sku}"`).join(', ');
  return ok(
    await storefront(
      `{ products(filter: { sku: { in: [${skus}] } }) { aggregations { attribute_code label options { label count } } } }`,
      store,
    ),
    'aggregations',
  ).products.aggregations as Facet[];
}

async function shownAttributes(sku: string, store?: string): Promise<Array<{ code: string; labels: string[] }>> {
  const data = ok(
    await storefront(
      `{ products(filter: { sku: { eq: "${sku}" } }) { items { custom_attributesV2(filters: { is_visible_on_front: true }) {
        items { code ... on AttributeSelectedOptions { selected_options { label } } } } } } }`,
      store,
    ),
    'custom_attributesV2',
  );
  return (
    data.products.items[0].custom_attributesV2.items as Array<{
      code: string;
      selected_options: Array<{ label: string }>;
    }>
  ).map((i) => ({ code: i.code, labels: i.selected_options.map((o) => o.label) }));
}

const searchSkus = async (text: string) =>
  (
    ok(await storefront(`{ products(search: "${text}") { items { sku } } }`), 'search').products.items as Array<{
      sku: string;
    }>
  ).map((i) => i.sku);

beforeAll(async () => {
  shop = await openShop({ now, mailWorker: false });
  await createStaff(shop, 'owner@example.com', 'owner');
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  owner = (await signedIn(shop, 'owner@example.com', now)).browser;
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
  products = shop.sql
    .prepare(
      `select id, sku, url_key from product where type = 'simple' and parent_id is null and visibility = 4 order by id limit 2`,
    )
    .all() as typeof products;
}, 120_000);
afterAll(async () => shop?.close());

describe('creating an attribute', () => {
  it('refuses bad codes, input types and labels, and changes nothing', async () => {
    const rows = attributeRows();
    const audits = auditCount();
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['Fabric', FABRIC, 'code', /lower-case letters/],
      ['9fabric', FABRIC, 'code', /starts with a letter/],
      ['fab-ric', FABRIC, 'code', /lower-case letters/],
      ['f'.repeat(61), FABRIC, 'code', /at most 60/],
      ['sku', FABRIC, 'code', /product field/],
      ['color', FABRIC, 'code', /exists already/],
      ['fabric', { ...FABRIC, input: 'wysiwyg' }, 'input', /not an input type/],
      ['fabric', { ...FABRIC, label: '  ' }, 'label', /cannot be empty/],
      ['fabric', { ...FABRIC, input: 'text' }, 'filterable', /Only attributes with options/],
      ['fabric', { ...FABRIC, storeLabels: [{ storeCode: 'xx', label: 'A' }] }, 'storeLabels', /no store view "xx"/],
      ['fabric', { ...FABRIC, position: -1 }, 'position', /whole number/],
    ];
    for (const [code, input, field, message] of cases) {
      const error = refusal(await owner.gql(CREATE, { c: code, i: input }));
      expect(error.message, code).toMatch(message);
      expect(error.field, code).toBe(field);
    }
    expect(attributeRows()).toEqual(rows);
    expect(auditCount()).toBe(audits);
  });

  it('staff and viewers cannot create one', async () => {
    for (const caller of [staff, viewer]) {
      expect(refusal(await caller.gql(CREATE, { c: 'fabric', i: FABRIC })).message).toMatch(
        /role|permission|not allowed/i,
      );
    }
    expect(attributeRows().some((r: any) => r.code === 'fabric')).toBe(false);
  });

  it('an owner creates one with a French label; viewers list it; it is audited', async () => {
    const audits = auditCount();
    const created = ok(await owner.gql(CREATE, { c: 'fabric', i: FABRIC }), 'create').createProductAttribute;
    expect(created).toMatchObject({
      code: 'fabric',
      label: 'Fabric',
      input: 'select',
      filterable: true,
      position: 35,
      storeLabels: [{ storeCode: 'fr', label: 'Tissu' }],
      optionCount: 0,
      productCount: 0,
    });
    expect(auditCount()).toBe(audits + 1);
    expect(lastAudit()).toMatchObject({ action: 'attribute.create', entity_id: 'fabric' });
    const list = ok(await viewer.gql(LIST), 'list').productAttributes as Array<{ code: string }>;
    expect(list.map((a) => a.code)).toContain('fabric');
    expect(list.map((a) => a.code).indexOf('fabric')).toBeGreaterThan(list.map((a) => a.code).indexOf('material'));
  });

  it('two owners creating the same code at once make one attribute', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => owner.gql(CREATE, { c: 'weave', i: { ...FABRIC, label: 'Weave', storeLabels: [] } })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors?.[0]?.message.match(/exists already/))).toHaveLength(2);
    expect(ok(await owner.gql(DELETE, { c: 'weave' }), 'delete weave').deleteProductAttribute).toBe('weave');
  });
});

describe('options and the storefront', () => {
  it('adds options with French labels; products given them show in layered navigation, in French at /fr/', async () => {
    const saved = ok(
      await owner.gql(OPTIONS, {
        c: 'fabric',
        o: [
          { label: 'Zibeline', storeLabels: [{ storeCode: 'fr', label: 'Zibelina' }] },
          { label: 'Wool', storeLabels: [{ storeCode: 'fr', label: 'Laine' }] },
        ],
      }),
      'options',
    ).setProductAttributeOptions;
    expect(saved.options.map((o: any) => [o.label, o.position, o.storeLabels])).toEqual([
      ['Zibeline', 1, [{ storeCode: 'fr', label: 'Zibelina' }]],
      ['Wool', 2, [{ storeCode: 'fr', label: 'Laine' }]],
    ]);
    expect(lastAudit()).toMatchObject({ action: 'attribute.options', entity_id: 'fabric' });
    expect((await facets()).some((f) => f.attribute_code === 'fabric')).toBe(false);

    // Staff set the values on products, as on any product's page.
    ok(
      await staff.gql(SET_VALUES, {
        s: products[0]!.sku,
        i: { attributes: [{ code: 'fabric', values: ['Zibeline'] }] },
      }),
      'set',
    );
    ok(
      await staff.gql(SET_VALUES, {
        s: products[1]!.sku,
        i: { attributes: [{ code: 'fabric', values: ['zibeline'] }] },
      }),
      'set',
    );

    const english = (await facets()).find((f) => f.attribute_code === 'fabric');
    expect(english).toEqual({ attribute_code: 'fabric', label: 'Fabric', options: [{ label: 'Zibeline', count: 2 }] });
    const french = (await facets('fr')).find((f) => f.attribute_code === 'fabric');
    expect(french).toEqual({ attribute_code: 'fabric', label: 'Tissu', options: [{ label: 'Zibelina', count: 2 }] });
    expect(await shownAttributes(products[0]!.sku, 'fr')).toContainEqual({ code: 'fabric', labels: ['Zibelina'] });
    expect(await searchSkus('Zibeline')).toEqual(expect.arrayContaining(products.map((p) => p.sku)));
  });

  it('not filterable: gone from layered navigation; filterable again: back with its counts', async () => {
    ok(await owner.gql(UPDATE, { c: 'fabric', i: { ...FABRIC, filterable: false } }), 'update');
    expect((await facets()).some((f) => f.attribute_code === 'fabric')).toBe(false);
    ok(await owner.gql(UPDATE, { c: 'fabric', i: FABRIC }), 'update');
    expect((await facets()).find((f) => f.attribute_code === 'fabric')?.options).toEqual([
      { label: 'Zibeline', count: 2 },
    ]);
  });

  it('hidden from the product page: custom_attributesV2 leaves it out; shown again: back', async () => {
    ok(await owner.gql(UPDATE, { c: 'fabric', i: { ...FABRIC, visibleOnFront: false } }), 'hide');
    expect((await shownAttributes(products[0]!.sku)).map((a) => a.code)).not.toContain('fabric');
    ok(await owner.gql(UPDATE, { c: 'fabric', i: FABRIC }), 'show');
    expect(await shownAttributes(products[0]!.sku)).toContainEqual({ code: 'fabric', labels: ['Zibeline'] });
  });

  it('not searchable: its option labels no longer find the products', async () => {
    ok(await owner.gql(UPDATE, { c: 'fabric', i: { ...FABRIC, searchable: false } }), 'unsearchable');
    expect(await searchSkus('Zibeline')).not.toEqual(expect.arrayContaining(products.map((p) => p.sku)));
    ok(await owner.gql(UPDATE, { c: 'fabric', i: FABRIC }), 'searchable');
    expect(await searchSkus('Zibeline')).toEqual(expect.arrayContaining(products.map((p) => p.sku)));
  });

  it('removing an option products use needs a confirmation that says how many; confirmed, the products lose it', async () => {
    const detail = ok(await viewer.gql(`{ productAttribute(code: "fabric") { ${DETAIL} } }`), 'read').productAttribute;
    const [zibeline, wool] = detail.options as Array<{ id: string; productCount: number }>;
    expect(zibeline!.productCount).toBe(2);
    const options = optionRows();
    const values = valueRows();
    const audits = auditCount();
    const onlyWool = [{ id: wool!.id, label: 'Wool' }];
    const error = refusal(await owner.gql(OPTIONS, { c: 'fabric', o: onlyWool }));
    expect(error).toEqual({
      field: 'confirmRemoval',
      message: 'Zibeline is used by 2 products. Confirm to take it from those products.',
    });
    expect(optionRows()).toEqual(options);
    expect(valueRows()).toEqual(values);
    expect(auditCount()).toBe(audits);

    const saved = ok(
      await owner.gql(OPTIONS, { c: 'fabric', o: onlyWool, y: true }),
      'remove',
    ).setProductAttributeOptions;
    expect(saved.options.map((o: any) => o.label)).toEqual(['Wool']);
    expect(saved.productCount).toBe(0);
    expect((await facets()).some((f) => f.attribute_code === 'fabric')).toBe(false);
    expect(await searchSkus('Zibeline')).not.toEqual(expect.arrayContaining(products.map((p) => p.sku)));
  });

  it('reorders, relabels and adds options with a swatch colour only on swatch attributes', async () => {
    const detail = ok(await viewer.gql(`{ productAttribute(code: "fabric") { ${DETAIL} } }`), 'read').productAttribute;
    const wool = detail.options[0] as { id: string };
    const saved = ok(
      await owner.gql(OPTIONS, {
        c: 'fabric',
        o: [
          { label: 'Silk', swatch: '#ff0000' },
          { id: wool.id, label: 'Merino' },
        ],
      }),
      'reorder',
    ).setProductAttributeOptions;
    expect(saved.options.map((o: any) => [o.label, o.position, o.swatch])).toEqual([
      ['Silk', 1, null],
      ['Merino', 2, null],
    ]);
    expect(saved.options[1].id).toBe(wool.id);

    const colour = ok(await viewer.gql(`{ productAttribute(code: "color") { options { id label swatch } } }`), 'color')
      .productAttribute.options as Array<{ id: string; label: string; swatch: string | null }>;
    const bad = refusal(
      await owner.gql(OPTIONS, { c: 'color', o: colour.map((o, i) => ({ ...o, swatch: i === 0 ? 'red' : o.swatch })) }),
    );
    expect(bad.message).toMatch(/not a colour/);
    const changed = ok(
      await owner.gql(OPTIONS, {
        c: 'color',
        o: colour.map((o, i) => ({ ...o, swatch: i === 0 ? '#ABCDEF' : o.swatch })),
      }),
      'swatch',
    ).setProductAttributeOptions;
    expect(changed.options[0].swatch).toBe('#abcdef');
  });
});

describe('deleting an attribute', () => {
  it('refuses one configurable products are chosen by', async () => {
    const error = refusal(await owner.gql(DELETE, { c: 'size', y: true }));
    expect(error.message).toMatch(/configurable products? (is|are) chosen by it/);
    expect(attributeRows().some((r: any) => r.code === 'size')).toBe(true);
  });

  it('asks for a confirmation while products have values; confirmed, deletes them with it', async () => {
    ok(
      await staff.gql(SET_VALUES, { s: products[0]!.sku, i: { attributes: [{ code: 'fabric', values: ['Silk'] }] } }),
      'set',
    );
    const error = refusal(await owner.gql(DELETE, { c: 'fabric' }));
    expect(error.message).toBe('Fabric has values on 1 product; confirm to delete them with it.');
    expect(attributeRows().some((r: any) => r.code === 'fabric')).toBe(true);
    expect(refusal(await staff.gql(DELETE, { c: 'fabric', y: true })).message).toMatch(/role|permission|not allowed/i);

    ok(await owner.gql(DELETE, { c: 'fabric', y: true }), 'delete');
    expect(lastAudit()).toMatchObject({ action: 'attribute.delete', entity_id: 'fabric' });
    expect(attributeRows().some((r: any) => r.code === 'fabric')).toBe(false);
    expect(optionRows().some((r: any) => r.attribute_code === 'fabric')).toBe(false);
    expect(valueRows().some((r: any) => r.attribute_code === 'fabric')).toBe(false);
    expect((await shownAttributes(products[0]!.sku)).map((a) => a.code)).not.toContain('fabric');
    expect(refusal(await viewer.gql(`{ productAttribute(code: "fabric") { code } }`)).message).toMatch(/no attribute/);
  });
});
