import { readFileSync } from 'node:fs';
import { assertEnumType, assertInterfaceType, assertObjectType, buildSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { findIncompatibilities, findMissing } from './schemaCompatibility';
import { buildOurSchema, buildReferenceSchema, ourSdlFiles } from './schemaSources';

/**
 * What we leave out of Magento's surface on purpose: whole features Vela does not implement.
 * Each group names why; everything else Magento 2.4.7 has for our types must be served.
 */
const EXCLUDED: ReadonlyArray<readonly [reason: string, items: readonly string[]]> = [
  [
    'PayPal and Payflow are payment integrations Vela does not ship',
    [
      'Query.getHostedProUrl',
      'Query.getPayflowLinkToken',
      'Mutation.createPayflowProToken',
      'Mutation.createPaypalExpressToken',
      'Mutation.handlePayflowProResponse',
      'PaymentMethodInput.hosted_pro',
      'PaymentMethodInput.payflow_express',
      'PaymentMethodInput.payflow_link',
      'PaymentMethodInput.payflowpro',
      'PaymentMethodInput.payflowpro_cc_vault',
      'PaymentMethodInput.paypal_express',
      'StoreConfig.payment_payflowpro_cc_vault_active',
    ],
  ],
  [
    "merchant-defined customer and address attributes (EAV metadata) are not part of Vela's customer model",
    [
      'Query.attributesForm',
      'Query.attributesList',
      'Query.customAttributeMetadata',
      'Query.customAttributeMetadataV2',
      'Customer.custom_attributes',
      'CustomerCreateInput.custom_attributes',
      'CustomerUpdateInput.custom_attributes',
      'CustomerAddress.custom_attributes',
      'CustomerAddress.custom_attributesV2',
      'CustomerAddress.extension_attributes',
      'CustomerAddressInput.custom_attributes',
      'CustomerAddressInput.custom_attributesV2',
      'CartAddressInput.custom_attributes',
    ],
  ],
  [
    'login as customer (remote shopping assistance) is an admin feature Vela does not have',
    [
      'Mutation.generateCustomerTokenAsAdmin',
      'CustomerCreateInput.allow_remote_shopping_assistance',
      'CustomerUpdateInput.allow_remote_shopping_assistance',
    ],
  ],
  ['sending a product to a friend by e-mail is a feature Vela does not have', ['Mutation.sendEmailToFriend']],
  [
    'accounts are active from creation (confirmation_status says confirmation is not required), so there is no key to confirm',
    ['Mutation.confirmEmail'],
  ],
  [
    "Live Search is Adobe's search service for Adobe Commerce; the PWA metapackage's settings for it (LiveSearchGraphQlPwa) have nothing to configure here",
    [
      'StoreConfig.ls_allow_all',
      'StoreConfig.ls_autocomplete_limit',
      'StoreConfig.ls_display_out_of_stock',
      'StoreConfig.ls_environment_id',
      'StoreConfig.ls_environment_type',
      'StoreConfig.ls_locale',
      'StoreConfig.ls_min_query_length',
      'StoreConfig.ls_page_size_default',
      'StoreConfig.ls_page_size_options',
      'StoreConfig.ls_service_api_key',
    ],
  ],
];

describe('commerce schema compared with Magento 2.4.7, the PWA metapackage and the named inclusions', () => {
  const ours = buildOurSchema();
  const reference = buildReferenceSchema();

  it('uses only Magento types, fields, arguments, enum values and interfaces, typed exactly as there', () => {
    const problems = findIncompatibilities(ours, reference);
    expect(problems, `incompatibilities:\n${problems.join('\n')}`).toEqual([]);
  });

  it('lacks nothing Magento has for the types and domains it implements, deprecated parts included', () => {
    const excluded = new Map(EXCLUDED.flatMap(([reason, items]) => items.map((item) => [item, reason] as const)));
    const missing = findMissing(ours, reference);
    const unexplained = missing.filter((m) => !excluded.has(m));
    expect(unexplained, `missing from our schema:\n${unexplained.join('\n')}`).toEqual([]);
    // An exclusion that no longer matches anything (because it was implemented) goes from the list.
    const stale = [...excluded.keys()].filter((item) => !missing.includes(item));
    expect(stale, 'exclusions that are no longer missing').toEqual([]);
  });

  it('offers the browsing entry points', () => {
    const query = ours.getQueryType();
    expect(query?.name).toBe('Query');
    expect(Object.keys(query?.getFields() ?? {})).toEqual(
      expect.arrayContaining([
        'storeConfig',
        'categoryList',
        'categories',
        'products',
        'route',
        'cmsPage',
        'cmsBlocks',
        'countries',
        'country',
      ]),
    );
  });

  it('exposes the store settings a storefront renders with', () => {
    const fields = Object.keys(assertObjectType(ours.getType('StoreConfig')).getFields());
    expect(fields).toEqual(
      expect.arrayContaining([
        'store_code',
        'store_name',
        'locale',
        'base_currency_code',
        'default_display_currency_code',
        'timezone',
        'weight_unit',
        'cms_home_page',
        'cms_no_route',
        'product_url_suffix',
        'category_url_suffix',
        'grid_per_page',
        'grid_per_page_values',
        'list_per_page',
        'default_title',
        'title_prefix',
        'title_suffix',
        'default_description',
        'default_keywords',
        'root_category_uid',
        'base_media_url',
        'secure_base_media_url',
        'catalog_default_sort_by',
        'copyright',
        'header_logo_src',
        'logo_alt',
        'welcome',
      ]),
    );
  });

  it('declares the concrete types behind every interface a storefront spreads on', () => {
    const possible = (name: string): string[] =>
      ours
        .getPossibleTypes(assertInterfaceType(ours.getType(name)))
        .map((t) => t.name)
        .sort();
    expect(possible('ProductInterface')).toEqual([
      'BundleProduct',
      'ConfigurableProduct',
      'DownloadableProduct',
      'GroupedProduct',
      'SimpleProduct',
      'VirtualProduct',
    ]);
    expect(possible('RoutableInterface')).toEqual([
      'BundleProduct',
      'CategoryTree',
      'CmsPage',
      'ConfigurableProduct',
      'DownloadableProduct',
      'GroupedProduct',
      'RoutableUrl',
      'SimpleProduct',
      'VirtualProduct',
    ]);
    expect(possible('SwatchDataInterface')).toEqual(['ColorSwatchData', 'ImageSwatchData', 'TextSwatchData']);
  });

  it('lists every CurrencyEnum value Magento has, since clients may receive any of them', () => {
    const values = (schema: GraphQLSchema): string[] =>
      assertEnumType(schema.getType('CurrencyEnum'))
        .getValues()
        .map((v) => v.name)
        .sort();
    expect(values(ours)).toEqual(values(reference));
  });

  it('builds the same way the server builds it (graphql-yoga createSchema over the concatenated files)', () => {
    const typeDefs = ourSdlFiles()
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const schema = createSchema({ typeDefs });
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {}).sort()).toEqual(
      Object.keys(ours.getQueryType()?.getFields() ?? {}).sort(),
    );
  });
});

