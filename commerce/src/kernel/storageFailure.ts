import { DomainError } from './domainError';

// A database that cannot store anything (a full disk, a file system gone read-only, a PostgreSQL
// server in read-only mode or out of resources) fails every write the same way, whatever the
// shopper was doing. Such a failure is the shop's, it passes, and the shopper can try again: they
// are told so, instead of "Unexpected error.".

/** SQLite result codes (better-sqlite3's `code`) for storage that refuses writes. */
const SQLITE_STORAGE_CODE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/;

/**
 * PostgreSQL SQLSTATEs: 53 insufficient resources (53100 disk_full), 58 system error (58030
 * io_error), 25006 read_only_sql_transaction (a read-only database or a standby), 57P01–57P03
 * (the server shutting down or starting), 08 connection exceptions.
 */
const POSTGRES_STORAGE_CODE = /^(53|58|08)[0-9A-Z]{3}$|^25006$|^57P0[123]$/;

/** The SQLite or PostgreSQL code of a storage failure, or undefined for any other error. */
export function storageFailureCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  return SQLITE_STORAGE_CODE.test(code) || POSTGRES_STORAGE_CODE.test(code) ? code : undefined;
}

export const WRITE_UNAVAILABLE_MESSAGE = 'The shop cannot save changes right now. Please try again in a moment.';

/** What a caller sees when the database refuses to store: retryable, and clearly not their fault. */
export function writeUnavailableError(): DomainError {
  return new DomainError('storage-unavailable', WRITE_UNAVAILABLE_MESSAGE);
}
