import { setTimeout as sleep } from 'node:timers/promises';
import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { SQLITE_BUSY_TIMEOUT_MS } from '../db/connection';
import { forgetForRequest } from './requestScope';
import { systemClock, type Clock } from './clock';
import { logCatalogChange } from './catalogChangeLog';
import type { WordDelta } from '../db/productWords';

/**
 * The request-scope key under which a request remembers the catalog version it read
 * (`catalogVersionOfRequest`, db/catalogIndex.ts). It lives here, with the bump that forgets it, so
 * the kernel needs nothing from db/catalogIndex.
 */
export const CATALOG_VERSION_KEY = 'catalogVersion';

/** Who acts, as the audit log records it: a signed-in staff member, or the command line (staffId null). */
export interface Actor {
  staffId: number | null;
  email: string;
  /** The network address of the request, when the host gave one. */
  client?: string | null;
}

/** What a unit of work changed in the catalog, when it knows (issue 33). */
export interface CatalogChange {
  /** Ids of the products whose rows, search documents and listing rows changed. */
  readonly products?: readonly number[];
  /** How the words the search vocabularies count changed with them (db/productWords.ts). */
  readonly words?: WordDelta;
}

/**
 * A change of cached catalog answers that touches no product's rows, search words or listing rows
 * (a cart promotion, an exchange rate): the version moves, so response caches drop their answers,
 * but the facet snapshot, vocabularies and listing orders follow it without rebuilding (issue 33).
 */
export const NO_PRODUCT_CHANGED: CatalogChange = Object.freeze({ products: Object.freeze([]) });

// Not exported: a value with this key can only come from inWriteTransaction, so a function that
// asks for a UnitOfWork cannot be handed the pool (or a transaction opened some other way).
declare const brand: unique symbol;

/**
 * One write transaction, as the code inside it sees it. Functions that write, or that read what
 * the transaction wrote, take this instead of a `Kysely<Database>`: the pool does not fit.
 */
export interface UnitOfWork {
  /** The transaction's connection: every query of the unit of work goes through it. */
  readonly db: Kysely<Database>;
  /** Who acts, when the caller said (back-office and command-line writes); absent for the shop's own. */
  readonly actor: Actor | undefined;
  /** The time of the change, read once so every row and audit entry of it agrees. */
  readonly now: Date;
  /**
   * Shopper-visible catalog answers change with this transaction: the catalog version is bumped
   * as its last statement, so every process (response caches included) drops what it kept.
   * `change.products`: the caller re-indexed these products alone (a back-office save); without
   * it, anything in the catalog may have changed (an import, a setting).
   */
  readonly catalogChanged: (change?: CatalogChange) => void;
  /**
   * The catalog changes, and the version is bumped now rather than last: its row lock, held
   * until commit, makes settings writers that read, check and then write take turns (PostgreSQL).
   * Counts as catalogChanged(): the version moves once per unit of work.
   */
  readonly lockCatalogVersion: (change?: CatalogChange) => Promise<void>;
  /** Runs `effect` once the transaction has committed (never when it rolls back or is retried). */
  readonly afterCommit: (effect: () => void) => void;
  readonly [brand]: true;
}

export interface UnitOfWorkOptions {
  actor?: Actor;
  /** Where `now` comes from (tests pin it). */
  clock?: Clock;
}

interface Attempt {
  uow: UnitOfWork;
  /** The statements that close the unit of work inside the transaction, before COMMIT. */
  finish(): Promise<void>;
  /** What waits for the commit: wakes (the outbox), in the order they were asked for. */
  committed(): void;
}

/** What a unit of work changed in the catalog so far: products (and words), or anything (null). */
class CatalogChangeCollector {
  private products: Set<number> | null = new Set();
  private readonly words: WordDelta = {};

  add(change: CatalogChange | undefined): void {
    if (!change?.products) {
      this.products = null;
      return;
    }
    if (this.products) for (const id of change.products) this.products.add(id);
    for (const [kind, delta] of Object.entries(change.words ?? {})) {
      const into = (this.words[kind] ??= {});
      for (const [word, by] of Object.entries(delta)) into[word] = (into[word] ?? 0) + by;
    }
  }

  logged() {
    return this.products === null
      ? { products: null, words: null }
      : { products: [...this.products].sort((a, b) => a - b), words: this.words };
  }
}

