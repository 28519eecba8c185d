// Issue 33: with WORKERS=2 on PostgreSQL every worker keeps pages of its own; a catalog change
// (committed with its version bump, as every shop write does) shows on the next request in every
// worker. Connections are not reused, so the cluster hands requests to both workers; each page
// says which process rendered it (standInStorefront.ts).
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresDatabase } from './postgresDatabase';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { writeStandInStorefront } from './standInStorefront';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-page-cache-pg-'));
let database: PostgresDatabase;
let sql: pg.Client;
let cluster: ServerProcess;

beforeAll(async () => {
  database = await createPostgresDatabase();
  cluster = await startServerProcess({
    DATABASE_URL: database.url,
    WORKERS: '2',
    STOREFRONT_BUILD_DIR: writeStandInStorefront(dir),
  });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await cluster?.dispose();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** One GET on a connection of its own (no keep-alive), so the cluster may give it to either worker. */
function page(address: string): Promise<{ cache: string; pid: string; main: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${cluster.origin}${address}`, { agent: false }, (response) => {
        let html = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (html += chunk));
        response.on('end', () =>
          resolve({
            cache: String(response.headers['x-page-cache']),
            pid: /data-pid="(\d+)"/.exec(html)?.[1] ?? '',
            main: /<main>(.*)<\/main>/.exec(html)?.[1] ?? '',
          }),
        );
      })
      .on('error', reject);
  });
}

/** Asks until both workers have answered from their cache; returns what they answered. */
async function keptByBothWorkers(address: string) {
  const hits = new Map<string, string>();
  for (let i = 0; i < 40 && hits.size < 2; i++) {
    const answer = await page(address);
    if (answer.cache === 'HIT') hits.set(answer.pid, answer.main);
  }
  expect(hits.size).toBe(2);
  return hits;
}

describe('the page cache with WORKERS=2 on PostgreSQL', () => {
  it('shows a price change on the next request in every worker', async () => {
    const { rows } = await sql.query<{ id: number; url_key: string }>(
      `select id, url_key from product where type = 'simple' and parent_id is null and visibility = 4 order by id limit 1`,
    );
    const product = rows[0]!;
    const address = `/${product.url_key}.html`;
    for (const main of (await keptByBothWorkers(address)).values()) expect(main).not.toContain('USD 432.10');

    await sql.query('begin');
    await sql.query('update product set price = 43210, min_price = 43210, max_price = 43210 where id = $1', [
      product.id,
    ]);
    await sql.query('update catalog_version set version = version + 1 where id = 1');
    await sql.query('commit');

    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 2; i++) {
      const answer = await page(address);
      expect(answer.main).toContain('USD 432.10');
      seen.add(answer.pid);
    }
    expect(seen.size).toBe(2);
    // And each worker keeps the new page in turn.
    for (const main of (await keptByBothWorkers(address)).values()) expect(main).toContain('USD 432.10');
  });
});
