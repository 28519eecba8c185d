import { GraphQLError } from 'graphql';

// Magento tags errors with a category in `extensions`; clients written for Magento branch on it.

export function inputError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { category: 'graphql-input' } });
}

export function noSuchEntityError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { category: 'graphql-no-such-entity' } });
}
