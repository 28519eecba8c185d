// One lint configuration for every workspace. Type-aware TypeScript rules, React hooks and
// accessibility rules for the storefront, the design system and the back office, no import cycles,
// and Vela's import boundaries (tooling/eslint/boundaries.mjs). Formatting is Prettier's job (eslint-config-prettier).
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import vela from './tooling/eslint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/__generated__/**',
      'storefront/.react-router/**',
      'bench/results/**',
      'var/**',
      'test-results/**',
      'tooling/eslint/fixtures/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // Root-level configuration files belong to no workspace's tsconfig.
          allowDefaultProject: [
            '*.mjs',
            '*.ts',
            'scripts/*.mjs',
            'e2e/*.mjs',
            'tooling/eslint/*.mjs',
            'storefront/scripts/*.mjs',
            'backoffice/scripts/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { vela, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'vela/boundaries': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // React Router's loaders end a request by throwing a Response (redirect(), data()); Apollo
      // reports errors as its ErrorLike objects.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
            { from: 'package', package: '@apollo/client', name: 'ErrorLike' },
          ],
        },
      ],
    },
  },
  {
    files: ['storefront/app/**/*.tsx', 'ui/**/*.tsx', 'backoffice/src/**/*.tsx'],
    rules: {
      // An async event handler is the React idiom for forms (onSubmit={async …}); its errors are
      // handled inside it, and React ignores the returned promise by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Tests and load generators read JSON answers, whose type is whatever the server sent: the
    // assertions check the shape, so the no-unsafe-* family would only demand casts that prove nothing.
    // Test doubles are often async without awaiting, to match the interface they stand in for.
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'tooling/**/*.test.*'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
      // Testing Library's queries return HTMLElement; the `as HTMLInputElement` reads better than a type argument.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['storefront/app/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}', 'backoffice/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ['storefront/app/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}', 'backoffice/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The back office's screens stay the storefront's size: a file a reader can hold, a component
    // that does one thing. Tests and generated code are not screens.
    files: ['backoffice/src/**/*.tsx'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
