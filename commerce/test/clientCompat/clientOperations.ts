// The client documents of the compatibility suite: every operation in operations/*.graphql, each
// printed with the fragments it uses, ready to validate and to send.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, visit } from 'graphql';
import type { DocumentNode, FragmentDefinitionNode, OperationDefinitionNode } from 'graphql';

const operationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'operations');

export interface ClientOperation {
  name: string;
  file: string;
  document: DocumentNode;
  /** The operation and its fragments as sent over the wire. */
  source: string;
}

function spreadNames(node: OperationDefinitionNode | FragmentDefinitionNode): string[] {
  const names: string[] = [];
  visit(node, {
    FragmentSpread(spread) {
      names.push(spread.name.value);
    },
  });
  return names;
}

export function loadClientOperations(): ClientOperation[] {
  const files = readdirSync(operationsDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort();
  const parsed = files.map((file) => ({ file, document: parse(readFileSync(path.join(operationsDir, file), 'utf8')) }));
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const { document } of parsed)
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  return parsed.flatMap(({ file, document }) =>
    document.definitions.flatMap((d) => {
      if (d.kind !== Kind.OPERATION_DEFINITION || !d.name) return [];
      const used = new Map<string, FragmentDefinitionNode>();
      const pending = spreadNames(d);
      while (pending.length > 0) {
        const name = pending.pop()!;
        const fragment = fragments.get(name);
        if (!fragment || used.has(name)) continue;
        used.set(name, fragment);
        pending.push(...spreadNames(fragment));
      }
      const single: DocumentNode = { kind: Kind.DOCUMENT, definitions: [d, ...used.values()] };
      return [{ name: d.name.value, file, document: single, source: print(single) }];
    }),
  );
}
