import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../../kernel/clock';
import { sqlTimestamp } from '../../kernel/clock';
import { hashPassword, verifyPassword } from '../../kernel/passwordHash';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit } from '../audit';
import { authenticationError, inputError } from '../errors';
import { claimStaffAttempt, withdrawStaffAttempt } from './staffAttempts';
import { clientOrNull, recordWrongPassword } from './staffSecurityLog';
import { assertStaffPassword, isStaffPasswordTooLong } from './staffPasswordRules';
import type { StaffSession } from './staffSessionService';

// A signed-in staff member changes their own password. The current one is asked again (a browser
// left signed in is not enough), and counts towards the lockout as at sign-in. Every other session
// of the account ends: whoever else held one must now know the new password.

const WRONG_CURRENT = 'The current password is not right.';

export function createPasswordChangeService(db: Kysely<Database>, clock: Clock) {
  async function change(
    current: StaffSession | null,
    currentPassword: string,
    newPassword: string,
    client = 'unknown',
  ): Promise<void> {
    if (!current || current.row.stage !== 'full') throw authenticationError('Sign in to the back office first.');
    const staff = current.staff;
    // The new password's rules first: a refused one costs no attempt and changes nothing.
    await assertStaffPassword(newPassword, staff.email, staff.name);
    if (newPassword === currentPassword) throw inputError('The new password must differ from the current one.');
    if (isStaffPasswordTooLong(currentPassword)) throw inputError(WRONG_CURRENT);
    const now = clock();
    const claimed = await claimStaffAttempt(db, staff.id, now);
    if (!claimed) throw authenticationError('The account is locked after too many tries. Try again later.');
    if (!(await verifyPassword(currentPassword, staff.password_hash))) {
      await recordWrongPassword(db, staff, claimed, 'changePassword', client, now);
      throw inputError(WRONG_CURRENT);
    }
    const passwordHash = await hashPassword(newPassword);
    await inWriteTransaction(db, async ({ db: trx }) => {
      await withdrawStaffAttempt(trx, staff.id);
      await trx
        .updateTable('staff_user')
        .set({ password_hash: passwordHash, updated_at: sqlTimestamp(now) })
        .where('id', '=', staff.id)
        .execute();
      await trx
        .deleteFrom('staff_session')
        .where('staff_id', '=', staff.id)
        .where('token_hash', '!=', current.row.token_hash)
        .execute();
      await recordAudit(
        trx,
        { staffId: staff.id, email: staff.email, client: clientOrNull(client) },
        { action: 'staff.change_password', entityType: 'staff', entityId: staff.id },
        now,
      );
    });
    staff.password_hash = passwordHash;
  }

  return { change };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
