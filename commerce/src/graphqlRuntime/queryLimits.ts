import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { ValidationRule } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

// The API is public: a document crafted to be deep, long or alias-heavy must be refused before
// it costs the database anything. Depth 20 is Magento's own default query depth, so clients
// written for Magento keep working; the storefront's deepest operation is 9 levels.
export const QUERY_LIMITS = { depth: 20, tokens: 5000, aliases: 30 } as const;

/**
 * Mutations that check a password or send mail to an address. Aliases would let one request make
 * thirty guesses past every per-request defence, so a request may hold one of them at most.
 */
export const ONE_PER_REQUEST_FIELDS: ReadonlySet<string> = new Set([
  'generateCustomerToken',
  'changeCustomerPassword',
  'updateCustomerEmail',
  'requestPasswordResetEmail',
  'resetPassword',
  'createCustomer',
  'createCustomerV2',
  'subscribeEmailToNewsletter',
  'contactUs',
  'guestOrder',
  'applyCouponToCart',
  'applyCouponsToCart',
  // The back office's sign-in (backOffice/schema/session.graphql).
  'signIn',
  'verifySecondFactor',
  'confirmSecondFactorEnrolment',
  'confirmAuthenticatorSetup',
  'removeAuthenticator',
]);

// Counted on the syntax, across every operation and fragment of the document: cheap, and a
// document that spreads such a field through fragments is counted the same.
const onePerRequest: ValidationRule = (context) => {
  const seen = new Map<string, number>();
  return {
    Field(node) {
      const name = node.name.value;
      if (!ONE_PER_REQUEST_FIELDS.has(name)) return;
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      if (count === 2)
        context.reportError(createGraphQLError(`A request may ask for "${name}" only once.`, { nodes: [node] }));
    },
  };
};

function onePerRequestPlugin(): Plugin {
  return { onValidate: ({ addValidationRule }) => addValidationRule(onePerRequest) };
}

export function queryLimitPlugins(): Plugin[] {
  return [
    onePerRequestPlugin(),
    maxTokensPlugin({ n: QUERY_LIMITS.tokens }),
    maxDepthPlugin({ n: QUERY_LIMITS.depth, flattenFragments: true }),
    maxAliasesPlugin({ n: QUERY_LIMITS.aliases }),
  ];
}
