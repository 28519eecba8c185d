import type { ValidationRule } from 'graphql';
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

// graphql-js's NoSchemaIntrospectionCustomRule inspects types, which fails when a test runner
// loads a second copy of graphql; the field names are all that matter here.
const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    const name = node.name.value;
    if (name === '__schema' || name === '__type') {
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
