// The unit of work: the catalog version moves once per committed unit that changed the catalog,
// never for one that rolled back; what waits for the commit runs after it, and only then; a
// PostgreSQL retry starts from a fresh unit. And nothing but the unit of work bumps the version.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SqliteAdapter } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import { openDatabase, type DatabaseConnection } from '../src/db/connection';
import { readCatalogVersion } from '../src/db/catalogIndex';
import { inWriteTransaction } from '../src/kernel/transaction';

let shop: Shop;
let connection: DatabaseConnection;

beforeAll(async () => {
  shop = await openShop();
  connection = openDatabase(shop.database);
}, 60_000);

afterAll(async () => {
  await connection?.close();
  await shop?.close();
});

const version = () => readCatalogVersion(connection.db);

describe('the unit of work', () => {
  it('bumps the catalog version once on commit, however often the catalog changed', async () => {
    const before = await version();
    let seenInside = -1;
    await inWriteTransaction(connection.db, async (uow) => {
      uow.catalogChanged();
      uow.catalogChanged();
      seenInside = await readCatalogVersion(uow.db);
    });
    // Last statement of the transaction: the work itself still saw the old version.
    expect(seenInside).toBe(before);
    expect(await version()).toBe(before + 1);
  });

  it('leaves the version alone when nothing in the catalog changed', async () => {
    const before = await version();
    await inWriteTransaction(connection.db, async (uow) => {
      await uow.db.selectFrom('catalog_version').select('version').execute();
    });
    expect(await version()).toBe(before);
  });

  it('lockCatalogVersion bumps at once, and the catalog counts as changed only once', async () => {
    const before = await version();
    await inWriteTransaction(connection.db, async (uow) => {
      await uow.lockCatalogVersion();
      expect(await readCatalogVersion(uow.db)).toBe(before + 1);
      uow.catalogChanged();
      await uow.lockCatalogVersion();
    });
    expect(await version()).toBe(before + 1);
  });

  it('rolls back the bump and skips the wakes when the work fails', async () => {
    const before = await version();
    const woken: string[] = [];
    await expect(
      inWriteTransaction(connection.db, async (uow) => {
        await uow.lockCatalogVersion();
        uow.catalogChanged();
        uow.afterCommit(() => woken.push('outbox'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(woken).toEqual([]);
    expect(await version()).toBe(before);
  });

  it('runs what waits for the commit after it, in order, with the change visible', async () => {
    const woken: string[] = [];
    let committedVersion = -1;
    const before = await version();
    const result = await inWriteTransaction(connection.db, async (uow) => {
      uow.catalogChanged();
      uow.afterCommit(() => woken.push('first'));
      uow.afterCommit(() => {
        woken.push('second');
        void version().then((v) => (committedVersion = v));
      });
      expect(woken).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(woken).toEqual(['first', 'second']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(committedVersion).toBe(before + 1);
  });

  it('carries the actor and reads the clock once', async () => {
    const at = new Date('2031-03-01T12:00:00Z');
    const actor = { staffId: null, email: 'cli' };
    const seen = await inWriteTransaction(connection.db, { actor, clock: () => at }, async (uow) => ({
      actor: uow.actor,
      now: uow.now,
    }));
    expect(seen).toEqual({ actor, now: at });
  });

  it('gives a retried attempt a fresh unit of work (PostgreSQL retries; SQLite never needs to)', async () => {
    const sqlite = connection.db.getExecutor().adapter instanceof SqliteAdapter;
    const before = await version();
    const woken: number[] = [];
    let attempts = 0;
    const run = inWriteTransaction(connection.db, async (uow) => {
      attempts++;
      if (attempts === 1) {
        uow.catalogChanged();
        uow.afterCommit(() => woken.push(1));
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }
      uow.afterCommit(() => woken.push(attempts));
      return attempts;
    });
    if (sqlite) {
      await expect(run).rejects.toThrow('could not serialize access');
      expect(woken).toEqual([]);
    } else {
      expect(await run).toBe(2);
      expect(woken).toEqual([2]);
    }
    expect(await version()).toBe(before);
  });
});

describe('who bumps the catalog version', () => {
  const root = join(__dirname, '..', '..');
  const sources = ['commerce/src', 'server/src', 'backoffice', 'bench', 'storefront/app'];
  function* files(dir: string): Generator<string> {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.') || name === '__generated__') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) yield* files(path);
      else if (/\.(ts|tsx|mts)$/.test(name)) yield path;
    }
  }

  it('is the unit of work alone: no service bumps it by hand', () => {
    const found = sources
      .flatMap((dir) => [...files(join(root, dir))])
      .filter((path) => readFileSync(path, 'utf8').includes('bumpCatalogVersion'))
      .map((path) => relative(root, path));
    expect(found).toEqual(['commerce/src/kernel/transaction.ts']);
  });
});
