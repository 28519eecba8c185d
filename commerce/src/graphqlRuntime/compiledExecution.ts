import { Kind, OperationTypeNode, getOperationAST, locatedError } from 'graphql';
import type {
  DocumentNode,
  ExecutionArgs,
  ExecutionResult,
  FieldNode,
  GraphQLError,
  FragmentDefinitionNode,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { CompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';

/** A document runs compiled from its second execution on; the first is interpreted. */
const COMPILE_AFTER = 2;

/** Compiled queries by document, the least recently used dropped beyond `capacity`. */
export class CompiledDocuments {
  private readonly entries = new Map<DocumentNode, CompiledQuery | null>();
  constructor(private readonly capacity = 500) {}
  get size(): number {
    return this.entries.size;
  }
  /** The compiled query, null when the document does not compile, undefined when not compiled yet. */
  get(document: DocumentNode): CompiledQuery | null | undefined {
    const entry = this.entries.get(document);
    if (entry !== undefined) {
      this.entries.delete(document);
      this.entries.set(document, entry);
    }
    return entry;
  }
  set(document: DocumentNode, compiled: CompiledQuery | null): void {
    this.entries.set(document, compiled);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as DocumentNode);
  }
}

type Execute = (args: ExecutionArgs) => unknown;

/**
 * Runs repeated queries as compiled JavaScript (graphql-jit): a storefront sends the same few
 * dozen documents all day, and compiled execution skips the interpreter's per-field work
 * (issue 14).
 * - Only once a document comes back: a client sending one-off documents costs an
 *   interpretation each, never a compilation each. Yoga's parser cache hands out one
 *   DocumentNode per distinct text, which is what the counts and the compiled queries key on.
 * - Queries only: a mutation runs once, interpreted, so its effects never depend on the compiler.
 * - graphql-jit leaves `locations` out of errors; they are put back (withLocations), so clients
 *   written for Magento get errors in the shape the interpreter gives. Errors before execution
 *   (variables that do not coerce) have no path: the interpreter answers those, as no resolver
 *   has run. Other errors are never answered by running the query again: resolvers count
 *   (rate limits), so a second run would not be free of effects.
 */
export function compiledExecutionPlugin(compiled = new CompiledDocuments()): Plugin {
  const seen = new WeakMap<DocumentNode, number>();
  const compiledFor = (args: ExecutionArgs): CompiledQuery | null => {
    let query = compiled.get(args.document);
    if (query === undefined) {
      const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
      query = isCompiledQuery(result) ? result : null;
      compiled.set(args.document, query);
    }
    return query;
  };
  return {
    onExecute({ args: untypedArgs, executeFn, setExecuteFn }) {
      const args = untypedArgs as ExecutionArgs;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== OperationTypeNode.QUERY) return;
      const count = (seen.get(args.document) ?? 0) + 1;
      if (count <= COMPILE_AFTER) seen.set(args.document, count);
      if (count < COMPILE_AFTER) return;
      const interpret = executeFn as Execute;
      setExecuteFn(((executionArgs: ExecutionArgs) => {
        const query = compiledFor(executionArgs);
        if (!query) return interpret(executionArgs);
        const again = (result: ExecutionResult) => {
          if (!result.errors?.length) return result;
          if (result.errors.some((error) => !error.path)) return interpret(executionArgs);
          return {
            ...result,
            errors: result.errors.map((error) => withLocations(error, executionArgs.document, operation)),
          };
        };
        const result = query.query(executionArgs.rootValue, executionArgs.contextValue, executionArgs.variableValues);
        return result instanceof Promise ? result.then(again) : again(result);
      }) as typeof executeFn);
    },
  };
}

/** The fields of `operation` a response path leads to, through fragments of any type. */
function fieldNodesAt(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  path: ReadonlyArray<string | number>,
): FieldNode[] {
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  let sets: SelectionSetNode[] = [operation.selectionSet];
  let nodes: FieldNode[] = [];
  for (const key of path) {
    if (typeof key === 'number') continue;
    nodes = [];
    const visit = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if ((selection.alias?.value ?? selection.name.value) === key) nodes.push(selection);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
        else {
          const fragment = fragments.get(selection.name.value);
          if (fragment) visit(fragment.selectionSet);
        }
      }
    };
    sets.forEach(visit);
    sets = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  }
  return nodes;
}

/**
 * The error as graphql's own GraphQLError with the locations of the fields at its path, as the
 * interpreter reports them. Where fragments on different types select the same key, all their
 * fields are named.
 */
function withLocations(error: GraphQLError, document: DocumentNode, operation: OperationDefinitionNode): GraphQLError {
  // graphql-jit's errors carry locations but no field nodes, which is what later steps (masking,
  // categories) rebuild errors from; made again the way the interpreter makes them.
  if (!error.path) return error;
  return locatedError(error.originalError ?? error, fieldNodesAt(document, operation, error.path), error.path);
}
