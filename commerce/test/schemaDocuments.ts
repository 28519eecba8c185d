// Finds the GraphQL documents the storefront sends and validates them against a schema.
// Follows the extraction rules of the Magento operation checker (validate-ops.mjs, which runs its
// CLI on import, so it cannot be reused as a module): gql`…`, graphql`…`, gql(`…`),
// graphql(`…`), /* GraphQL */ `…` and whole .graphql/.gql files; interpolations of other
// documents are dropped because their fragments are looked up in a shared table.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, Source, parse, specifiedRules, NoUnusedFragmentsRule, validate, visit } from 'graphql';
import type {
  DefinitionNode,
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLSchema,
  OperationDefinitionNode,
} from 'graphql';

const GRAPHQL_EXTENSIONS = new Set(['.graphql', '.gql']);
const SCRIPT_EXTENSIONS = new Set(['.ts', '.tsx']);
const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  '__generated__',
  'generated',
  '__tests__',
  'dist',
  'build',
  '.react-router',
]);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
// Client-only directives that Apollo handles itself; never sent to the server.
const CLIENT_DIRECTIVES = new Set(['client', 'connection', 'export', 'nonreactive', 'rest', 'type']);

export interface RawDocument {
  file: string;
  line: number;
  /** The identifier the literal is assigned to, when it is (const X = gql`…`). */
  name: string | null;
  parts: string[];
  expressions: string[];
}

export interface Unit {
  file: string;
  line: number;
  kind: 'query' | 'mutation' | 'subscription' | 'fragment';
  name: string;
  node: OperationDefinitionNode | FragmentDefinitionNode;
  local: Map<string, FragmentDefinitionNode>;
}

export interface Failure {
  file: string;
  line: number;
  name: string;
  errors: string[];
}

export interface CollectedDocuments {
  files: string[];
  units: Unit[];
  /** Documents that cannot even be read: parse errors, unknown interpolations. */
  failures: Failure[];
  fragments: Map<string, FragmentDefinitionNode>;
  fragmentsByFile: Map<string, Map<string, FragmentDefinitionNode>>;
}

export function findDocumentFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // the folder does not exist yet
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(full);
      } else if (entry.isFile()) {
        const ext = path.extname(entry.name);
        const wanted = GRAPHQL_EXTENSIONS.has(ext) || (SCRIPT_EXTENSIONS.has(ext) && !entry.name.endsWith('.d.ts'));
        if (wanted && !TEST_FILE.test(entry.name)) found.push(full);
      }
    }
  };
  walk(root);
  return found.sort();
}

/** Reads a template literal that starts right after its opening backtick. */
function scanTemplate(text: string, start: number): { end: number; parts: string[]; expressions: string[] } | null {
  const parts: string[] = [];
  const expressions: string[] = [];
  let buffer = '';
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      buffer += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === '`') {
      parts.push(buffer);
      return { end: i + 1, parts, expressions };
    }
    if (c === '$' && text[i + 1] === '{') {
      parts.push(buffer);
      buffer = '';
      let depth = 1;
      let j = i + 2;
      let expression = '';
      while (j < text.length) {
        const d = text[j];
        if (d === '{') depth++;
        else if (d === '}' && --depth === 0) break;
        else if (d === '`') {
          const inner = scanTemplate(text, j + 1);
          if (!inner) return null;
          expression += text.slice(j, inner.end);
          j = inner.end;
          continue;
        }
        expression += d;
        j++;
      }
      expressions.push(expression.trim());
      i = j + 1;
      continue;
    }
    buffer += c;
    i++;
  }
  return null;
}

