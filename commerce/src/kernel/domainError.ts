// Services and the kernel say what went wrong in the shop's own words; how a failure looks on the
// wire (Magento's categories, HTTP statuses) is the API's business (graphqlRuntime/domainErrors.ts).
// Keeping GraphQL out of here lets a webhook, a CLI or a job reuse the same failures.

export type DomainErrorCode =
  /** A bad argument: the caller can fix it. */
  | 'input'
  | 'no-such-entity'
  /** The caller may not do this (no, invalid or expired token; someone else's object). */
  | 'authorization'
  /** The credentials given were not accepted. */
  | 'authentication'
  | 'already-exists'
  /** The database refuses to store: the shop's fault, and the caller may try again. */
  | 'storage-unavailable'
  /** The caller tried too often; `retryAfterSeconds` says when to try again. */
  | 'too-many-requests';

export interface DomainErrorDetails {
  /** The input field the message is about, for a form to show it beside that field. */
  readonly field?: string;
  readonly retryAfterSeconds?: number;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
  }
}

/** Structural, so that an error from another copy of this module (bundlers) is still recognised. */
export function isDomainError(error: unknown): error is DomainError {
  return (
    error instanceof Error && error.name === 'DomainError' && typeof (error as { code?: unknown }).code === 'string'
  );
}
