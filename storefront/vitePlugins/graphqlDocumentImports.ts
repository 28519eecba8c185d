import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const GQL_IMPORT = /import\s*\{\s*graphql\s*\}\s*from\s*['"][^'"]*__generated__\/gql['"];?\n?/;
const FIRST_DEFINITION = /\b(?:query|mutation|subscription|fragment)\s+([_A-Za-z][_0-9A-Za-z]*)/;
// A generated line: export const FooDocument = {"kind":"Document","definitions":[…]} as unknown as DocumentNode<…>;
const GENERATED_DOCUMENT = /^export const \w+ = (\{"kind":"Document","definitions":\[[^\n]*\]\}) as unknown as /gm;
const VIRTUAL_PREFIX = '\0vela-graphql-document:';

/** Operation or fragment name → its document as JSON text, from codegen's graphql.ts. */
export function readGeneratedDocuments(source: string): Map<string, string> {
  const documents = new Map<string, string>();
  for (const match of source.matchAll(GENERATED_DOCUMENT)) {
    const json = match[1]!;
    const document = JSON.parse(json) as { definitions: { name?: { value: string } }[] };
    const name = document.definitions[0]?.name?.value;
    if (name) documents.set(name, json);
  }
  return documents;
}

/** Rewrites each `graphql(\`query Foo …\`)` into an import of Foo's own document module; undefined when there is none. */
export function rewriteGraphqlCalls(code: string, documents: ReadonlyMap<string, string>): string | undefined {
  if (!code.includes('graphql(')) return undefined;
  const imports = new Set<string>();
  const rewritten = code.replace(CALL, (_call, text: string) => {
    const name = FIRST_DEFINITION.exec(text)?.[1];
    if (!name || !documents.has(name))
      throw new Error(
        `graphql(): no generated document for ${name ?? 'an anonymous operation'} (run npm run codegen -w @vela/storefront)`,
      );
    imports.add(name);
    return `__velaDocument_${name}`;
  });
  if (imports.size === 0) return undefined;
  const importLines = [...imports]
    .map((name) => `import __velaDocument_${name} from ${JSON.stringify(VIRTUAL_PREFIX + name)};\n`)
    .join('');
  // Left behind, the `graphql` import would pull gql.ts's map of every document into the chunk.
  const withoutGql = /\bgraphql\(/.test(rewritten) ? rewritten : rewritten.replace(GQL_IMPORT, '');
  return importLines + withoutGql;
}

/**
 * Codegen's `graphql()` looks documents up in one map of all of them, and even its per-document
 * exports share one module, so every page would ship every query of the shop. This does what the
 * client preset's Babel/SWC plugin does and a little more: each call becomes an import of a
 * module holding only its document, which the bundler then places in the chunks that use it.
 * Documents stay full ASTs and are still sent as query text.
 */
export function graphqlDocumentImports(appDirectory: string): Plugin {
  const generatedFile = path.join(appDirectory, '__generated__', 'graphql.ts');
  let cached: { mtimeMs: number; documents: Map<string, string> } | undefined;
  const reread = () => {
    const { mtimeMs } = statSync(generatedFile);
    cached = { mtimeMs, documents: readGeneratedDocuments(readFileSync(generatedFile, 'utf8')) };
    return cached.documents;
  };
  // Codegen may rewrite the file while we build (a watcher, another build): a miss reads it again.
  const documentsNow = (names: readonly string[] = []) => {
    const documents = cached && cached.mtimeMs === statSync(generatedFile).mtimeMs ? cached.documents : reread();
    return names.every((name) => documents.has(name)) ? documents : reread();
  };
  return {
    name: 'vela-graphql-document-imports',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(VIRTUAL_PREFIX) ? source : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const name = id.slice(VIRTUAL_PREFIX.length);
      const json = documentsNow([name]).get(name);
      if (!json) throw new Error(`no generated document for ${name}`);
      return `export default ${json};\n`;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(appDirectory) || file.includes('__generated__') || !/\.tsx?$/.test(file)) return null;
      const names = [...code.matchAll(CALL)].map((call) => FIRST_DEFINITION.exec(call[1]!)?.[1] ?? '');
      const rewritten = rewriteGraphqlCalls(code, documentsNow(names));
      return rewritten === undefined ? null : { code: rewritten, map: null };
    },
  };
}
