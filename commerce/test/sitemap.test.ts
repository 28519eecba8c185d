import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce, type Commerce } from '../src/commerce';
import { openDatabase } from '../src/db/connection';
import { rebuildCatalogIndex } from '../src/db/catalogIndex';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';

// Issue 8: every enabled product, category and CMS page in /sitemap.xml, split into files of at
// most N URLs, nothing that is a redirect, disabled or not shown on its own.

const PER_FILE = 100;
let dir: string;
let database: TestDatabase;
let commerce: Commerce;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vela-sitemap-'));
  database = await openTestDatabase(dir);
  commerce = await createCommerce({ ...database.config, sitemapUrlsPerFile: PER_FILE, log: () => {} });
}, 60_000);
afterAll(async () => {
  await commerce?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function allFiles(): Promise<string[][]> {
  const plan = await commerce.sitemap.plan();
  const files: string[][] = [];
  for (let part = 1; part <= plan.files; part++) {
    const paths: string[] = [];
    for await (const page of commerce.sitemap.paths(part)) paths.push(...page);
    files.push(paths);
  }
  return files;
}

/** What should be listed, asked of the tables directly, one kind at a time. */
function expectedPaths(): string[] {
  const sql = database.connectSql();
  try {
    const rows = (text: string) => sql.prepare(text).all() as { request_path: string }[];
    return [
      '',
      ...rows(
        `SELECT request_path FROM url_rewrite WHERE redirect_type = 0 AND entity_type = 'PRODUCT'
           AND entity_id IN (SELECT id FROM product WHERE visibility = 4)`,
      ),
      ...rows(
        `SELECT request_path FROM url_rewrite WHERE redirect_type = 0 AND entity_type = 'CATEGORY'
           AND entity_id IN (SELECT id FROM category WHERE is_active = 1)`,
      ),
      ...rows(
        `SELECT request_path FROM url_rewrite WHERE redirect_type = 0 AND entity_type = 'CMS_PAGE'
           AND entity_id IN (SELECT id FROM cms_page WHERE is_active = 1 AND identifier NOT IN ('home', 'no-route'))`,
      ),
    ].map((row) => (typeof row === 'string' ? row : row.request_path));
  } finally {
    sql.close();
  }
}

describe('sitemap', () => {
  it('lists every indexable page once, split into files of at most the limit', async () => {
    const expected = expectedPaths();
    // The demo catalog is large enough to need several files at this size.
    expect(expected.length).toBeGreaterThan(3 * PER_FILE);
    const files = await allFiles();
    expect(files.length).toBe(Math.ceil(expected.length / PER_FILE));
    for (const file of files.slice(0, -1)) expect(file.length).toBe(PER_FILE);
    const listed = files.flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...expected].sort());
    expect(listed[0]).toBe('');
    const past: string[] = [];
    for await (const page of commerce.sitemap.paths(files.length + 1)) past.push(...page);
    expect(past).toEqual([]);
  });

  it('lists only URLs the storefront resolves, none of them a redirect', async () => {
    const listed = (await allFiles()).flat().filter((path) => path !== '');
    const sample = listed.filter((_, i) => i % Math.ceil(listed.length / 25) === 0);
    for (const url of sample) {
      const response = await commerce.fetch(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: 'query($url: String!) { route(url: $url) { type redirect_code } }',
            variables: { url },
          }),
        }),
      );
      const body = (await response.json()) as { data: { route: { type: string; redirect_code: number } | null } };
      expect(body.data.route, url).not.toBeNull();
      expect(body.data.route!.redirect_code, url).toBe(0);
    }
  });

  it('drops disabled pages and moves <lastmod> when the catalog changes', async () => {
    const before = await commerce.sitemap.plan();
    const listedBefore = (await allFiles()).flat();
    const other = openDatabase(database.config);
    let product: string, category: string;
    try {
      const productRow = await other.db
        .selectFrom('product')
        .select(['id', 'url_key'])
        .where('visibility', '=', 4)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const categoryRow = await other.db
        .selectFrom('url_rewrite')
        .select(['entity_id', 'request_path'])
        .where('entity_type', '=', 'CATEGORY')
        .where('redirect_type', '=', 0)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      product = `${productRow.url_key}.html`;
      category = categoryRow.request_path;
      expect(listedBefore).toContain(product);
      expect(listedBefore).toContain(category);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await other.db.transaction().execute(async (trx) => {
        await trx.updateTable('product').set({ visibility: 1 }).where('id', '=', productRow.id).execute();
        await trx.updateTable('category').set({ is_active: 0 }).where('id', '=', categoryRow.entity_id).execute();
        await rebuildCatalogIndex(trx);
      });
    } finally {
      await other.close();
    }
    const after = await commerce.sitemap.plan();
    const listedAfter = (await allFiles()).flat();
    expect(listedAfter).not.toContain(product);
    expect(listedAfter).not.toContain(category);
    expect(after.version).toBeGreaterThan(before.version);
    expect(Date.parse(after.changedAt)).toBeGreaterThan(Date.parse(before.changedAt));
  });

  it('yields nothing for a part that is not a positive whole number', async () => {
    for (const part of [0, -1, 1.5, Number.NaN]) {
      const pages: string[][] = [];
      for await (const page of commerce.sitemap.paths(part)) pages.push(page);
      expect(pages, String(part)).toEqual([]);
    }
  });
});
