import type {
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLField,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql';
import { Kind, OperationTypeNode, visit, type ExecutionArgs } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

// Depth, aliases and tokens bound the size of a document, not the work it asks for:
// `products(pageSize: 300) { items { categories { products(pageSize: 300) { … } } } }` is short
// and shallow, yet asks for 90 000 products. The cost counts every field once per item that can
// hold it: a field below a `pageSize` argument counts pageSize times, and pages nest by
// multiplying. Lists without a page size (a cart's lines, a category's children) count once:
// their length is bounded by the shop's data, not by the caller.
//
// The storefront's most expensive document is the cart with 100 lines, about 5 000; a Magento
// client asking for a full page of 300 products with 30 fields each costs 9 000.
export const MAX_QUERY_COST = 10_000;

// Lists with a page size argument whose length the shop itself bounds lower: Magento Open
// Source keeps one wishlist per customer, whatever page size is asked.
const BOUNDED_PAGES: Record<string, number> = { 'Customer.wishlists': 1 };

interface CostInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

type NamedType = { name: string; getFields?: () => Record<string, GraphQLField<unknown, unknown>> };
type Wrapped = { ofType?: Wrapped; name?: string };

// Non-null and list wrappers carry `ofType`; checked by shape because a test runner may load a
// second copy of graphql, for which instanceof answers false.
function namedTypeOf(type: unknown): NamedType {
  let current = type as Wrapped;
  while (current.ofType) current = current.ofType;
  return current as NamedType;
}

function selectedOperation(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | null {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) return operations.find((o) => o.name?.value === operationName) ?? null;
  return operations.length === 1 ? (operations[0] ?? null) : null;
}

function numberFrom(
  value: ValueNode,
  variables: Record<string, unknown>,
  defaults: Map<string, ValueNode>,
): number | null {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const name = value.name.value;
    const given = variables[name];
    if (typeof given === 'number') return given;
    if (given === undefined && defaults.has(name)) return numberFrom(defaults.get(name)!, variables, defaults);
  }
  return null;
}

function booleanFrom(value: ValueNode, variables: Record<string, unknown>, defaults: Map<string, ValueNode>): boolean {
  if (value.kind === Kind.BOOLEAN) return value.value;
  if (value.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    if (typeof given === 'boolean') return given;
    const fallback = defaults.get(value.name.value);
    if (given === undefined && fallback) return booleanFrom(fallback, variables, defaults);
  }
  // Unknown: count the selection (the dearer answer).
  return true;
}

/** Whether `@skip(if:)` / `@include(if:)` leave a selection out, as execution will. */
function leftOut(
  selection: {
    directives?: ReadonlyArray<{
      name: { value: string };
      arguments?: ReadonlyArray<{ name: { value: string }; value: ValueNode }>;
    }>;
  },
  variables: Record<string, unknown>,
  defaults: Map<string, ValueNode>,
): boolean {
  for (const directive of selection.directives ?? []) {
    const condition = directive.arguments?.find((a) => a.name.value === 'if')?.value;
    if (!condition) continue;
    if (directive.name.value === 'skip' && booleanFrom(condition, variables, defaults)) return true;
    if (directive.name.value === 'include' && !booleanFrom(condition, variables, defaults)) return true;
  }
  return false;
}

/**
 * The cost of the operation that would run (0 when there is none to run; Yoga reports that).
 * Counting stops once it passes `stopAbove`: a hostile document is refused after a bounded walk.
 */
