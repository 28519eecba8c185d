// storeConfig as Magento clients read it: every field the schema promises non-null has a value in
// every store view (Venia's build asks for all of them at once, and one null fails the whole
// answer), and the addresses Magento gives absolute are absolute, on the shop's public URL.
import { getNamedType, isNonNullType, isObjectType } from 'graphql';
import type { GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce } from './catalogTestServer';
import type { TestCommerce } from './catalogTestServer';
import { buildOurSchema } from './schemaSources';

const PUBLIC_URL = 'https://shop.example.test';

let shop: TestCommerce;
beforeAll(async () => {
  shop = await startTestCommerce({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await shop?.close();
});

const storeConfigType = (() => {
  const type = buildOurSchema().getType('StoreConfig');
  if (!isObjectType(type)) throw new Error('StoreConfig is not an object type');
  return type;
})();

/** A field with every scalar of its object type selected (one level is all StoreConfig has). */
function selection(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  if (!isObjectType(named)) return field.name;
  const inner = Object.values(named.getFields())
    .filter((f) => !isObjectType(getNamedType(f.type)))
    .map((f) => f.name);
  return `${field.name} { ${inner.join(' ')} }`;
}

const fields = Object.values(storeConfigType.getFields());
const everyField = fields.map(selection).join('\n');

async function storeCodes(): Promise<string[]> {
  const { body } = await shop.post('{ availableStores { store_code } }');
  expect(body.errors).toBeUndefined();
  return (body.data.availableStores as Array<{ store_code: string }>).map((s) => s.store_code);
}

describe('storeConfig', () => {
  it('answers every field, and a value for every non-null one, in every store view', async () => {
    const codes = await storeCodes();
    expect(codes.length).toBeGreaterThan(1);
    const nonNull = fields.filter((f) => isNonNullType(f.type)).map((f) => f.name);
    expect(nonNull).toEqual(expect.arrayContaining(['newsletter_enabled', 'contact_enabled']));
    for (const code of codes) {
      const { body } = await shop.post(`{ storeConfig { ${everyField} } }`, {}, { Store: code });
      expect(body.errors, `store ${code}`).toBeUndefined();
      const config = body.data.storeConfig as Record<string, unknown>;
      for (const name of nonNull) expect(config[name], `${code}: ${name}`).not.toBeNull();
    }
  });

  it("names the countries whose addresses need a region, and those that may leave the postcode out, from the shop's directory", async () => {
    // The storefront's address form reads these two lists (Magento's general/region/state_required
    // and general/country/optional_zip_countries) to mark the region and postcode required or not.
    const { body } = await shop.post('{ storeConfig { countries_with_required_region optional_zip_countries } }');
    expect(body.errors).toBeUndefined();
    const config = body.data.storeConfig as { countries_with_required_region: string; optional_zip_countries: string };
    const required = config.countries_with_required_region.split(',');
    expect(required).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(required).not.toContain('DE');
    expect(config.optional_zip_countries.split(',')).toEqual(expect.arrayContaining(['HK', 'IE']));
  });

  it('says the contact form and newsletter sign-up are on, since the shop always offers both', async () => {
    const { body } = await shop.post('{ storeConfig { contact_enabled newsletter_enabled } }');
    expect(body.data.storeConfig).toEqual({ contact_enabled: true, newsletter_enabled: true });
  });

  it('names no Braintree environment while the shop has no Braintree keys (the footer then lists no cards)', async () => {
    const { body } = await shop.post('{ storeConfig { braintree_environment } }');
    expect(body.data.storeConfig).toEqual({ braintree_environment: null });
  });
});