function beginAttempt(db: Kysely<Database>, options: UnitOfWorkOptions): Attempt {
  let catalogChanged = false;
  let catalogVersionBumped = false;
  const changes = new CatalogChangeCollector();
  const effects: (() => void)[] = [];
  // The one place a UnitOfWork is made: the brand exists only in the type.
  const uow = {
    db,
    actor: options.actor,
    now: (options.clock ?? systemClock)(),
    catalogChanged: (change?: CatalogChange) => {
      catalogChanged = true;
      changes.add(change);
    },
    lockCatalogVersion: async (change?: CatalogChange) => {
      // Settings writers lock the version; what they change is not described product by product,
      // unless they say that no product changed (NO_PRODUCT_CHANGED).
      changes.add(change);
      if (catalogVersionBumped) return;
      catalogVersionBumped = true;
      await bumpCatalogVersion(db);
    },
    afterCommit: (effect: () => void) => {
      effects.push(effect);
    },
  } as UnitOfWork;
  return {
    uow,
    async finish() {
      if (catalogChanged && !catalogVersionBumped) await bumpCatalogVersion(db);
      // In the bump's transaction: a process that sees the version can read what it changed.
      if (catalogChanged || catalogVersionBumped) {
        const row = await db.selectFrom('catalog_version').select('version').where('id', '=', 1).executeTakeFirst();
        await logCatalogChange(db, Number(row?.version ?? 0), changes.logged());
      }
    },
    committed() {
      for (const effect of effects) effect();
    },
  };
}

/** Tells every process (response caches included) that catalog answers changed. */
async function bumpCatalogVersion(db: Kysely<Database>): Promise<void> {
  // What this request read before its own write is no longer the catalog it will read next.
  forgetForRequest(CATALOG_VERSION_KEY);
  await db
    .updateTable('catalog_version')
    .set((eb) => ({ version: eb('version', '+', 1), changed_at: new Date().toISOString() }))
    .where('id', '=', 1)
    .execute();
}

const LOCK_WAIT_MS = 15_000;

const POSTGRES_ATTEMPTS = 5;
/** serialization_failure, deadlock_detected, unique_violation: another transaction got there first. */
const RETRYABLE_POSTGRES_CODES = new Set(['40001', '40P01', '23505']);

function isRetryablePostgresError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_POSTGRES_CODES.has(code);
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `work` as one write transaction that no other writer can interleave with.
 *
 * SQLite: `BEGIN IMMEDIATE` takes the write lock before the first read, so what we check is
 * still true when we write (a deferred BEGIN would upgrade its lock late and could fail or act
 * on stale reads). better-sqlite3 waits for a busy lock synchronously, which would freeze the
 * event loop — and with it another connection in the same process that holds the lock and
 * needs the loop to finish. So the wait happens here, asynchronously, with busy_timeout at 0.
 * Within one process Kysely already hands the single connection to one caller at a time.
 *
 * PostgreSQL: a READ COMMITTED transaction; writers of one cart take turns on its row lock
 * (db/rowLocks.ts), stock and coupon use are conditional UPDATEs that PostgreSQL re-checks under
 * the row lock, ids come from locked counter rows (db/idSequence.ts). What can still collide —
 * two inserts of one unique key (the same e-mail, a customer's first wish list), or a deadlock —
 * rolls back and runs `work` again, which then sees the other writer's committed row.
 */
export function inWriteTransaction<T>(db: Kysely<Database>, work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
export function inWriteTransaction<T>(
  db: Kysely<Database>,
  options: UnitOfWorkOptions,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T>;
export async function inWriteTransaction<T>(
  db: Kysely<Database>,
  optionsOrWork: UnitOfWorkOptions | ((uow: UnitOfWork) => Promise<T>),
  lastWork?: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  // The options come before the work, so the work stays the last argument at every call site.
  const options = typeof optionsOrWork === 'function' ? {} : optionsOrWork;
  const work = typeof optionsOrWork === 'function' ? optionsOrWork : lastWork;
  if (!work) throw new TypeError('inWriteTransaction: no work to run');
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    for (let attempt = 1; ; attempt++) {
      try {
        // A retried attempt starts from nothing: flags and wakes of the rolled-back one are gone.
        const done = await db.transaction().execute(async (trx) => {
          const current = beginAttempt(trx, options);
          const value = await work(current.uow);
          await current.finish();
          return { value, current };
        });
        done.current.committed();
        return done.value;
      } catch (error) {
        if (attempt >= POSTGRES_ATTEMPTS || !isRetryablePostgresError(error)) throw error;
        await sleep(attempt * 5 * (0.5 + Math.random()));
      }
    }
  }
  // The wakes run once the connection is back in the pool, like any code after the commit.
  const done = await db.connection().execute(async (conn) => {
    // Every SQLite connection is opened with the same timeout (db/connection.ts): no need to ask.
    const timeout = SQLITE_BUSY_TIMEOUT_MS;
    await sql`pragma busy_timeout = 0`.execute(conn);
    try {
      const deadline = Date.now() + Math.max(LOCK_WAIT_MS, timeout);
      for (let attempt = 0; ; attempt++) {
        try {
          await sql`begin immediate`.execute(conn);
          break;
        } catch (error) {
          if (!isBusy(error) || Date.now() > deadline) throw error;
          await sleep(Math.min(50, 2 + attempt * 2) * (0.5 + Math.random()));
        }
      }
    } finally {
      await sql.raw(`pragma busy_timeout = ${timeout}`).execute(conn);
    }
    const current = beginAttempt(conn, options);
    try {
      const value = await work(current.uow);
      await current.finish();
      await sql`commit`.execute(conn);
      return { value, current };
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    }
  });
  done.current.committed();
  return done.value;
}