describe('the compatibility checker', () => {
  const reference = buildReferenceSchema();
  // Each line below departs from Magento in one way the checker must notice.
  const wrong = buildSchema(`
    type Query { storeConfig: StoreConfig, products(search: String!, filter: ProductAttributeFilterInput): Products, invented: Int }
    type StoreConfig { store_code: String, locale: String }
    type Products { total_count: Int! }
    input ProductAttributeFilterInput { sku: FilterEqualTypeInput, color: String, size: FilterEqualTypeInput, price: FilterEqualTypeInput }
    input FilterEqualTypeInput { eq: String, in: [String], ne: String }
    enum SortEnum { ASC, DESC, SIDEWAYS }
    type Money { value: Float }
    interface Priced { money: Money }
    type ProductPrice implements Priced { money: Money }
    interface CmsBlock { content: String }
  `);
  const problems = findIncompatibilities(wrong, reference);

  it.each([
    ['an unknown field', 'Query.invented: not in Magento'],
    ['a changed field type', 'StoreConfig.store_code: type String here, ID in Magento'],
    ['changed nullability', 'Products.total_count: type Int! here, Int in Magento'],
    ['a changed argument type', 'Query.products(search): String! here, String in Magento'],
    ['a missing argument', "Query.products(pageSize): Magento's argument is missing here"],
    ['an unknown type', 'type Priced: not in Magento'],
    ['a changed kind', 'type CmsBlock: is interface here, object in Magento'],
    ['an unknown enum value', 'SortEnum.SIDEWAYS: enum value not in Magento'],
    ['an extra interface', 'type ProductPrice: implements Priced'],
    ['an unknown field of an object', 'ProductPrice.money: not in Magento'],
    ['an unknown field of a fixed input', 'FilterEqualTypeInput.ne: not in Magento'],
    [
      'an attribute filter with a type Magento never uses for attributes',
      'ProductAttributeFilterInput.color: attribute field typed String',
    ],
    [
      'a changed type of a known filter',
      'ProductAttributeFilterInput.price: type FilterEqualTypeInput here, FilterRangeTypeInput in Magento',
    ],
  ])('reports %s', (_what, expected) => {
    expect(
      problems.some((p) => p.startsWith(expected)),
      `expected "${expected}" among:\n${problems.join('\n')}`,
    ).toBe(true);
  });

  it('accepts attribute filters typed as Magento types them', () => {
    expect(problems.filter((p) => p.startsWith('ProductAttributeFilterInput.size'))).toEqual([]);
  });
});
