import type { CodegenConfig } from '@graphql-codegen/cli';

// Types come from our own commerce SDL (Magento 2.4 names and types); every document is also
// validated against the Magento 2.4.7 reference in the test suite.
const config: CodegenConfig = {
  schema: '../commerce/src/schema/*.graphql',
  documents: ['app/**/*.{ts,tsx}', '!app/__generated__/**', '!app/**/*.test.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    'app/__generated__/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { enumsAsTypes: true, useTypeImports: true, onlyOperationTypes: true, skipTypename: false },
    },
  },
};

export default config;
