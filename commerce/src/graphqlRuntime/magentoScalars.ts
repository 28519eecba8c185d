import {
  GraphQLError,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  print,
} from 'graphql';
import type { GraphQLInputType, GraphQLOutputType, GraphQLSchema, GraphQLType, ValueNode } from 'graphql';

// Magento's GraphQL framework replaces the Int and Float scalars with ones that first cast a
// numeric string (PHP's is_numeric: optional sign and surrounding blanks, decimals, exponent) or a
// boolean to a number, then apply the standard rules: `region_id: "44"` is 44, `quantity: "2"` is
// 2, while "4.5" is still no Int and "two" or "" no number. Clients written for Magento (Venia's
// address book) rely on it, so the storefront schema's scalars do the same, in one place.

const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;
const MAX_INT = 2147483647;
const MIN_INT = -2147483648;

/** What Magento's cast makes of an input before the standard checks; anything else unchanged. */
function cast(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && PHP_NUMERIC.test(value)) return Number(value);
  return value;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function parseInt32(input: unknown): number {
  const value = cast(input);
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new GraphQLError(`Int cannot represent non-integer value: ${describe(input)}`);
  if (value > MAX_INT || value < MIN_INT)
    throw new GraphQLError(`Int cannot represent non 32-bit signed integer value: ${describe(input)}`);
  return value;
}

function parseFloatValue(input: unknown): number {
  const value = cast(input);
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new GraphQLError(`Float cannot represent non numeric value: ${describe(input)}`);
  return value;
}

/** The literal's own value for the kinds Magento casts (numbers, strings, booleans). */
function literalValue(node: ValueNode, type: string): unknown {
  switch (node.kind) {
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    default:
      throw new GraphQLError(`${type} cannot represent non-numeric value: ${print(node)}`, { nodes: node });
  }
}

const magentoInt = new GraphQLScalarType({
  ...GraphQLInt.toConfig(),
  parseValue: parseInt32,
  parseLiteral: (node) => parseInt32(literalValue(node, 'Int')),
});

const magentoFloat = new GraphQLScalarType({
  ...GraphQLFloat.toConfig(),
  parseValue: parseFloatValue,
  parseLiteral: (node) => parseFloatValue(literalValue(node, 'Float')),
});

const REPLACEMENTS = new Map<GraphQLType, GraphQLScalarType>([
  [GraphQLInt, magentoInt],
  [GraphQLFloat, magentoFloat],
]);

/** The same wrapping (lists, non-null) around Magento's scalar in place of a standard one. */
function replaced<T extends GraphQLType>(type: T): T {
  if (isNonNullType(type)) return new GraphQLNonNull(replaced(type.ofType)) as T;
  if (isListType(type)) return new GraphQLList(replaced(type.ofType)) as T;
  return (REPLACEMENTS.get(type) as T | undefined) ?? type;
}

/**
 * Puts Magento's Int and Float in place of the standard ones in a schema this process just built
 * (output is unchanged: only input parsing differs). graphql-js builds every schema with its one
 * shared Int and Float, and schema mappers leave built-in scalars alone; so the schema's own
 * fields, arguments and input fields are pointed at the replacements, and its type map with them.
 * graphql-jit checks Int and Float variables by name and refuses a string; such a request goes to
 * the interpreter (graphqlRuntime/compiledExecution.ts), which uses these scalars.
 */
export function withMagentoScalars(schema: GraphQLSchema): GraphQLSchema {
  const types = schema.getTypeMap();
  for (const type of Object.values(types)) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        field.type = replaced<GraphQLOutputType>(field.type);
        for (const arg of field.args) arg.type = replaced<GraphQLInputType>(arg.type);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) field.type = replaced<GraphQLInputType>(field.type);
    }
  }
  for (const scalar of REPLACEMENTS.values()) types[scalar.name] = scalar;
  return schema;
}
