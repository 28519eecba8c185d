import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit } from '../audit';
import { isLocked, type LockState } from '../auth';

// Failures the audit log keeps next to the changes: failed sign-ins, lockouts, wrong codes and
// passwords, refused roles, CSRF failures. Each is written on its own, just before the refusal is
// answered (there is no change to share a transaction with), with the client's address: a run
// of them from one address is what someone reading the log looks for.

export type StaffFailure =
  | 'staff.sign_in_failed'
  | 'staff.lock'
  | 'staff.second_factor_failed'
  | 'staff.password_check_failed'
  | 'staff.access_denied'
  | 'staff.csrf_failed';

export interface FailureRecord {
  action: StaffFailure;
  /** The account concerned, when there is one. */
  staff: { id: number; email: string } | null;
  /** What the attempt named when no account matched (the e-mail address typed). */
  attempted?: string;
  details?: Record<string, string>;
}

/** 'unknown' (no address given by the host) is stored as null. */
export function clientOrNull(client: string): string | null {
  return client === 'unknown' ? null : client;
}

export function recordStaffFailure(
  db: Kysely<Database>,
  failure: FailureRecord,
  client: string,
  at: Date,
): Promise<void> {
  const actor = {
    staffId: failure.staff?.id ?? null,
    email: failure.staff?.email ?? failure.attempted ?? 'anonymous',
    client: clientOrNull(client),
  };
  return inWriteTransaction(db, ({ db: trx }) =>
    recordAudit(
      trx,
      actor,
      {
        action: failure.action,
        entityType: 'staff',
        entityId: failure.staff?.id ?? failure.attempted ?? '',
        after: failure.details,
      },
      at,
    ),
  );
}

/** A wrong password where a signed-in member is asked for it again; and the lock it led to, if it did. */
export async function recordWrongPassword(
  db: Kysely<Database>,
  staff: { id: number; email: string },
  claimed: LockState,
  operation: string,
  client: string,
  at: Date,
): Promise<void> {
  if (isLocked(claimed, at)) await recordStaffFailure(db, { action: 'staff.lock', staff }, client, at);
  await recordStaffFailure(db, { action: 'staff.password_check_failed', staff, details: { operation } }, client, at);
}
