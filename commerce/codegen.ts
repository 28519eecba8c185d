import type { CodegenConfig } from '@graphql-codegen/cli';

// Resolver argument types from the same SDL the storefront's codegen reads, so no resolver declares
// its arguments by hand. Type-only output: the server never loads it at run time.
const config: CodegenConfig = {
  generates: {
    'src/__generated__/resolvers.ts': {
      schema: 'src/schema/*.graphql',
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../domains/context#RequestContext',
        defaultMapper: 'unknown',
      },
    },
    // The back office's own schema (/admin/graphql), apart from Magento's.
    'src/__generated__/backOfficeResolvers.ts': {
      schema: 'src/backOffice/schema/*.graphql',
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../backOffice/backOfficeContext#BackOfficeContext',
        defaultMapper: 'unknown',
        scalars: { File: 'File' },
      },
    },
  },
};

export default config;