export function queryCost(
  { schema, document, operationName, variables }: CostInput,
  stopAbove = MAX_QUERY_COST,
): number {
  const operation = selectedOperation(document, operationName);
  if (!operation) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const variableDefaults = new Map<string, ValueNode>();
  for (const definition of operation.variableDefinitions ?? [])
    if (definition.defaultValue) variableDefaults.set(definition.variable.name.value, definition.defaultValue);
  const values = variables ?? {};
  const root =
    operation.operation === OperationTypeNode.MUTATION
      ? schema.getMutationType()
      : operation.operation === OperationTypeNode.SUBSCRIPTION
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return 0;

  // Fragments that spread each other twice at every level are short in text and exponential in
  // the walk; every step adds at least 1, so stopping past the limit bounds the walk as well.
  let spent = 0;
  const costOf = (selectionSet: SelectionSetNode, parent: NamedType, multiplier: number, seen: Set<string>): void => {
    for (const selection of selectionSet.selections) {
      if (spent > stopAbove) return;
      if (leftOut(selection, values, variableDefaults)) continue;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name.startsWith('__')) continue;
        const field = parent.getFields?.()[name];
        if (!field) continue; // validation has already refused unknown fields
        spent += multiplier;
        if (!selection.selectionSet) continue;
        let size = 1;
        const pageSizeArgument = field.args.find((a) => a.name === 'pageSize');
        if (pageSizeArgument) {
          const given = selection.arguments?.find((a) => a.name.value === 'pageSize');
          const fromQuery = given ? numberFrom(given.value, values, variableDefaults) : null;
          const fallback = typeof pageSizeArgument.defaultValue === 'number' ? pageSizeArgument.defaultValue : 20;
          size = Math.max(1, Math.min(fromQuery ?? fallback, BOUNDED_PAGES[`${parent.name}.${name}`] ?? Infinity));
        }
        costOf(selection.selectionSet, namedTypeOf(field.type), multiplier * size, seen);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition
          ? (schema.getType(selection.typeCondition.name.value) as NamedType | undefined)
          : parent;
        costOf(selection.selectionSet, on ?? parent, multiplier, seen);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) continue; // a cycle is refused by validation
        const on = (schema.getType(fragment.typeCondition.name.value) as NamedType | undefined) ?? parent;
        seen.add(name);
        costOf(fragment.selectionSet, on, multiplier, seen);
        seen.delete(name);
      }
    }
  };
  costOf(operation.selectionSet, root, 1, new Set());
  return spent;
}

/** The variables a document passes as a `pageSize` or a `@skip`/`@include` condition: the only ones its cost depends on. */
function pageSizeVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Argument(node) {
      if ((node.name.value === 'pageSize' || node.name.value === 'if') && node.value.kind === Kind.VARIABLE)
        names.add(node.value.name.value);
    },
  });
  return [...names].sort();
}

const COSTS_PER_DOCUMENT = 64;

/** Refuses, before it runs, an operation whose cost is over MAX_QUERY_COST. */
export function queryCostPlugin(maxCost = MAX_QUERY_COST): Plugin {
  // The walk costs as much as a small resolver, and a shop sends the same few documents with the
  // same page sizes all day: the cost is kept per parsed document (the parser's cache hands back
  // the same object) and per operation and page sizes.
  const known = new WeakMap<DocumentNode, { pageVariables: string[]; costs: Map<string, number> }>();
  const costOf = (args: ExecutionArgs): number => {
    let entry = known.get(args.document);
    if (!entry)
      known.set(args.document, (entry = { pageVariables: pageSizeVariables(args.document), costs: new Map() }));
    const values = args.variableValues ?? {};
    const key = JSON.stringify([
      args.operationName ?? null,
      ...entry.pageVariables.map((name) => values[name] ?? null),
    ]);
    let cost = entry.costs.get(key);
    if (cost === undefined) {
      cost = queryCost(
        {
          schema: args.schema,
          document: args.document,
          operationName: args.operationName,
          variables: args.variableValues,
        },
        maxCost,
      );
      if (entry.costs.size >= COSTS_PER_DOCUMENT) entry.costs.delete(entry.costs.keys().next().value as string);
      entry.costs.set(key, cost);
    }
    return cost;
  };
  return {
    onExecute({ args: executionArgs, setResultAndStopExecution }) {
      const cost = costOf(executionArgs);
      if (cost > maxCost) {
        setResultAndStopExecution({
          errors: [
            createGraphQLError(
              `The query asks for too much at once (cost over ${maxCost}): ask for fewer items per page or fewer fields.`,
              { extensions: { category: 'graphql-input' } },
            ),
          ],
        });
      }
    },
  };
}
