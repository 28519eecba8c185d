// The repository's copy of the Magento 2.4.7 schema is what every compatibility test reads. It must
// stay a full schema of names and types, and must never carry Adobe's description text.
import { readFileSync } from 'node:fs';
import { buildSchema, isObjectType, Kind, parse, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { pwaReferencePath, referencePath } from './schemaSources';

const text = readFileSync(referencePath, 'utf8');

describe('the in-repository Magento reference schema', () => {
  it('holds no descriptions', () => {
    let described = 0;
    visit(parse(text), {
      enter(node) {
        if ('description' in node && node.description) described += 1;
      },
    });
    expect(described).toBe(0);
    expect(text).not.toContain('"""');
  });

  it('is a whole schema: the storefront entry points, interfaces and deprecations are there', () => {
    const schema = buildSchema(text);
    const query = schema.getQueryType();
    expect(query && Object.keys(query.getFields())).toEqual(
      expect.arrayContaining(['products', 'categories', 'route', 'cart', 'customer', 'storeConfig']),
    );
    expect(Object.keys(schema.getMutationType()?.getFields() ?? {})).toEqual(
      expect.arrayContaining(['placeOrder', 'addProductsToCart', 'generateCustomerToken']),
    );
    expect(schema.getPossibleTypes(schema.getType('ProductInterface') as never).map((t) => t.name)).toEqual(
      expect.arrayContaining(['SimpleProduct', 'ConfigurableProduct']),
    );
    const product = schema.getType('SimpleProduct');
    expect(isObjectType(product) && product.getFields().price?.deprecationReason).toBeTruthy();
    expect(Object.keys(schema.getTypeMap()).length).toBeGreaterThan(400);
  });

  it('is made by the reduce script, as its header says', () => {
    expect(text.split('\n')[1]).toContain('scripts/reduce-magento-schema.mjs');
    expect(parse(text).definitions.every((d) => d.kind !== Kind.SCHEMA_EXTENSION)).toBe(true);
  });
});

describe("the in-repository copy of the PWA metapackage's schemas", () => {
  const pwa = readFileSync(pwaReferencePath, 'utf8');

  it('holds no descriptions and is made by its reduce script', () => {
    let described = 0;
    visit(parse(pwa), {
      enter(node) {
        if ('description' in node && node.description) described += 1;
      },
    });
    expect(described).toBe(0);
    expect(pwa).not.toContain('"""');
    expect(pwa.split('\n')[1]).toContain('scripts/reduce-magento-pwa-schema.mjs');
  });

  it("extends the Magento reference with what Venia reads of the metapackage, Magento's own directives left out", () => {
    const schema = buildSchema(`${text}\n${pwa}`);
    const query = schema.getQueryType()?.getFields() ?? {};
    expect(Object.keys(query)).toEqual(expect.arrayContaining(['robotsConfig', 'recaptchaV3Config', 'searchTerm']));
    const cart = schema.getType('Cart');
    expect(isObjectType(cart) && String(cart.getFields().total_summary_quantity_including_config?.type)).toBe('Float!');
    expect(pwa).not.toMatch(/@(doc|resolver|typeResolver|cache)\b/);
  });
});
