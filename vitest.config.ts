import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// The commerce API suites that must also pass on PostgreSQL: the same files, the engine chosen by
// VELA_TEST_ENGINE in the test harness (commerce/test/postgresTestDatabase.ts).
const POSTGRES_SUITES = [
  'stripeSavedCards',
  'stripeUnpaidOrders',
  'braintreeWallets',
  'catalogChangeLog',
  'catalogApi',
  'paymentInstructions',
  'catalogAnchor',
  'facetIndex',
  'categoryOrderCache',
  'categoryFacetCountCache',
  'catalogRowCache',
  'searchCandidatesCache',
  'pricingSettingsCache',
  'categoryOrderCache',
  'clock',
  'catalogResponseCache',
  'memoryBudget',
  'mailOutbox',
  'inputValidation',
  'requestBudget',
  'guestOrder',
  'orderStatusLabel',
  'customOptions',
  'bundleProducts',
  'stockFreshness',
  'cart',
  'checkout',
  'order',
  'orderConcurrency',
  'stripePayments',
  'braintreePayments',
  'braintreeWebhooks',
  'braintreeThreeDSecure',
  'braintreeHostile',
  'customerAccount',
  'welcomeMail',
  'freeDeliveryPromise',
  'facetSwatches',
  'authAbuse',
  'customerCheckout',
  'authorization',
  'authPasswordReset',
  'wishlist',
  'postgres*',
  'searchRelevance',
  'backOfficeSearchSynonyms',
  'incrementalIndex',
  'productLinks',
  'customerGroupsTierPrices',
  'cartRuleConditions',
  'staffOrders',
  'reports',
  'backOfficeStaff',
  'productReviews',
  'compareLists',
  'searchTerms',
  'searchStoreNamesMigration',
  'startupLock',
  'sitemap',
  'magentoDeprecatedFields',
  'clientCompat/clientCompat',
  'clientCompat/veniaQueries',
  'clientCompat/veniaMutations',
  'storeViews',
  'storeViewMigration',
  'catalogImport',
  'orderFulfilment',
  'partialFulfilment',
  'partialFulfilmentMigration',
  'backOfficeAuth',
  'backOfficeImport',
  'productStatus',
  'backOfficeProducts',
  'backOfficeCustomers',
  'backOfficePromotions',
  'backOfficeSettings',
  'backOfficeStoreViews',
  'backOfficeStoreTexts',
  'backOfficeAttributes',
  'backOfficeProductMassActions',
  'backOfficeCategories',
  'backOfficeConfigurables',
  'backOfficeProductImages',
  'backOfficeSecondFactor',
  'backOfficeContent',
  'safeRichText',
  'backOfficeAuthAbuse',
  'backOfficePasswords',
  'unitOfWork',
  'storeConfigApi',
  'absoluteUrls',
  'magentoBehaviours',
  'pwaFields',
  'magentoFixtureImport',
  'emptyShop',
  'catalogImportFidelity',
  'virtualProducts',
  'downloadableProducts',
  'downloadablePurchases',
].map((name) => `test/${name}.test.ts`);

/**
 * Node resolves `graphql` to its CommonJS build (the package has no export map), and so do the
 * libraries Node loads, graphql-jit among them; Vite would give our code the ES module build.
 * Two GraphQLError classes make errors from compiled execution fail `instanceof` and be masked.
 * Tests resolve it as Node does in production.
 */
const nodeGraphql = { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] };

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: nodeGraphql,
        test: {
          name: 'commerce',
          root: 'commerce',
          include: ['test/**/*.test.ts'],
          exclude: ['test/startupLock.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        resolve: nodeGraphql,
        test: {
          name: 'commerce-postgres',
          root: 'commerce',
          include: POSTGRES_SUITES,
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          env: { VELA_TEST_ENGINE: 'postgres' },
          // Starts a throwaway cluster unless TEST_POSTGRES_URL is set; fails when PostgreSQL is missing.
          globalSetup: ['test/postgresGlobalSetup.ts'],
        },
      },
      {
        resolve: nodeGraphql,
        test: {
          name: 'server',
          root: 'server',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.postgres.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // Several server processes on one PostgreSQL database (the same throwaway cluster).
        resolve: nodeGraphql,
        test: {
          name: 'server-postgres',
          root: 'server',
          include: ['test/**/*.postgres.test.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 120000,
          env: { VELA_TEST_ENGINE: 'postgres' },
          globalSetup: ['../commerce/test/postgresGlobalSetup.ts'],
        },
      },
      // The design system's components, in the DOM the storefront's tests use.
      { test: { name: 'ui', root: 'ui', include: ['**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 20000 } },
      { extends: './storefront/vitest.config.ts', test: { name: 'storefront', root: 'storefront' } },
      // The back office: its request helper needs no DOM (fetch, FormData and File are Node's own);
      // its screens (*.test.tsx) ask for the DOM the storefront's tests use (`@vitest-environment jsdom`).
      {
        resolve: nodeGraphql,
        test: {
          name: 'backoffice',
          root: 'backoffice',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 20000,
        },
      },
      // The lint's own rules: breaking a boundary must fail `npm run lint`.
      {
        test: { name: 'tooling', root: 'tooling', include: ['**/*.test.ts'], environment: 'node', testTimeout: 120000 },
      },
    ],
  },
});
