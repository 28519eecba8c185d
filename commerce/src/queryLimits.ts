import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { Plugin } from 'graphql-yoga';

// The API is public: a document crafted to be deep, long or alias-heavy must be refused before
// it costs the database anything. Depth 20 is Magento's own default query depth, so clients
// written for Magento keep working; the storefront's deepest operation is 9 levels.
export const QUERY_LIMITS = { depth: 20, tokens: 5000, aliases: 30 } as const;

export function queryLimitPlugins(): Plugin[] {
  return [
    maxTokensPlugin({ n: QUERY_LIMITS.tokens }),
    maxDepthPlugin({ n: QUERY_LIMITS.depth, flattenFragments: true }),
    maxAliasesPlugin({ n: QUERY_LIMITS.aliases }),
  ];
}
