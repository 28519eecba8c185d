// Issue 28, defect 16: with WORKERS>1 every worker ran scripts/start.mjs again and rebuilt
// server/dist at the same moment as the others (EEXIST, ENOTEMPTY, ERR_MODULE_NOT_FOUND: with 8
// workers 4 crashed, one hung and the shop never opened). Now the bundle is built once, before
// any worker starts, and the workers only import it.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, commandLine, descendants, startNpmStart, type NpmStartProcess } from './npmStartProcess';
import { createPostgresDatabase, type PostgresDatabase } from './postgresDatabase';

let database: PostgresDatabase;
beforeAll(async () => {
  database = await createPostgresDatabase();
});
afterAll(async () => database?.drop());

describe('npm start with WORKERS=4', () => {
  let shop: NpmStartProcess | undefined;
  afterAll(async () => shop?.dispose());

  it('builds the server once, from no bundle at all, and every worker comes up', async () => {
    rmSync(path.join(ROOT, 'server', 'dist'), { recursive: true, force: true });
    shop = await startNpmStart({ DATABASE_URL: database.url, WORKERS: '4' });
    expect(shop.output().match(/shop open at/g)).toHaveLength(1);
    expect(shop.output()).toMatch(/shop open at http:\/\/127\.0\.0\.1:\d+ with 4 worker processes/);
    const ready = new Set(
      [...shop.output().matchAll(/"worker":(\d+),[^\n]*"msg":"commerce ready on PostgreSQL/g)].map((m) => m[1]),
    );
    expect(ready.size).toBe(4);
    expect(shop.output()).not.toMatch(/EEXIST|ENOTEMPTY|ERR_MODULE_NOT_FOUND|exited \(/);

    // The supervisor runs start.mjs (and built the bundle); the primary and its workers run the bundle.
    const processes = descendants(shop.child.pid!).map(commandLine);
    expect(processes).toHaveLength(5);
    for (const command of processes) expect(command).toMatch(/server\/dist\/main\.mjs$/);

    for (let i = 0; i < 8; i++) {
      const response = await fetch(
        `${shop.origin}/graphql?query=${encodeURIComponent('{ storeConfig { store_code } }')}`,
      );
      expect(response.status).toBe(200);
    }
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
