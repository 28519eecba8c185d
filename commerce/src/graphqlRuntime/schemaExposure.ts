import { Kind } from 'graphql';
import type { FieldNode, ValidationRule } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

// A public shop API need not publish its schema to strangers: introspection and the "Did you
// mean …?" hints in error messages map every field and argument for anyone probing it. Both are
// refused unless the host process enables them (development, or a shop that chooses to).

/** graphql-js appends its hint as the last sentence of validation and variable errors. */
const SUGGESTION = /\s*Did you mean [^?]*\?$/;

function withoutSuggestions(errors: readonly Error[]): void {
  for (const error of errors) {
    if (SUGGESTION.test(error.message)) error.message = error.message.replace(SUGGESTION, '');
  }
}

/**
 * Types a client may look up with `__type(name: "…")` (a literal name): Magento makes
 * ProductAttributeFilterInput from the catalog's filterable attributes, so clients written for it
 * (Venia's category and search pages) ask what it holds before they build their filters.
 */
const PUBLIC_TYPES = new Set(['ProductAttributeFilterInput']);

function isPublicTypeLookup(node: FieldNode): boolean {
  const argument = node.arguments?.find((a) => a.name.value === 'name');
  return (
    node.name.value === '__type' &&
    node.arguments?.length === 1 &&
    argument?.value.kind === Kind.STRING &&
    PUBLIC_TYPES.has(argument.value.value)
  );
}

// graphql-js's NoSchemaIntrospectionCustomRule inspects types, which fails when a test runner
// loads a second copy of graphql; the field names are all that matter here.
const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    const name = node.name.value;
    if (name === '__schema' || (name === '__type' && !isPublicTypeLookup(node))) {
      context.reportError(
        createGraphQLError(`GraphQL introspection is disabled; the query asked for "${name}".`, { nodes: [node] }),
      );
    }
  },
});

/** The plugins that hide the schema; none when `exposeSchema` is true. */
export function schemaExposurePlugins(exposeSchema: boolean): Plugin[] {
  if (exposeSchema) return [];
  return [
    {
      // Applies to GET and POST alike: both are validated before they run.
      onValidate: ({ addValidationRule }) => {
        addValidationRule(noIntrospection);
        return ({ result }) => withoutSuggestions(result);
      },
      // Variables are coerced at execution time, and their errors carry hints as well.
      onExecute: () => ({
        onExecuteDone: ({ result }) => {
          if ('errors' in result && result.errors) withoutSuggestions(result.errors as readonly Error[]);
        },
      }),
    },
  ];
}
