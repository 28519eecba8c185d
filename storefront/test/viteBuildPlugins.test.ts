import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { readGeneratedDocuments, rewriteGraphqlCalls } from '../vitePlugins/graphqlDocumentImports';
import { precompileCatalogue } from '../vitePlugins/precompiledMessages';
import { stripDefaultMessages } from '../vitePlugins/withoutDefaultMessages';

const generated = [
  'export const CartFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CartFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Cart"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]} as unknown as DocumentNode<CartFieldsFragment, unknown>;',
  'export const CartDetailsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CartDetails"},"selectionSet":{"kind":"SelectionSet","selections":[]}}]} as unknown as DocumentNode<CartDetailsQuery, CartDetailsQueryVariables>;',
].join('\n');

describe('graphql document imports', () => {
  const documents = readGeneratedDocuments(generated);

  it('finds each generated document by its operation or fragment name', () => {
    expect([...documents.keys()]).toEqual(['CartFields', 'CartDetails']);
    expect(JSON.parse(documents.get('CartDetails')!)).toMatchObject({
      kind: 'Document',
      definitions: [{ kind: 'OperationDefinition', name: { value: 'CartDetails' } }],
    });
  });

  it('turns graphql() calls into imports of one module per document and drops the gql import', () => {
    const source = [
      "import { graphql } from '../../__generated__/gql';",
      'export const CartFields = graphql(`\n  fragment CartFields on Cart { id }\n`);',
      'export const CartDetails = graphql(`query CartDetails($cartId: String!) { cart(cart_id: $cartId) { ...CartFields } }`);',
    ].join('\n');
    const rewritten = rewriteGraphqlCalls(source, documents)!;
    expect(rewritten).not.toContain('__generated__/gql');
    expect(rewritten).not.toMatch(/graphql\(/);
    expect(rewritten).toContain('import __velaDocument_CartFields from "\\u0000vela-graphql-document:CartFields";');
    expect(rewritten).toContain('export const CartDetails = __velaDocument_CartDetails;');
  });

  it('leaves files without documents alone and refuses unknown operations', () => {
    expect(rewriteGraphqlCalls('const x = 1;', documents)).toBeUndefined();
    expect(() => rewriteGraphqlCalls('graphql(`query Missing { a }`)', documents)).toThrow(/Missing/);
  });

  it('matches every document codegen generated for the app', () => {
    const file = path.join(__dirname, '../app/__generated__/graphql.ts');
    const source = readFileSync(file, 'utf8');
    const exported = source.match(/^export const \w+ = \{"kind":"Document"/gm) ?? [];
    expect(readGeneratedDocuments(source).size).toBe(exported.length);
  });
});

describe('precompiled messages', () => {
  it('compiles ICU messages to an AST that formats like the source text', () => {
    const compiled = JSON.parse(
      precompileCatalogue(JSON.stringify({ 'a.count': '{count, plural, one {# item} other {# items}} in {store}' })),
    ) as Record<string, unknown>;
    const format = new IntlMessageFormat(compiled['a.count'] as never, 'en-US');
    expect(format.format({ count: 3, store: 'Vela' })).toBe('3 items in Vela');
    expect(format.format({ count: 1, store: 'Vela' })).toBe('1 item in Vela');
  });

  it('compiles the whole en_US catalogue', () => {
    const json = readFileSync(path.join(__dirname, '../app/i18n/en_US.json'), 'utf8');
    const compiled = JSON.parse(precompileCatalogue(json)) as Record<string, unknown[]>;
    expect(Object.keys(compiled)).toEqual(Object.keys(JSON.parse(json) as object));
    for (const ast of Object.values(compiled)) expect(Array.isArray(ast)).toBe(true);
  });
});

describe('default messages in the browser build', () => {
  it('drops literal defaults from descriptors and FormattedMessage, in any quoting, and keeps ids and values', () => {
    const source = [
      "intl.formatMessage({ id: 'a.one', defaultMessage: 'It\\'s {n, number}' }, { n: 1 });",
      'const m = defineMessages({ two: { defaultMessage: "Two, \\"quoted\\"", id: "a.two" } });',
      '<FormattedMessage id="b.one" defaultMessage="{n} left" values={{ n: 2 }} />',
      "<FormattedMessage id={'b.two'} defaultMessage={`Multi word`} />",
      "<FormattedMessage id='b.three' defaultMessage={'Single'} />",
      'interface Descriptor { id: string; defaultMessage: string }',
    ].join('\n');
    const stripped = stripDefaultMessages(source);
    expect(stripped).toBe(
      [
        "intl.formatMessage({ id: 'a.one', }, { n: 1 });",
        'const m = defineMessages({ two: {  id: "a.two" } });',
        '<FormattedMessage id="b.one" values={{ n: 2 }} />',
        "<FormattedMessage id={'b.two'} />",
        "<FormattedMessage id='b.three' />",
        'interface Descriptor { id: string; defaultMessage: string }',
      ].join('\n'),
    );
  });

  it('leaves template literals with interpolation alone', () => {
    const source = 'intl.formatMessage({ id: `a.${key}`, defaultMessage: `Hello ${name}` });';
    expect(stripDefaultMessages(source)).toBe(source);
  });
});
