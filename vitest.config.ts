import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'commerce', root: 'commerce', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 } },
      { test: { name: 'server', root: 'server', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 } },
      { extends: './storefront/vitest.config.ts', test: { name: 'storefront', root: 'storefront' } },
    ],
  },
});
