// Several server processes starting together on an empty PostgreSQL database must migrate and
// seed once between them, not fail on each other's rows.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCommerce } from '../src/commerce';
import { openTestDatabase, testEngine, type TestDatabase } from './postgresTestDatabase';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-startup-'));
let database: TestDatabase | undefined;

afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

// Only the commerce-postgres project includes this file (vitest.config.ts): the lock is PostgreSQL's.
describe('start-up on an empty PostgreSQL database', () => {
  it('three instances starting at once seed the demo catalog exactly once', async () => {
    expect(testEngine()).toBe('postgres');
    database = await openTestDatabase(dir);
    const instances = await Promise.all(
      [1, 2, 3].map((n) => createCommerce({ ...database!.config, mailDir: path.join(dir, `mail${n}`) })),
    );
    try {
      const counts = await Promise.all(
        instances.map(async (commerce) => {
          const response = await commerce.fetch(
            new Request('http://localhost/graphql?query=%7Bproducts(filter:%7B%7D,pageSize:1)%7Btotal_count%7D%7D'),
          );
          return ((await response.json()) as { data: { products: { total_count: number } } }).data.products.total_count;
        }),
      );
      expect(counts[0]).toBeGreaterThan(300);
      expect(new Set(counts).size).toBe(1);
      const sql = database.connectSql();
      expect(
        (sql.prepare('select count(*) as n from store_config where key = ?').get('store_name') as { n: number }).n,
      ).toBe(1);
    } finally {
      await Promise.all(instances.map((commerce) => commerce.close()));
    }
  }, 120_000);
});
