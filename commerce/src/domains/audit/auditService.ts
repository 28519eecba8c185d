import { sql, type Kysely } from 'kysely';
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

/** Which entries to read: by who (the e-mail, or 'cli'), by action (`order` takes every `order.…`), by time. */
export interface AuditFilter {
  actor?: string | null;
  action?: string | null;
  /** Stored timestamps (UTC), [start, end). */
  start?: string | null;
  end?: string | null;
}

export async function readAuditLog(
  db: Kysely<Database>,
  page: number,
  pageSize: number,
  filter: AuditFilter = {},
): Promise<AuditPage> {
  let query = db.selectFrom('audit_log');
  const actor = filter.actor?.trim().toLowerCase();
  if (actor) query = query.where('staff_email', '=', actor);
  const action = filter.action?.trim().toLowerCase();
  if (action) {
    const prefix = `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;
    query = query.where((eb) => eb.or([eb('action', '=', action), sql<boolean>`action like ${prefix} escape '\\'`]));
  }
  if (filter.start) query = query.where('created_at', '>=', filter.start);
  if (filter.end) query = query.where('created_at', '<', filter.end);
  const [items, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, totalCount: Number(total.n) };
}
