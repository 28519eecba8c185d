import { Kind, OperationTypeNode, parse, print, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as generated from '../__generated__/graphql';
import { compactLayout } from './compactQuery';

const documents = Object.entries(generated).filter(
  (entry): entry is [string, DocumentNode] =>
    typeof entry[1] === 'object' && entry[1] !== null && (entry[1] as { kind?: unknown }).kind === 'Document',
);

// nginx, in front of most Magento shops, refuses a request line over 8 KB (its default
// large_client_header_buffers); Node refuses a request head over 16 KB. Variables come on top.
const QUERY_PARAMETER_BUDGET = 7000;

describe('compactLayout', () => {
  it('keeps every storefront document the same to a parser', () => {
    expect(documents.length).toBeGreaterThan(50);
    for (const [name, document] of documents) {
      const printed = print(document);
      expect(print(parse(compactLayout(printed))), name).toBe(printed);
    }
  });

  it('keeps string literals, line breaks and spaces inside them included', () => {
    const printed = print(parse('query Q {\n  products(search: "two  words\\nand a line") {\n    total_count\n  }\n}'));
    expect(compactLayout(printed)).toBe('query Q { products(search: "two  words\\nand a line") { total_count } }');
  });

  it('keeps every query short enough for a GET through nginx or Node', () => {
    const queries = documents.filter(([, d]) =>
      d.definitions.some((def) => def.kind === Kind.OPERATION_DEFINITION && def.operation === OperationTypeNode.QUERY),
    );
    const lengths = queries.map(([name, d]) => [name, encodeURIComponent(compactLayout(print(d))).length] as const);
    for (const [name, length] of lengths) expect(length, name).toBeLessThanOrEqual(QUERY_PARAMETER_BUDGET);
    // Laid out as graphql-js prints it, the product page's query was 13.6 KB before Apollo added
    // __typename and the variables (16.9 KB in the browser: refused by Node); collapsed, it is
    // under half of that.
    const productPage = queries.find(([name]) => name === 'ProductPageDocument');
    expect(productPage).toBeDefined();
    const laidOut = encodeURIComponent(print(productPage![1])).length;
    expect(encodeURIComponent(compactLayout(print(productPage![1]))).length).toBeLessThan(laidOut / 2);
  });
});
