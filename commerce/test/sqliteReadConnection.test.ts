// Issue 9, defect 6: on SQLite, reads queued behind whichever write transaction held the one
// connection (placeOrder took 250–600 ms with ten checkouts in flight). A read-only connection
// beside the writer answers reads from the last committed state while a transaction runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrations';
import { inWriteTransaction } from '../src/kernel/transaction';

let dir: string;
let connection: DatabaseConnection;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vela-reader-'));
  connection = openDatabase({ sqlitePath: join(dir, 'vela.db') });
  await migrateToLatest(connection.db, connection.searchIndex);
  await connection.db.insertInto('store_config').values({ key: 'probe', value: 'before' }).execute();
});

afterEach(async () => {
  await connection.close();
  rmSync(dir, { recursive: true, force: true });
});

const probe = async () =>
  (await connection.db.selectFrom('store_config').select('value').where('key', '=', 'probe').executeTakeFirst())?.value;

/** Resolves with the value, or 'still waiting' if it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([promise, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);
}

describe('SQLite reads beside a write transaction', () => {
  it('answers a read at once with the last committed state while a write transaction is open', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = inWriteTransaction(connection.db, async ({ db: trx }) => {
      await trx.updateTable('store_config').set({ value: 'during' }).where('key', '=', 'probe').execute();
      // The transaction sees its own write.
      const own = await trx.selectFrom('store_config').select('value').where('key', '=', 'probe').executeTakeFirst();
      expect(own?.value).toBe('during');
      inside();
      await held;
    });
    await started;

    expect(await within(probe(), 1000)).toBe('before');
    // A write outside the transaction waits for it: it cannot slip into another caller's transaction.
    const write = connection.db.insertInto('store_config').values({ key: 'other', value: 'x' }).execute();
    expect(await within(write, 300)).toBe('still waiting');

    finish();
    await transaction;
    await write;
    expect(await probe()).toBe('during');
  });

  it('rolls back on the writer and reads nothing of it', async () => {
    await expect(
      inWriteTransaction(connection.db, async ({ db: trx }) => {
        await trx.updateTable('store_config').set({ value: 'lost' }).where('key', '=', 'probe').execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await probe()).toBe('before');
    // Kysely's own transactions take the writer as well.
    await connection.db.transaction().execute(async (trx) => {
      await trx.updateTable('store_config').set({ value: 'kysely' }).where('key', '=', 'probe').execute();
      expect(await within(probe(), 1000)).toBe('before');
    });
    expect(await probe()).toBe('kysely');
  });

  it('sizes the page cache of both connections from the setting, 32 MiB by default', async () => {
    // A pragma statement goes to the writer; a lone SELECT (the pragma's table form) to the reader.
    const cacheSizes = async (db: DatabaseConnection['db']) => ({
      writer: (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size,
      reader: (await sql<{ cache_size: number }>`select cache_size from pragma_cache_size()`.execute(db)).rows[0]
        ?.cache_size,
    });
    expect(await cacheSizes(connection.db)).toEqual({ writer: -32 * 1024, reader: -32 * 1024 });
    const small = openDatabase({ sqlitePath: join(dir, 'vela.db'), sqliteCacheMb: 4 });
    try {
      expect(await cacheSizes(small.db)).toEqual({ writer: -4 * 1024, reader: -4 * 1024 });
    } finally {
      await small.close();
    }
  });
});
