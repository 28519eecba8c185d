import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import { sqlTimestamp } from '../../kernel/clock';
import type { Actor } from '../../kernel/transaction';

// Who changed what and when. An entry is written in the same transaction as the change it
// records, so the log never claims a change that rolled back, nor misses one that committed.

/** Who acts: the unit of work carries it (kernel/transaction.ts), the audit entry records it. */
export type { Actor };

export const COMMAND_LINE: Actor = { staffId: null, email: 'cli' };

export interface AuditChange {
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(trx: Kysely<Database>, actor: Actor, change: AuditChange, at: Date): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: await nextId(trx, 'audit_log'),
      staff_id: actor.staffId,
      staff_email: actor.email,
      action: change.action,
      entity_type: change.entityType,
      entity_id: String(change.entityId),
      before: change.before === undefined ? null : JSON.stringify(change.before),
      after: change.after === undefined ? null : JSON.stringify(change.after),
      created_at: sqlTimestamp(at),
      client_address: actor.client ?? null,
    })
    .execute();
}

export interface AuditPage {
  items: Array<Database['audit_log']>;
  totalCount: number;
}

export async function readAuditLog(db: Kysely<Database>, page: number, pageSize: number): Promise<AuditPage> {
  const [items, total] = await Promise.all([
    db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, totalCount: Number(total.n) };
}