const unescapeTemplate = (s: string): string => s.replace(/\\([`$\\])/g, '$1');
const lineAt = (text: string, index: number): number => text.slice(0, index).split('\n').length;

export function extractFromScript(file: string, text: string): RawDocument[] {
  const found: RawDocument[] = [];
  const opener = /(?:\b(?:gql|graphql)\s*(?:\(\s*)?|\/\*\s*GraphQL\s*\*\/\s*)`/g;
  let match: RegExpExecArray | null;
  while ((match = opener.exec(text))) {
    const start = match.index + match[0].length;
    const template = scanTemplate(text, start);
    if (!template) continue;
    const before = text.slice(Math.max(0, match.index - 200), match.index);
    const assigned =
      before.match(/(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*$/) ??
      before.match(/([A-Za-z_$][\w$]*)\s*:\s*$/);
    found.push({
      file,
      line: lineAt(text, start),
      name: assigned?.[1] ?? null,
      parts: template.parts.map(unescapeTemplate),
      expressions: template.expressions,
    });
    opener.lastIndex = template.end;
  }
  return found;
}

/** Drops what Apollo never sends: @client selections and client-only directives. */
function stripClientParts(doc: DocumentNode): DocumentNode {
  const isClientOnly = (node: { directives?: readonly { name: { value: string } }[] }): boolean =>
    (node.directives ?? []).some((d) => d.name.value === 'client');
  const pruned = visit(doc, {
    Field: (node) => (isClientOnly(node) ? null : undefined),
    InlineFragment: (node) => (isClientOnly(node) ? null : undefined),
    FragmentSpread: (node) => (isClientOnly(node) ? null : undefined),
  });
  const stripped = visit(pruned, { Directive: (node) => (CLIENT_DIRECTIVES.has(node.name.value) ? null : undefined) });
  return visit(stripped, {
    leave(node) {
      if (
        (node.kind === Kind.FIELD || node.kind === Kind.INLINE_FRAGMENT) &&
        node.selectionSet?.selections.length === 0
      )
        return null;
      return undefined;
    },
  });
}

export function collectDocuments(
  files: string[],
  readText: (file: string) => string = (f) => readFileSync(f, 'utf8'),
): CollectedDocuments {
  const raws: (RawDocument | { file: string; line: number; text: string })[] = [];
  for (const file of files) {
    const text = readText(file);
    if (GRAPHQL_EXTENSIONS.has(path.extname(file))) {
      if (text.replace(/#[^\n]*/g, '').trim()) raws.push({ file, line: 1, text });
    } else {
      raws.push(...extractFromScript(file, text));
    }
  }
  const documentNames = new Set(raws.flatMap((r) => ('name' in r && r.name ? [r.name] : [])));

  const units: Unit[] = [];
  const failures: Failure[] = [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  const fragmentsByFile = new Map<string, Map<string, FragmentDefinitionNode>>();
  for (const raw of raws) {
    let text: string;
    if ('text' in raw) {
      text = raw.text;
    } else {
      text = raw.parts[0] ?? '';
      const unresolved: string[] = [];
      raw.expressions.forEach((expression, i) => {
        const identifier = /^([A-Za-z_$][\w$]*)(?:\.[\w$]+)*$/.exec(expression)?.[1];
        if (identifier && documentNames.has(identifier)) text += '\n';
        else {
          unresolved.push(expression);
          text += `\n__UNRESOLVED_${i}__\n`;
        }
        text += raw.parts[i + 1] ?? '';
      });
      // graphql(`…`) is also the name of unrelated helpers; only GraphQL-looking text counts.
      if (!text.trim() || !/\b(query|mutation|subscription|fragment)\b|^\s*\{/.test(text)) continue;
      if (unresolved.length) {
        failures.push({
          file: raw.file,
          line: raw.line,
          name: raw.name ?? '(anonymous)',
          errors: [`unresolved interpolation(s): ${unresolved.map((u) => '${' + u + '}').join(', ')}`],
        });
        continue;
      }
    }
    let doc: DocumentNode;
    try {
      doc = stripClientParts(parse(new Source(text, raw.file)));
    } catch (error) {
      failures.push({
        file: raw.file,
        line: raw.line,
        name: ('name' in raw && raw.name) || '(anonymous)',
        errors: [(error as Error).message],
      });
      continue;
    }
    const local = new Map<string, FragmentDefinitionNode>();
    for (const definition of doc.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        local.set(definition.name.value, definition);
        const inFile = fragmentsByFile.get(raw.file) ?? new Map<string, FragmentDefinitionNode>();
        inFile.set(definition.name.value, definition);
        fragmentsByFile.set(raw.file, inFile);
        if (!fragments.has(definition.name.value)) fragments.set(definition.name.value, definition);
      }
    }
    for (const definition of doc.definitions) {
      const line = raw.line + (definition.loc ? definition.loc.startToken.line - 1 : 0);
      if (definition.kind === Kind.OPERATION_DEFINITION) {
        if (definition.selectionSet.selections.length === 0) continue; // only @client fields: never sent
        units.push({
          file: raw.file,
          line,
          kind: definition.operation,
          name: definition.name?.value ?? '(anonymous)',
          node: definition,
          local,
        });
      } else if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        units.push({ file: raw.file, line, kind: 'fragment', name: definition.name.value, node: definition, local });
      }
    }
  }
  return { files, units, failures, fragments, fragmentsByFile };
}

function spreadNames(node: DefinitionNode): Set<string> {
  const names = new Set<string>();
  visit(node, { FragmentSpread: (n) => void names.add(n.name.value) });
  return names;
}

// A fragment name is looked up in its own document, then its file, then anywhere.
export function fragmentsReachedFrom(unit: Unit, collected: CollectedDocuments): FragmentDefinitionNode[] {
  const seen = new Map<string, FragmentDefinitionNode | null>();
  const stack = [...spreadNames(unit.node)];
  while (stack.length) {
    const name = stack.pop() as string;
    if (seen.has(name)) continue;
    const fragment =
      unit.local.get(name) ??
      collected.fragmentsByFile.get(unit.file)?.get(name) ??
      collected.fragments.get(name) ??
      null;
    seen.set(name, fragment);
    if (fragment) stack.push(...spreadNames(fragment));
  }
  return [...seen.values()].filter((f): f is FragmentDefinitionNode => f !== null);
}

/** Validates every operation with the fragments it uses, and every fragment no operation uses. */
export function validateDocuments(collected: CollectedDocuments, schema: GraphQLSchema): Failure[] {
  const failures: Failure[] = [...collected.failures];
  const usedFragments = new Set<FragmentDefinitionNode>();
  for (const unit of collected.units) {
    if (unit.kind !== 'fragment') fragmentsReachedFrom(unit, collected).forEach((f) => usedFragments.add(f));
  }
  const rulesForLoneFragments = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
  for (const unit of collected.units) {
    if (unit.kind === 'fragment' && usedFragments.has(unit.node as FragmentDefinitionNode)) continue;
    const definitions = [unit.node, ...fragmentsReachedFrom(unit, collected).filter((f) => f !== unit.node)];
    const errors = validate(
      schema,
      { kind: Kind.DOCUMENT, definitions },
      unit.kind === 'fragment' ? rulesForLoneFragments : specifiedRules,
    );
    if (errors.length)
      failures.push({
        file: unit.file,
        line: unit.line,
        name: `${unit.kind} ${unit.name}`,
        errors: [...new Set(errors.map((e) => e.message))],
      });
  }
  return failures;
}

export function describeFailures(failures: Failure[], repoRoot: string): string {
  return failures
    .map((f) => `${path.relative(repoRoot, f.file)}:${f.line} ${f.name}: ${f.errors.join(' | ')}`)
    .join('\n');
}
