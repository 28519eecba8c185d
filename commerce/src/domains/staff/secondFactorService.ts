import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../../kernel/clock';
import { verifyPassword } from '../../kernel/passwordHash';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit } from '../audit';
import { authenticationError, inputError } from '../errors';
import type { StaffSession } from './staffSessionService';
import { claimStaffAttempt, withdrawStaffAttempt } from './staffAttempts';
import { recordWrongPassword } from './staffSecurityLog';
import { isStaffPasswordTooLong } from './staffPasswordRules';
import { acceptTotpCode, newTotpSecret, totpEnrolment, type TotpEnrolment } from './totpService';

// A signed-in staff member adds an authenticator to their own account, or (staff and viewers,
// never owners, who must keep one) removes it. Adding needs the first code of the app, as at an
// owner's first sign-in; removing needs the password again, so a browser left signed in is not
// enough to weaken the account, and wrong passwords count towards the lockout as at sign-in.

const WRONG_CODE = 'The code is not right. Enter the current 6-digit code from your authenticator app.';
const WRONG_PASSWORD = 'The password is not right.';

function signedInOnly(session: StaffSession | null): StaffSession {
  if (!session || session.row.stage !== 'full') throw authenticationError('Sign in to the back office first.');
  return session;
}

export function createSecondFactorService(db: Kysely<Database>, clock: Clock, issuer: () => Promise<string>) {
  /** A new secret for this session to confirm; any earlier unconfirmed one is replaced. */
  async function start(current: StaffSession | null): Promise<TotpEnrolment> {
    const session = signedInOnly(current);
    if (session.staff.totp_secret)
      throw inputError('Your account already has an authenticator. Remove it first to add another one.');
    const secret = newTotpSecret();
    await db
      .updateTable('staff_session')
      .set({ pending_totp_secret: secret })
      .where('token_hash', '=', session.row.token_hash)
      .execute();
    session.row.pending_totp_secret = secret;
    return totpEnrolment(secret, await issuer(), session.staff.email);
  }

  async function confirm(current: StaffSession | null, code: string): Promise<void> {
    const session = signedInOnly(current);
    const secret = session.row.pending_totp_secret;
    if (!secret || session.staff.totp_secret) throw inputError('Start adding an authenticator first.');
    const now = clock();
    const step = await acceptTotpCode(secret, code, now, null);
    if (step === null) throw inputError(WRONG_CODE);
    await inWriteTransaction(db, async ({ db: trx }) => {
      // Only if no authenticator was added meanwhile (another tab): the first one confirmed stays.
      const result = await trx
        .updateTable('staff_user')
        .set({ totp_secret: secret, totp_last_step: step, updated_at: now.toISOString() })
        .where('id', '=', session.staff.id)
        .where('totp_secret', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1)
        throw inputError('Your account already has an authenticator. Remove it first to add another one.');
      await trx
        .updateTable('staff_session')
        .set({ pending_totp_secret: null })
        .where('token_hash', '=', session.row.token_hash)
        .execute();
      await recordAudit(
        trx,
        { staffId: session.staff.id, email: session.staff.email },
        { action: 'staff.enrol_second_factor', entityType: 'staff', entityId: session.staff.id },
        now,
      );
    });
    session.staff.totp_secret = secret;
    session.staff.totp_last_step = step;
    session.row.pending_totp_secret = null;
  }

  async function remove(current: StaffSession | null, password: string, client = 'unknown'): Promise<void> {
    const session = signedInOnly(current);
    const staff = session.staff;
    if (staff.role === 'owner') throw inputError('Owners must keep an authenticator: it guards the whole shop.');
    if (!staff.totp_secret) throw inputError('Your account has no authenticator to remove.');
    if (isStaffPasswordTooLong(password)) throw inputError(WRONG_PASSWORD);
    const now = clock();
    // Counted before the check (staffAttempts.ts), so parallel wrong passwords each count.
    const claimed = await claimStaffAttempt(db, staff.id, now);
    if (!claimed) throw authenticationError('The account is locked after too many tries. Try again later.');
    if (!(await verifyPassword(password, staff.password_hash))) {
      await recordWrongPassword(db, staff, claimed, 'removeAuthenticator', client, now);
      throw inputError(WRONG_PASSWORD);
    }
    await inWriteTransaction(db, async ({ db: trx }) => {
      await withdrawStaffAttempt(trx, staff.id);
      await trx
        .updateTable('staff_user')
        .set({ totp_secret: null, totp_last_step: null, updated_at: now.toISOString() })
        .where('id', '=', staff.id)
        .execute();
      await recordAudit(
        trx,
        { staffId: staff.id, email: staff.email },
        { action: 'staff.remove_second_factor', entityType: 'staff', entityId: staff.id },
        now,
      );
    });
    staff.totp_secret = null;
    staff.totp_last_step = null;
  }

  return { start, confirm, remove };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
