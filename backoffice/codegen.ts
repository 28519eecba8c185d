import type { CodegenConfig } from '@graphql-codegen/cli';

// Operation types from the back office's own SDL (commerce/src/backOffice/schema), the contract of
// /admin/graphql; the storefront's Magento schema is a different API.
const config: CodegenConfig = {
  schema: '../commerce/src/backOffice/schema/*.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/__generated__/**'],
  ignoreNoDocuments: true,
  generates: {
    'src/__generated__/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        onlyOperationTypes: true,
        skipTypename: true,
        scalars: { File: 'File' },
      },
    },
  },
};

export default config;
