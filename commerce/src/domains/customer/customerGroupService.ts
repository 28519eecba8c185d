import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { lockedForWrite } from '../../db/rowLocks';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { singleLineText } from '../../kernel/inputRules';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';

// Customer groups (Magento's customer_group): who gets which tier prices, and which customer tax
// class their tax is computed with. The four Magento ships with (NOT LOGGED IN, General,
// Wholesale, Retailer) can be renamed and re-classed but never deleted; a group with customers
// cannot be deleted either.

/** Magento's built-in groups: 0 NOT LOGGED IN, 1 General, 2 Wholesale, 3 Retailer. */
export const BUILT_IN_GROUP_IDS: readonly number[] = [0, 1, 2, 3];
/** Magento's customer_group_code is a varchar(32). */
const MAX_CODE = 32;

export interface CustomerGroupRecord {
  id: number;
  code: string;
  taxClassId: number;
  taxClassName: string;
  builtIn: boolean;
  customerCount: number;
}

export interface CustomerGroupInput {
  code: string;
  taxClassId: number;
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('input', message, { field });
}

export function createCustomerGroupService(db: Kysely<Database>, clock: Clock) {
  async function list(trx: Kysely<Database> = db): Promise<CustomerGroupRecord[]> {
    const [groups, counts] = await Promise.all([
      trx
        .selectFrom('customer_group as g')
        .innerJoin('tax_class as c', 'c.class_id', 'g.tax_class_id')
        .select(['g.customer_group_id', 'g.customer_group_code', 'g.tax_class_id', 'c.class_name'])
        .orderBy('g.customer_group_id')
        .execute(),
      trx
        .selectFrom('customer')
        .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('group_id')
        .execute(),
    ]);
    const byGroup = new Map(counts.map((c) => [Number(c.group_id), Number(c.n)]));
    return groups.map((g) => ({
      id: Number(g.customer_group_id),
      code: g.customer_group_code,
      taxClassId: Number(g.tax_class_id),
      taxClassName: g.class_name,
      builtIn: BUILT_IN_GROUP_IDS.includes(Number(g.customer_group_id)),
      customerCount: byGroup.get(Number(g.customer_group_id)) ?? 0,
    }));
  }

  /** Checked before anything is written: a clear message naming the field. */
  async function checkedInput(trx: Kysely<Database>, input: CustomerGroupInput, id: number | null) {
    const code = singleLineText('Group name', input.code, MAX_CODE);
    if (!code) throw invalid('code', 'The group needs a name.');
    const taxClass = await trx
      .selectFrom('tax_class')
      .select('class_id')
      .where('class_id', '=', input.taxClassId)
      .where('class_type', '=', 'CUSTOMER')
      .executeTakeFirst();
    if (!taxClass) throw invalid('taxClassId', `There is no customer tax class ${input.taxClassId}.`);
    const sameName = await trx
      .selectFrom('customer_group')
      .select('customer_group_id')
      .where((eb) => eb(eb.fn('lower', ['customer_group_code']), '=', code.toLowerCase()))
      .executeTakeFirst();
    if (sameName && Number(sameName.customer_group_id) !== id)
      throw invalid('code', `A group named ${code} already exists.`);
    return { code, taxClassId: input.taxClassId };
  }

  async function one(id: number): Promise<CustomerGroupRecord> {
    const found = (await list()).find((g) => g.id === id);
    if (!found) throw noSuchEntityError(`There is no customer group ${id}.`);
    return found;
  }

  return {
    list: () => list(),

    async create(input: CustomerGroupInput, actor: Actor): Promise<CustomerGroupRecord> {
      const id = await inWriteTransaction(db, { actor, clock }, async (uow) => {
        // Carts keep a group's tax class per catalog version (pricingSettingsService).
        uow.catalogChanged({ products: [] });
        const checked = await checkedInput(uow.db, input, null);
        const next = await nextId(uow.db, 'customer_group');
        await uow.db
          .insertInto('customer_group')
          .values({ customer_group_id: next, customer_group_code: checked.code, tax_class_id: checked.taxClassId })
          .execute();
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'customer_group.create',
            entityType: 'customer_group',
            entityId: next,
            before: null,
            after: checked,
          },
          uow.now,
        );
        return next;
      });
      return one(id);
    },

    /** Renames the group and sets its tax class (built-in groups too). */
    async update(id: number, input: CustomerGroupInput, actor: Actor): Promise<CustomerGroupRecord> {
      await inWriteTransaction(db, { actor, clock }, async (uow) => {
        // Carts keep a group's tax class per catalog version (pricingSettingsService).
        uow.catalogChanged({ products: [] });
        const current = await lockedForWrite(
          uow.db,
          uow.db.selectFrom('customer_group').selectAll().where('customer_group_id', '=', id),
        ).executeTakeFirst();
        if (!current) throw noSuchEntityError(`There is no customer group ${id}.`);
        const checked = await checkedInput(uow.db, input, id);
        if (checked.code === current.customer_group_code && checked.taxClassId === Number(current.tax_class_id)) return;
        await uow.db
          .updateTable('customer_group')
          .set({ customer_group_code: checked.code, tax_class_id: checked.taxClassId })
          .where('customer_group_id', '=', id)
          .execute();
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'customer_group.update',
            entityType: 'customer_group',
            entityId: id,
            before: { code: current.customer_group_code, taxClassId: Number(current.tax_class_id) },
            after: checked,
          },
          uow.now,
        );
      });
      return one(id);
    },

    /** Deletes a group of one's own that no customer is in and no tier price names. */
    async delete(id: number, actor: Actor): Promise<true> {
      if (BUILT_IN_GROUP_IDS.includes(id)) throw invalid('id', 'A built-in group cannot be deleted.');
      await inWriteTransaction(db, { actor, clock }, async (uow) => {
        // Carts keep a group's tax class per catalog version (pricingSettingsService).
        uow.catalogChanged({ products: [] });
        // The group's row is locked first: a customer moved into it meanwhile (staffCustomers
        // locks it too) waits, so "no customer in it" still holds at commit.
        const current = await lockedForWrite(
          uow.db,
          uow.db.selectFrom('customer_group').selectAll().where('customer_group_id', '=', id),
        ).executeTakeFirst();
        if (!current) throw noSuchEntityError(`There is no customer group ${id}.`);
        const member = await uow.db.selectFrom('customer').select('id').where('group_id', '=', id).executeTakeFirst();
        if (member)
          throw invalid('id', `${current.customer_group_code} has customers; move them to another group first.`);
        // Tier prices are the catalog's rows: the merchant removes them on the products first.
        const tier = await uow.db
          .selectFrom('catalog_product_entity_tier_price')
          .select('value_id')
          .where('all_groups', '=', 0)
          .where('customer_group_id', '=', id)
          .executeTakeFirst();
        if (tier)
          throw invalid('id', `${current.customer_group_code} has tier prices; remove them from the products first.`);
        await uow.db.deleteFrom('customer_group').where('customer_group_id', '=', id).execute();
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'customer_group.delete',
            entityType: 'customer_group',
            entityId: id,
            before: { code: current.customer_group_code, taxClassId: Number(current.tax_class_id) },
            after: null,
          },
          uow.now,
        );
      });
      return true;
    },
  };
}

export type CustomerGroupService = ReturnType<typeof createCustomerGroupService>;
