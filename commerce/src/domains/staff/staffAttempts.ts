import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { lockedForWrite } from '../../db/rowLocks';
import { inWriteTransaction } from '../../kernel/transaction';
import { afterFailedSignIn, isLocked, LOCKOUT_FAILURES, type LockState } from '../auth';

// Every check of a staff secret (the password at sign-in or to remove an authenticator, a code
// from the authenticator) is counted as a failure, and the lock decided, in one transaction
// before the secret is looked at. Parallel attempts each take a place in the count, and once ten
// have, the rest are refused without a check: a count read before the slow hash and written after
// it would let a burst of requests all pass as the first failure.

function lockStateOf(db: Kysely<Database>, staffId: number) {
  return lockedForWrite(
    db,
    db.selectFrom('staff_user').select(['failures_num', 'first_failure', 'lock_expires']).where('id', '=', staffId),
  ).executeTakeFirstOrThrow();
}

/**
 * Counts one attempt as a failure. Returns the account's state with it, or null when the account
 * was already locked (nothing is counted, and nothing may be checked).
 */
export function claimStaffAttempt(db: Kysely<Database>, staffId: number, at: Date): Promise<LockState | null> {
  return inWriteTransaction(db, async ({ db: trx }) => {
    const current = await lockStateOf(trx, staffId);
    if (isLocked(current, at)) return null;
    const next = afterFailedSignIn(current, at);
    await trx.updateTable('staff_user').set(next).where('id', '=', staffId).execute();
    return next;
  });
}

/**
 * A right answer takes back the failure its own attempt counted (and the lock if that failure was
 * the tenth), never the others: knowing the password must not reset the count of wrong codes.
 * Runs inside the caller's transaction.
 */
export async function withdrawStaffAttempt(trx: Kysely<Database>, staffId: number): Promise<void> {
  const current = await lockStateOf(trx, staffId);
  if (current.failures_num === 0) return;
  const failures = current.failures_num - 1;
  await trx
    .updateTable('staff_user')
    .set({ failures_num: failures, lock_expires: failures >= LOCKOUT_FAILURES ? current.lock_expires : null })
    .where('id', '=', staffId)
    .execute();
}
