// Checked by `tsc -p commerce` (npm run typecheck), not run: each @ts-expect-error fails the
// compile the day the error it expects disappears, i.e. the day a plain connection fits where a
// unit of work is asked for.
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/tables';
import { inWriteTransaction, type UnitOfWork } from '../src/kernel/transaction';
import { rebuildCatalogIndex } from '../src/db/catalogIndex';
import type { MailOutboxWriter } from '../src/mail/mailOutbox';

declare const pool: Kysely<Database>;
declare const outbox: MailOutboxWriter;

async function needsUnitOfWork(uow: UnitOfWork): Promise<void> {
  await uow.db.selectFrom('catalog_version').select('version').execute();
}

export async function proofs(): Promise<void> {
  // @ts-expect-error the pool is not a unit of work: it would read and write outside the transaction
  await needsUnitOfWork(pool);
  // @ts-expect-error nor is the catalog index rebuilt on it: the catalog version would not move with it
  await rebuildCatalogIndex(pool);
  // @ts-expect-error an outbox job written on the pool would survive the transaction's rollback
  await outbox.enqueue(pool, { kind: 'order_confirmation', orderId: 1 }, 'order-1');

  // @ts-expect-error a look-alike without the brand cannot be made outside inWriteTransaction
  const forged: UnitOfWork = {
    db: pool,
    actor: undefined,
    now: new Date(),
    catalogChanged: () => {},
    lockCatalogVersion: async () => {},
    afterCommit: () => {},
  };
  await needsUnitOfWork(forged);

  await inWriteTransaction(pool, async (uow) => {
    // @ts-expect-error the transaction's own connection is not one either: the unit of work is passed, not its db
    await needsUnitOfWork(uow.db);
    await needsUnitOfWork(uow);
    await rebuildCatalogIndex(uow);
    await outbox.enqueue(uow, { kind: 'order_confirmation', orderId: 1 }, 'order-1');
  });
}
