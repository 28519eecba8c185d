import type { Kysely } from 'kysely';
import type { Database, StaffRole, StaffUserTable } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { sqlTimestamp } from '../../kernel/clock';
import { isValidEmail, normalizeEmail } from '../../kernel/emailAddress';
import { singleLineText } from '../../kernel/inputRules';
import { hashPassword } from '../../kernel/passwordHash';
import { assertStaffPassword } from './staffPasswordRules';
import { inWriteTransaction } from '../../kernel/transaction';
import { alreadyExistsError, authorizationError, inputError, noSuchEntityError } from '../errors';
import { lockedForWrite } from '../../db/rowLocks';
import { recordAudit, type Actor } from '../audit';

export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'staff', 'viewer'];

export interface NewStaffMember {
  email: string;
  name: string;
  role: string;
  password: string;
}

export function parseStaffRole(role: string): StaffRole {
  const lower = role.trim().toLowerCase();
  const found = STAFF_ROLES.find((r) => r === lower);
  if (!found) throw inputError(`Unknown role "${role}": use ${STAFF_ROLES.join(', ')}.`);
  return found;
}

export async function createStaffMember(
  db: Kysely<Database>,
  input: NewStaffMember,
  actor: Actor,
  now: Date,
): Promise<StaffUserTable> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw inputError(`"${input.email}" is not a valid email address.`);
  const name = singleLineText('Name', input.name, 100);
  if (!name) throw inputError('"Name" is required.');
  const role = parseStaffRole(input.role);
  await assertStaffPassword(input.password, email, name);
  const passwordHash = await hashPassword(input.password);
  return inWriteTransaction(db, { actor }, async ({ db: trx }) => {
    const existing = await trx.selectFrom('staff_user').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) throw alreadyExistsError(`A staff account with the email address "${email}" already exists.`);
    const at = sqlTimestamp(now);
    const row: StaffUserTable = {
      id: await nextId(trx, 'staff_user'),
      email,
      name,
      role,
      password_hash: passwordHash,
      totp_secret: null,
      totp_last_step: null,
      is_active: 1,
      failures_num: 0,
      first_failure: null,
      lock_expires: null,
      created_at: at,
      updated_at: at,
    };
    await trx.insertInto('staff_user').values(row).execute();
    await recordAudit(
      trx,
      actor,
      { action: 'staff.create', entityType: 'staff', entityId: row.id, after: { email, name, role } },
      now,
    );
    return row;
  });
}

export async function countStaff(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('staff_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listStaff(db: Kysely<Database>): Promise<StaffUserTable[]> {
  return db.selectFrom('staff_user').selectAll().orderBy('id').execute();
}

export async function setStaffActive(
  db: Kysely<Database>,
  id: number,
  active: boolean,
  actor: Actor,
  now: Date,
): Promise<StaffUserTable> {
  if (id === actor.staffId && !active) throw inputError('You cannot switch off your own account.');
  return inWriteTransaction(db, { actor }, async ({ db: trx }) => {
    const staff = await trx.selectFrom('staff_user').selectAll().where('id', '=', id).executeTakeFirst();
    if (!staff) throw noSuchEntityError(`There is no staff account ${id}.`);
    const isActive = active ? 1 : 0;
    if (staff.is_active === isActive) return staff;
    await trx
      .updateTable('staff_user')
      .set({ is_active: isActive, updated_at: sqlTimestamp(now) })
      .where('id', '=', id)
      .execute();
    // Switched off means out now, not at the end of the sessions it has.
    if (!active) await trx.deleteFrom('staff_session').where('staff_id', '=', id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: active ? 'staff.activate' : 'staff.deactivate',
        entityType: 'staff',
        entityId: id,
        before: { active: staff.is_active === 1 },
        after: { active },
      },
      now,
    );
    return { ...staff, is_active: isActive };
  });
}

/**
 * An owner gives a member another role; the member's next request obeys it (sessions read the role
 * each time). Owners cannot change their own role, and the shop always keeps an owner: every owner's
 * row is locked first, so two owners demoting each other at once cannot both succeed (the second
 * finds it is no longer an owner).
 */
export async function setStaffRole(
  db: Kysely<Database>,
  id: number,
  roleName: string,
  actor: Actor,
  now: Date,
): Promise<StaffUserTable> {
  const role = parseStaffRole(roleName);
  if (id === actor.staffId) throw inputError('You cannot change your own role: ask another owner.');
  return inWriteTransaction(db, { actor }, async ({ db: trx }) => {
    const owners = await lockedForWrite(
      trx,
      trx.selectFrom('staff_user').select('id').where('role', '=', 'owner').where('is_active', '=', 1).orderBy('id'),
    ).execute();
    if (!owners.some((o) => o.id === actor.staffId)) throw authorizationError('Only an owner may change roles.');
    const staff = await lockedForWrite(
      trx,
      trx.selectFrom('staff_user').selectAll().where('id', '=', id),
    ).executeTakeFirst();
    if (!staff) throw noSuchEntityError(`There is no staff account ${id}.`);
    if (staff.role === role) return staff;
    await trx
      .updateTable('staff_user')
      .set({ role, updated_at: sqlTimestamp(now) })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: 'staff.role', entityType: 'staff', entityId: id, before: { role: staff.role }, after: { role } },
      now,
    );
    return { ...staff, role };
  });
}
