import { createGraphQLError } from 'graphql-yoga';
import type { GraphQLError } from 'graphql';

// Magento tags errors with a category in `extensions`; clients written for Magento branch on it.
// createGraphQLError (not `new GraphQLError`) builds the error with the same graphql copy the
// executor uses: under bundlers (Vitest) 'graphql' can load twice, and an error from the other
// copy would fail Yoga's instanceof check and be masked as "Unexpected error."

export function inputError(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { category: 'graphql-input' } });
}

export function noSuchEntityError(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { category: 'graphql-no-such-entity' } });
}

/** The caller is not allowed to do this (no, invalid or expired token; someone else's object). */
export function authorizationError(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { category: 'graphql-authorization' } });
}

/** The credentials given were not accepted. */
export function authenticationError(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { category: 'graphql-authentication' } });
}

export function alreadyExistsError(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { category: 'graphql-already-exists' } });
}

/** Structural check that works across graphql copies. */
export function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}
