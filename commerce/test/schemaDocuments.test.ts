import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectDocuments, describeFailures, findDocumentFiles, validateDocuments } from './schemaDocuments';
import { buildOurSchema, buildReferenceSchema, repoRoot } from './schemaSources';

const ours = buildOurSchema();
const reference = buildReferenceSchema();

describe('storefront GraphQL documents', () => {
  const files = findDocumentFiles(path.join(repoRoot, 'storefront/app'));
  const collected = collectDocuments(files);

  it('are found (none yet is fine, but never a negative or broken count)', () => {
    expect(collected.units.length).toBeGreaterThanOrEqual(0);
    expect(files.every((f) => !/__generated__|[\\/]generated[\\/]|\.(test|spec)\.tsx?$/.test(f))).toBe(true);
  });

  it('validate against the Magento 2.4.7 reference', () => {
    const failures = validateDocuments(collected, reference);
    expect(failures, `invalid against Magento:\n${describeFailures(failures, repoRoot)}`).toEqual([]);
  });

  it('validate against our commerce schema', () => {
    const failures = validateDocuments(collected, ours);
    expect(failures, `invalid against our schema:\n${describeFailures(failures, repoRoot)}`).toEqual([]);
  });
});

describe('document extraction and validation', () => {
  const sources: Record<string, string> = {
    '/app/features/catalog/productCard.ts': `
      import { gql } from '@apollo/client';
      export const ProductCardFragment = gql\`
        fragment ProductCard on ProductInterface {
          uid
          name
          url_key
          small_image { url label }
          price_range { minimum_price { final_price { value currency } } }
          ... on ConfigurableProduct { configurable_options { attribute_code values { uid label swatch_data { value } } } }
        }
      \`;
    `,
    '/app/features/catalog/categoryPage.tsx': `
      import { graphql } from '../../data/graphql';
      import { ProductCardFragment } from './productCard';
      const GET_CATEGORY_PRODUCTS = graphql(\`
        query GetCategoryProducts($uid: String!, $pageSize: Int, $sort: ProductAttributeSortInput, $filter: ProductAttributeFilterInput!) {
          products(filter: $filter, pageSize: $pageSize, sort: $sort) {
            items { ...ProductCard }
            aggregations(filter: { category: { includeDirectChildrenOnly: true } }) { attribute_code label options { label value count } }
            page_info { total_pages }
            total_count
          }
          categories(filters: { category_uid: { eq: $uid } }) { items { name breadcrumbs { category_uid category_name } } }
          isOnline @client
        }
        \${ProductCardFragment}
      \`);
      export default function Page() { return null; }
    `,
    '/app/features/cms/cmsBlock.graphql': `
      query GetCmsBlocks($identifiers: [String]) { cmsBlocks(identifiers: $identifiers) { items { identifier content } } }
    `,
    '/app/features/routing/resolve.ts': `
      const RESOLVE = /* GraphQL */ \`
        query ResolveRoute($url: String!) {
          route(url: $url) { __typename redirect_code relative_url type ... on CmsPage { identifier } ... on CategoryTree { uid } }
        }
      \`;
      const notGraphql = graphql(\`just some text\`);
    `,
  };
  const collected = collectDocuments(Object.keys(sources), (file) => sources[file] ?? '');

  it('finds tagged templates, graphql() calls, /* GraphQL */ literals and .graphql files', () => {
    expect(collected.failures).toEqual([]);
    expect(collected.units.map((u) => `${u.kind} ${u.name}`).sort()).toEqual([
      'fragment ProductCard',
      'query GetCategoryProducts',
      'query GetCmsBlocks',
      'query ResolveRoute',
    ]);
  });

  it('validates the sample against both schemas, resolving fragments across files and dropping @client fields', () => {
    expect(describeFailures(validateDocuments(collected, reference), '/')).toBe('');
    expect(describeFailures(validateDocuments(collected, ours), '/')).toBe('');
  });

  it('reports each invalid operation with its file and line', () => {
    const broken = collectDocuments(
      ['/app/broken.ts'],
      () => `
      const A = gql\`query Fine { storeConfig { store_code } }\`;
      const B = gql\`query Wrong { storeConfig { no_such_field } products { items { sku } } }\`;
      const C = gql\`query Unknown { \${somethingElse} }\`;
      const D = gql\`query Unparsable { storeConfig { \`;
    `,
    );
    const failures = validateDocuments(broken, reference);
    const text = describeFailures(failures, '/');
    expect(failures).toHaveLength(3);
    expect(text).toContain('app/broken.ts:3 query Wrong: Cannot query field "no_such_field" on type "StoreConfig".');
    expect(text).toContain('unresolved interpolation(s): ${somethingElse}');
    expect(text).toContain('Syntax Error');
  });
});
