import { DomainError } from '../kernel/domainError';

// The failures services throw most; the GraphQL layer gives each Magento's category
// (graphqlRuntime/domainErrors.ts), which clients written for Magento branch on.

export function inputError(message: string): DomainError {
  return new DomainError('input', message);
}

export function noSuchEntityError(message: string): DomainError {
  return new DomainError('no-such-entity', message);
}

/** The caller is not allowed to do this (no, invalid or expired token; someone else's object). */
export function authorizationError(message: string): DomainError {
  return new DomainError('authorization', message);
}

/** The credentials given were not accepted. */
export function authenticationError(message: string): DomainError {
  return new DomainError('authentication', message);
}

export function alreadyExistsError(message: string): DomainError {
  return new DomainError('already-exists', message);
}
