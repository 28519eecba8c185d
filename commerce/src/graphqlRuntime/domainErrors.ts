import { inspect } from 'node:util';
import type { GraphQLError } from 'graphql';
import { createGraphQLError, maskError, type MaskError } from 'graphql-yoga';
import { isDomainError, type DomainError, type DomainErrorCode } from '../kernel/domainError';
import { storageFailureCode, writeUnavailableError } from '../kernel/storageFailure';

// The one place where the shop's failures take Magento's shape: `extensions.category` (clients
// written for Magento branch on it), plus what this API adds (`field` for forms, `retryAfter`,
// a retryable code for storage). Both the storefront's and the back office's Yoga use it.

const CATEGORIES: Record<DomainErrorCode, string> = {
  input: 'graphql-input',
  'no-such-entity': 'graphql-no-such-entity',
  authorization: 'graphql-authorization',
  authentication: 'graphql-authentication',
  'already-exists': 'graphql-already-exists',
  'storage-unavailable': 'graphql-service-unavailable',
  // Magento has no category of its own for this; clients show the message as they do for input errors.
  'too-many-requests': 'graphql-input',
};

function extensionsOf(error: DomainError): Record<string, unknown> {
  const extensions: Record<string, unknown> = { category: CATEGORIES[error.code] };
  if (error.details.field !== undefined) extensions['field'] = error.details.field;
  if (error.details.retryAfterSeconds !== undefined) extensions['retryAfter'] = error.details.retryAfterSeconds;
  if (error.code === 'storage-unavailable') {
    extensions['code'] = 'WRITE_UNAVAILABLE';
    extensions['retryable'] = true;
  }
  return extensions;
}

/** Structural check that works across graphql copies (under bundlers 'graphql' can load twice). */
export function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/**
 * `domainError` in Magento's shape, at the place in the query where `located` was raised. Built
 * without an `originalError`, so Yoga treats it as an expected error (not masked, no HTTP 500),
 * exactly as the GraphQL errors services used to throw themselves.
 */
function asGraphQLError(domainError: DomainError, located: GraphQLError | null): GraphQLError {
  return createGraphQLError(domainError.message, {
    nodes: located?.nodes,
    source: located?.source,
    positions: located?.positions,
    path: located?.path,
    extensions: extensionsOf(domainError),
  });
}

/**
 * Yoga's `maskedErrors` for an endpoint: DomainErrors become Magento's errors, a database that
 * refuses to store becomes the retryable storage error, anything else is logged and masked as
 * "Unexpected error.". Masking is the one hook every error passes through, thrown by a resolver,
 * the context factory or a plugin, so the mapping cannot be skipped.
 */
export function maskedDomainErrors(label: string, logError: (message: string) => void): { maskError: MaskError } {
  return {
    maskError(error, message, isDev) {
      const located = isGraphQLError(error) ? error : null;
      const original = located ? located.originalError : error;
      if (isDomainError(original)) return asGraphQLError(original, located);
      if (original && !isGraphQLError(original)) {
        logError(
          `${label}: unexpected error: ${original instanceof Error ? (original.stack ?? original.message) : inspect(original)}`,
        );
        // Answered without a place in the query, as this error always was.
        if (storageFailureCode(original)) return asGraphQLError(writeUnavailableError(), null);
      }
      return maskError(error, message, isDev);
    },
  };
}
