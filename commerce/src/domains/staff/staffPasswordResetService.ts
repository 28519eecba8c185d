import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { sqlTimestamp } from '../../kernel/clock';
import { hashPassword } from '../../kernel/passwordHash';
import { digestToken, newSecretToken } from '../../kernel/secretTokens';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { authenticationError, inputError, noSuchEntityError } from '../errors';
import { assertStaffPassword, isStaffPasswordTooLong } from './staffPasswordRules';

// An owner resets a staff member's password (a forgotten one, or one that may have leaked): the
// old password stops working and every session of the member ends at once; the owner gets a
// one-time link to hand over, valid for an hour. The member opens it and chooses a new password.
// Only the token's digest is stored; using the link deletes it in the same statement that claims
// it, so two tabs submitting at once cannot both set a password.

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const STAFF_RESET_PATH = '/admin/reset-password';

export interface StaffResetLink {
  /** The link's path on the shop; the token travels in the fragment, which no server log keeps. */
  path: string;
  expiresAt: string;
}

export async function startStaffPasswordReset(
  db: Kysely<Database>,
  id: number,
  actor: Actor,
  now: Date,
): Promise<StaffResetLink> {
  if (id === actor.staffId) throw inputError('Change your own password on your account page.');
  const token = newSecretToken();
  // The old password is replaced by one nobody knows, so it stops working now.
  const unusable = await hashPassword(newSecretToken());
  const expiresAt = new Date(now.getTime() + RESET_LINK_LIFETIME_MS);
  return inWriteTransaction(db, { actor }, async ({ db: trx }) => {
    const staff = await trx.selectFrom('staff_user').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
    if (!staff) throw noSuchEntityError(`There is no staff account ${id}.`);
    await trx.deleteFrom('staff_password_reset').where('staff_id', '=', id).execute();
    await trx
      .insertInto('staff_password_reset')
      .values({
        token_hash: digestToken(token),
        staff_id: id,
        expires_at: expiresAt.toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    await trx
      .updateTable('staff_user')
      .set({ password_hash: unusable, updated_at: sqlTimestamp(now) })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('staff_session').where('staff_id', '=', id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'staff.password_reset',
        entityType: 'staff',
        entityId: id,
        after: { email: staff.email, linkExpiresAt: expiresAt.toISOString() },
      },
      now,
    );
    return { path: `${STAFF_RESET_PATH}#${token}`, expiresAt: expiresAt.toISOString() };
  });
}

const LINK_INVALID = 'This link is not valid any more. Ask an owner for a new one.';

/** The member sets a new password with the link's token; the link is used up. */
export async function completeStaffPasswordReset(
  db: Kysely<Database>,
  token: string,
  password: string,
  now: Date,
): Promise<{ email: string }> {
  if (!token || token.length > 200) throw authenticationError(LINK_INVALID);
  if (isStaffPasswordTooLong(password)) throw inputError('The password is too long.');
  const tokenHash = digestToken(token);
  const found = await db
    .selectFrom('staff_password_reset as r')
    .innerJoin('staff_user as s', 's.id', 'r.staff_id')
    .select(['s.id', 's.email', 's.name', 's.is_active', 'r.expires_at'])
    .where('r.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!found || found.is_active !== 1 || Date.parse(found.expires_at) <= now.getTime())
    throw authenticationError(LINK_INVALID);
  // The rules first: a refused password leaves the link usable.
  await assertStaffPassword(password, found.email, found.name);
  const passwordHash = await hashPassword(password);
  const member: Actor = { staffId: found.id, email: found.email };
  await inWriteTransaction(db, { actor: member }, async ({ db: trx }) => {
    const claimed = await trx.deleteFrom('staff_password_reset').where('token_hash', '=', tokenHash).executeTakeFirst();
    if (Number(claimed.numDeletedRows) !== 1) throw authenticationError(LINK_INVALID);
    await trx
      .updateTable('staff_user')
      .set({
        password_hash: passwordHash,
        failures_num: 0,
        first_failure: null,
        lock_expires: null,
        updated_at: sqlTimestamp(now),
      })
      .where('id', '=', found.id)
      .execute();
    await trx.deleteFrom('staff_session').where('staff_id', '=', found.id).execute();
    await recordAudit(
      trx,
      member,
      { action: 'staff.password_reset_used', entityType: 'staff', entityId: found.id },
      now,
    );
  });
  return { email: found.email };
}
