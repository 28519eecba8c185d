import type { Kysely } from 'kysely';
import type { Database, StaffSessionTable, StaffUserTable } from '../../db/tables';
import type { Clock } from '../../kernel/clock';
import { normalizeEmail } from '../../kernel/emailAddress';
import { verifyAgainstNothing, verifyPassword } from '../../kernel/passwordHash';
import { digestToken, newSecretToken } from '../../kernel/secretTokens';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';
import { inWriteTransaction } from '../../kernel/transaction';
import { isLocked, UNLOCKED } from '../auth';
import { claimStaffAttempt, withdrawStaffAttempt } from './staffAttempts';
import { isStaffPasswordTooLong } from './staffPasswordRules';
import { authenticationError, inputError } from '../errors';
import { recordAudit } from '../audit';
import { clientOrNull, recordStaffFailure, type FailureRecord } from './staffSecurityLog';
import { acceptTotpCode, newTotpSecret, totpEnrolment, type TotpEnrolment } from './totpService';

// Staff sign-in: a password, then (when the account has one, and always for owners) a code from
// an authenticator app. A session is a random token in a cookie; the database keeps its digest.
// It ends after IDLE_MINUTES without a request, and after ABSOLUTE_HOURS in any case.

export const IDLE_MINUTES = 30;
export const ABSOLUTE_HOURS = 12;
/** last_seen_at is written at most this often: not one write per request. */
const TOUCH_EVERY_MS = 60_000;
const WRONG_CREDENTIALS = 'The email or password is incorrect, or the account is locked. Try again later.';
const WRONG_CODE = 'The code is not right. Enter the current 6-digit code from your authenticator app.';

export type SignInStep = 'PASSWORD' | 'SECOND_FACTOR' | 'ENROL_SECOND_FACTOR' | 'SIGNED_IN';

export interface StaffSession {
  row: StaffSessionTable;
  staff: StaffUserTable;
}

export interface SignInOutcome {
  /** Set when a new session was opened: the cookie's value. */
  token?: string;
  session: StaffSession | null;
}

export function signInStep(session: StaffSession | null): SignInStep {
  if (!session) return 'PASSWORD';
  if (session.row.stage === 'full') return 'SIGNED_IN';
  return session.staff.totp_secret ? 'SECOND_FACTOR' : 'ENROL_SECOND_FACTOR';
}

