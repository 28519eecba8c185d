// The storefront's own GraphQL operations, printed from its generated documents, so benchmarks
// send exactly what shoppers' browsers send.
import path from 'node:path';
import { Kind, print, type DocumentNode } from 'graphql';

export async function storefrontDocument(root: string, operationName: string): Promise<string> {
  const generated = (await import(path.join(root, 'storefront/app/__generated__/graphql.ts'))) as Record<
    string,
    unknown
  >;
  for (const value of Object.values(generated)) {
    const doc = value as DocumentNode;
    if (doc?.kind !== Kind.DOCUMENT) continue;
    const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    if (op && 'name' in op && op.name?.value === operationName) return print(doc);
  }
  throw new Error(
    `operation ${operationName} not found in the storefront's generated documents (run npm run codegen -w @vela/storefront)`,
  );
}
