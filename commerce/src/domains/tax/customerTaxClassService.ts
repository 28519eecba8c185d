import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { DomainError } from '../../kernel/domainError';
import { singleLineText } from '../../kernel/inputRules';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';

// Customer tax classes (Magento's tax_class of type CUSTOMER), which customer groups carry. The
// shop's tax rates apply to a class or not (as a Magento tax rule names the classes it covers):
// Retail Customer is taxed; a class for resellers, say, is not.

const MAX_NAME = 255;

export interface CustomerTaxClassRecord {
  id: number;
  name: string;
  taxed: boolean;
}

export async function readCustomerTaxClasses(db: Kysely<Database>): Promise<CustomerTaxClassRecord[]> {
  const rows = await db
    .selectFrom('tax_class')
    .select(['class_id', 'class_name', 'taxed'])
    .where('class_type', '=', 'CUSTOMER')
    .orderBy('class_id')
    .execute();
  return rows.map((r) => ({ id: Number(r.class_id), name: r.class_name, taxed: Number(r.taxed) === 1 }));
}

export async function createCustomerTaxClass(
  db: Kysely<Database>,
  input: { name: string; taxed: boolean },
  actor: Actor,
  now: Date,
): Promise<CustomerTaxClassRecord> {
  const name = singleLineText('Tax class name', input.name, MAX_NAME);
  if (!name) throw new DomainError('input', 'The tax class needs a name.', { field: 'name' });
  return inWriteTransaction(db, { actor }, async (uow) => {
    const same = await uow.db
      .selectFrom('tax_class')
      .select('class_id')
      .where('class_type', '=', 'CUSTOMER')
      .where((eb) => eb(eb.fn('lower', ['class_name']), '=', name.toLowerCase()))
      .executeTakeFirst();
    if (same) throw new DomainError('input', `A customer tax class named ${name} already exists.`, { field: 'name' });
    const id = await nextId(uow.db, 'tax_class');
    const taxed = input.taxed ? 1 : 0;
    await uow.db
      .insertInto('tax_class')
      .values({ class_id: id, class_name: name, class_type: 'CUSTOMER', taxed })
      .execute();
    await recordAudit(
      uow.db,
      actor,
      { action: 'tax_class.create', entityType: 'tax_class', entityId: id, before: null, after: { name, taxed } },
      now,
    );
    return { id, name, taxed: input.taxed };
  });
}