export function createStaffSessionService(
  db: Kysely<Database>,
  clock: Clock,
  issuer: () => Promise<string>,
  rateLimits: RateLimiter,
) {
  function expired(row: StaffSessionTable, now: Date): boolean {
    return (
      Date.parse(row.last_seen_at) + IDLE_MINUTES * 60_000 <= now.getTime() ||
      Date.parse(row.created_at) + ABSOLUTE_HOURS * 3_600_000 <= now.getTime()
    );
  }

  async function load(tokenHash: string): Promise<StaffSession | null> {
    const row = await db.selectFrom('staff_session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return null;
    const staff = await db.selectFrom('staff_user').selectAll().where('id', '=', row.staff_id).executeTakeFirst();
    if (!staff || staff.is_active !== 1) return null;
    return { row, staff };
  }

  /** The session a cookie's token names, if it is still alive; counts as activity. */
  async function resolve(token: string | null): Promise<StaffSession | null> {
    if (!token || token.length > 200) return null;
    const now = clock();
    const session = await load(digestToken(token));
    if (!session) return null;
    if (expired(session.row, now)) {
      await db.deleteFrom('staff_session').where('token_hash', '=', session.row.token_hash).execute();
      return null;
    }
    if (Date.parse(session.row.last_seen_at) + TOUCH_EVERY_MS <= now.getTime()) {
      const lastSeen = now.toISOString();
      await db
        .updateTable('staff_session')
        .set({ last_seen_at: lastSeen })
        .where('token_hash', '=', session.row.token_hash)
        .execute();
      session.row.last_seen_at = lastSeen;
    }
    return session;
  }

  /**
   * E-mail and password. A new session replaces the one the browser had (no session fixation).
   * `client` is the caller's address ('unknown' when the host did not give one: no per-client limit).
   */
  async function signIn(
    email: string,
    password: string,
    previous: StaffSession | null,
    client = 'unknown',
  ): Promise<SignInOutcome> {
    if (email.length > 254 || isStaffPasswordTooLong(password)) throw inputError('The email or password is too long.');
    const perAccount = `${client} ${normalizeEmail(email)}`;
    if (client !== 'unknown') {
      await rateLimits.consume(RATE_RULES.staffSignInPerClient, client);
      await rateLimits.consume(RATE_RULES.staffSignInPerClientAndAccount, perAccount);
    }
    const now = clock();
    const refuse = async (failure: Omit<FailureRecord, 'action'>): Promise<never> => {
      await recordStaffFailure(db, { action: 'staff.sign_in_failed', ...failure }, client, now);
      throw authenticationError(WRONG_CREDENTIALS);
    };
    const staff = await db
      .selectFrom('staff_user')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
    if (!staff || staff.is_active !== 1) {
      // The same work as a real check: the answer's timing does not tell which addresses exist.
      await verifyAgainstNothing(password);
      return refuse({
        staff: staff ?? null,
        attempted: normalizeEmail(email),
        details: { reason: staff ? 'inactive' : 'unknown_account' },
      });
    }
    // Counted before the check (staffAttempts.ts); a locked account does the same work and says
    // the same as a wrong password, so neither timing nor text tells which.
    const claimed = await claimStaffAttempt(db, staff.id, now);
    if (!claimed) {
      await verifyAgainstNothing(password);
      return refuse({ staff, details: { reason: 'locked' } });
    }
    if (!(await verifyPassword(password, staff.password_hash))) {
      if (isLocked(claimed, now)) await recordStaffFailure(db, { action: 'staff.lock', staff }, client, now);
      return refuse({ staff, details: { reason: 'wrong_password' } });
    }
    if (client !== 'unknown') {
      // Only failures use up the limits: staff may sign in as often as they need.
      await rateLimits.refund(RATE_RULES.staffSignInPerClient, client);
      await rateLimits.refund(RATE_RULES.staffSignInPerClientAndAccount, perAccount);
    }

    const needsSecondFactor = staff.totp_secret !== null || staff.role === 'owner';
    const token = newSecretToken();
    const row: StaffSessionTable = {
      token_hash: digestToken(token),
      staff_id: staff.id,
      stage: needsSecondFactor ? 'password' : 'full',
      csrf_token: newSecretToken(),
      pending_totp_secret: needsSecondFactor && !staff.totp_secret ? newTotpSecret() : null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    };
    await inWriteTransaction(db, async ({ db: trx }) => {
      if (previous) await trx.deleteFrom('staff_session').where('token_hash', '=', previous.row.token_hash).execute();
      // Expired sessions of this account go too: the table holds live sessions only.
      await trx
        .deleteFrom('staff_session')
        .where('staff_id', '=', staff.id)
        .where('last_seen_at', '<', new Date(now.getTime() - IDLE_MINUTES * 60_000).toISOString())
        .execute();
      await trx.insertInto('staff_session').values(row).execute();
      // Half-way to a second factor, only this attempt's failure goes: earlier wrong codes still count.
      if (needsSecondFactor) await withdrawStaffAttempt(trx, staff.id);
      else {
        await trx.updateTable('staff_user').set(UNLOCKED).where('id', '=', staff.id).execute();
        await recordAudit(
          trx,
          { staffId: staff.id, email: staff.email, client: clientOrNull(client) },
          { action: 'staff.sign_in', entityType: 'staff', entityId: staff.id },
          now,
        );
      }
    });
    return { token, session: { row, staff } };
  }

  async function completeSignIn(
    session: StaffSession,
    secret: string,
    step: number,
    enrolled: boolean,
    client: string,
  ) {
    const now = clock();
    await inWriteTransaction(db, async ({ db: trx }) => {
      // Only if no other session used this code (or a later one) meanwhile, nor enrolled another
      // authenticator: the code was checked against the row as this request read it, and parallel
      // requests with one code must not all pass.
      const result = await trx
        .updateTable('staff_user')
        .set({ ...UNLOCKED, totp_secret: secret, totp_last_step: step, updated_at: now.toISOString() })
        .where('id', '=', session.staff.id)
        .where((eb) =>
          enrolled
            ? eb('totp_secret', 'is', null)
            : eb.and([
                eb('totp_secret', '=', secret),
                eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]),
              ]),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw authenticationError(WRONG_CODE);
      await trx
        .updateTable('staff_session')
        .set({ stage: 'full', pending_totp_secret: null })
        .where('token_hash', '=', session.row.token_hash)
        .execute();
      const actor = { staffId: session.staff.id, email: session.staff.email, client: clientOrNull(client) };
      if (enrolled)
        await recordAudit(
          trx,
          actor,
          { action: 'staff.enrol_second_factor', entityType: 'staff', entityId: session.staff.id },
          now,
        );
      await recordAudit(trx, actor, { action: 'staff.sign_in', entityType: 'staff', entityId: session.staff.id }, now);
    });
    session.row.stage = 'full';
    session.row.pending_totp_secret = null;
    session.staff.totp_secret = secret;
    session.staff.totp_last_step = step;
  }

  /** Locked: the half-open session goes, and signing in starts again from the password. */
  async function endHalfOpen(session: StaffSession): Promise<void> {
    await db.deleteFrom('staff_session').where('token_hash', '=', session.row.token_hash).execute();
  }

  /**
   * Checks a code from the authenticator, counted as a failure first (staffAttempts.ts): parallel
   * wrong codes take their places in the count. A right code completes the sign-in, which clears it.
   */
  async function checkCode(
    session: StaffSession,
    secret: string,
    code: string,
    lastStep: number | null,
    client: string,
  ) {
    const now = clock();
    const { staff } = session;
    const claimed = await claimStaffAttempt(db, staff.id, now);
    if (!claimed) {
      await endHalfOpen(session);
      await recordStaffFailure(
        db,
        { action: 'staff.second_factor_failed', staff, details: { reason: 'locked' } },
        client,
        now,
      );
      throw authenticationError(WRONG_CREDENTIALS);
    }
    const step = await acceptTotpCode(secret, code, now, lastStep);
    if (step !== null) return step;
    if (isLocked(claimed, now)) {
      await endHalfOpen(session);
      await recordStaffFailure(db, { action: 'staff.lock', staff }, client, now);
    }
    await recordStaffFailure(
      db,
      { action: 'staff.second_factor_failed', staff, details: { reason: 'wrong_code' } },
      client,
      now,
    );
    throw authenticationError(WRONG_CODE);
  }

  async function verifySecondFactor(session: StaffSession | null, code: string, client = 'unknown'): Promise<void> {
    if (!session || session.row.stage !== 'password' || !session.staff.totp_secret)
      throw authenticationError('Sign in with your email and password first.');
    const secret = session.staff.totp_secret;
    const step = await checkCode(session, secret, code, session.staff.totp_last_step, client);
    await completeSignIn(session, secret, step, false, client);
  }

  async function enrolment(session: StaffSession): Promise<TotpEnrolment | null> {
    if (session.row.stage !== 'password' || !session.row.pending_totp_secret) return null;
    return totpEnrolment(session.row.pending_totp_secret, await issuer(), session.staff.email);
  }

  async function confirmEnrolment(session: StaffSession | null, code: string, client = 'unknown'): Promise<void> {
    if (!session || session.row.stage !== 'password' || !session.row.pending_totp_secret)
      throw authenticationError('Sign in with your email and password first.');
    const secret = session.row.pending_totp_secret;
    const step = await checkCode(session, secret, code, null, client);
    await completeSignIn(session, secret, step, true, client);
  }

  async function signOut(session: StaffSession | null): Promise<void> {
    if (session) await db.deleteFrom('staff_session').where('token_hash', '=', session.row.token_hash).execute();
  }

  return { resolve, signIn, verifySecondFactor, enrolment, confirmEnrolment, signOut };
}

export type StaffSessionService = ReturnType<typeof createStaffSessionService>;
