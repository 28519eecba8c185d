import type { CodegenConfig } from '@graphql-codegen/cli';

// Resolver argument types from the same SDL the storefront's codegen reads, so no resolver declares
// its arguments by hand. Type-only output: the server never loads it at run time.
const config: CodegenConfig = {
  schema: 'src/schema/*.graphql',
  generates: {
    'src/__generated__/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../domains/context#RequestContext',
        defaultMapper: 'unknown',
      },
    },
  },
};

export default config;
