import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { lockedForWrite } from '../../db/rowLocks';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { singleLineText } from '../../kernel/inputRules';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { UNLOCKED } from '../auth';
import { priceCart, setCustomerCartEmail, type PricedCart } from '../cart';
import { alreadyExistsError, noSuchEntityError } from '../errors';
import type { NewsletterService } from '../newsletter';
import type { CustomerService } from './customerService';

// What staff do to customer accounts besides locking them: make one (the customer sets the
// password from the welcome mail), change the name, e-mail and group, send the reset mail the
// storefront's "forgot password" sends, and look at the active cart. Staff never see or set a
// password. The audit log keeps ids, the group and which fields changed, not names or addresses.

const EMAIL_TAKEN = 'A customer with this e-mail address already exists.';
const MAX_NAME = 255;

export interface StaffCustomerInput {
  firstname: string;
  lastname: string;
  email: string;
  groupId: number;
}

export interface NewStaffCustomerInput extends StaffCustomerInput {
  /** The store view the account belongs to (its mails' language). */
  storeId: number;
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('input', message, { field });
}

function requiredName(field: 'firstname' | 'lastname', label: string, value: string): string {
  const text = singleLineText(label, value, MAX_NAME);
  if (!text) throw invalid(field, `"${label}" is a required value.`);
  return text;
}

/** The e-mail is unique in the database too: a parallel save that slips past the check fails there. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

async function lockGroup(trx: Kysely<Database>, groupId: number): Promise<void> {
  if (!Number.isInteger(groupId) || groupId < 1)
    throw invalid('groupId', 'Choose a customer group (NOT LOGGED IN is for guests only).');
  // Locked: a group deleted meanwhile (which checks it has no customers) waits for this save.
  const group = await lockedForWrite(
    trx,
    trx.selectFrom('customer_group').select('customer_group_id').where('customer_group_id', '=', groupId),
  ).executeTakeFirst();
  if (!group) throw invalid('groupId', `There is no customer group ${groupId}.`);
}

export function createCustomerStaffService(
  db: Kysely<Database>,
  clock: Clock,
  customers: CustomerService,
  newsletter: NewsletterService,
) {
  function checked(input: StaffCustomerInput) {
    return {
      firstname: requiredName('firstname', 'First Name', input.firstname),
      lastname: requiredName('lastname', 'Last Name', input.lastname),
      email: customers.assertEmail(input.email),
      groupId: input.groupId,
    };
  }

  async function emailFree(uow: UnitOfWork, email: string, id: number | null): Promise<void> {
    const owner = await uow.db.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirst();
    if (owner && Number(owner.id) !== id) throw alreadyExistsError(EMAIL_TAKEN);
  }

  async function write<T>(actor: Actor, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    try {
      return await inWriteTransaction(db, { actor, clock }, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExistsError(EMAIL_TAKEN);
      throw error;
    }
  }

  return {
    /** A new account without a password; the customer gets the welcome mail with a set-password link. */
    async create(input: NewStaffCustomerInput, actor: Actor): Promise<number> {
      const values = checked(input);
      return write(actor, async (uow) => {
        const store = await uow.db
          .selectFrom('store_view')
          .select('id')
          .where('id', '=', input.storeId)
          .executeTakeFirst();
        if (!store) throw invalid('storeId', `There is no store view ${input.storeId}.`);
        await lockGroup(uow.db, values.groupId);
        await emailFree(uow, values.email, null);
        const id = await nextId(uow.db, 'customer');
        const at = uow.now.toISOString();
        await uow.db
          .insertInto('customer')
          .values({
            id,
            email: values.email,
            firstname: values.firstname,
            lastname: values.lastname,
            middlename: null,
            prefix: null,
            suffix: null,
            date_of_birth: null,
            gender: null,
            taxvat: null,
            // No password can match: the account signs in once the customer sets one.
            password_hash: '!',
            default_billing: null,
            default_shipping: null,
            ...UNLOCKED,
            reset_token_hash: null,
            reset_token_expires: null,
            group_id: values.groupId,
            store_id: input.storeId,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await customers.queueResetLink(uow, { id, email: values.email, firstname: values.firstname }, uow.now, true);
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'customer.create',
            entityType: 'customer',
            entityId: id,
            before: null,
            after: { groupId: values.groupId, storeId: input.storeId },
          },
          uow.now,
        );
        return id;
      });
    },

    /** Name, e-mail and group; the e-mail stays unique, also when two saves race. */
    async update(id: number, input: StaffCustomerInput, actor: Actor): Promise<void> {
      const values = checked(input);
      await write(actor, async (uow) => {
        const current = await lockedForWrite(
          uow.db,
          uow.db
            .selectFrom('customer')
            .select(['id', 'email', 'firstname', 'lastname', 'group_id'])
            .where('id', '=', id),
        ).executeTakeFirst();
        if (!current) throw noSuchEntityError(`There is no customer ${id}.`);
        const changed = (['firstname', 'lastname', 'email'] as const).filter((f) => current[f] !== values[f]);
        if (Number(current.group_id) !== values.groupId) await lockGroup(uow.db, values.groupId);
        if (changed.length === 0 && Number(current.group_id) === values.groupId) return;
        if (current.email !== values.email) await emailFree(uow, values.email, id);
        await uow.db
          .updateTable('customer')
          .set({
            firstname: values.firstname,
            lastname: values.lastname,
            email: values.email,
            group_id: values.groupId,
            updated_at: uow.now.toISOString(),
          })
          .where('id', '=', id)
          .execute();
        if (current.email !== values.email) {
          await newsletter.moveCustomerEmail(uow.db, id, values.email);
          await setCustomerCartEmail(uow.db, id, values.email);
        }
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'customer.update',
            entityType: 'customer',
            entityId: id,
            // Which fields changed, not their values: the log keeps no personal data.
            before: { groupId: Number(current.group_id) },
            after: { groupId: values.groupId, changed },
          },
          uow.now,
        );
      });
    },

    /** The storefront's reset mail, sent now; the old link stops working. */
    async sendPasswordReset(id: number, actor: Actor): Promise<true> {
      await write(actor, async (uow) => {
        const customer = await uow.db
          .selectFrom('customer')
          .select(['id', 'email', 'firstname'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!customer) throw noSuchEntityError(`There is no customer ${id}.`);
        await customers.queueResetLink(uow, customer, uow.now);
        await recordAudit(
          uow.db,
          actor,
          { action: 'customer.password_reset', entityType: 'customer', entityId: id, before: null, after: null },
          uow.now,
        );
      });
      return true;
    },

    /** The customer's active cart as the server prices it now; null without one. */
    async activeCart(id: number): Promise<PricedCart | null> {
      const cart = await db
        .selectFrom('cart')
        .selectAll()
        .where('customer_id', '=', id)
        .where('is_active', '=', 1)
        .orderBy('updated_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return cart ? priceCart(db, cart, { now: clock() }) : null;
    },
  };
}

export type CustomerStaffService = ReturnType<typeof createCustomerStaffService>;
