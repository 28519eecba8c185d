import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import type { DatabaseConnection } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrations';
import { seedDemoCatalog } from '../src/demo/catalogSeed';
import { generateDemoCatalog } from '../src/demo/catalogGenerator';

const dir = mkdtempSync(join(tmpdir(), 'vela-demo-'));
const connections: DatabaseConnection[] = [];
afterAll(async () => {
  for (const c of connections) await c.close();
  rmSync(dir, { recursive: true, force: true });
});

async function seededDatabase(name: string) {
  const connection = openDatabase({ sqlitePath: join(dir, name) });
  connections.push(connection);
  await migrateToLatest(connection.db, connection.searchIndex);
  await seedDemoCatalog(connection.db, connection.searchIndex);
  return connection;
}

const TABLES = [
  'store_config',
  'category',
  'product',
  'attribute_option',
  'product_attribute_value',
  'category_product',
  'product_media',
  'url_rewrite',
  'cms_page',
  'cms_block',
  'country',
  'region',
];

async function dump(connection: DatabaseConnection): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of TABLES)
    result[table] = (await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2`.execute(connection.db)).rows;
  return result;
}

describe('demo catalog', () => {
  it('is identical on every seed', async () => {
    const a = await dump(await seededDatabase('a.db'));
    const b = await dump(await seededDatabase('b.db'));
    expect(a.product!.length).toBeGreaterThan(300);
    expect(b).toEqual(a);
  });

  it('has at least 300 products, configurables with colour × size variants, discounts and stock-outs', () => {
    const products = [...generateDemoCatalog().products()];
    expect(products.length).toBeGreaterThanOrEqual(300);
    const configurables = products.filter((p) => p.products[0]!.type === 'configurable');
    expect(configurables.length).toBeGreaterThan(100);
    expect(products.length - configurables.length).toBeGreaterThan(50);
    for (const product of configurables) {
      const variants = product.products.slice(1);
      expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
      expect(variants.every((v) => v.parent_id === product.products[0]!.id && v.visibility === 1)).toBe(true);
    }
    const rows = products.flatMap((p) => p.products);
    expect(rows.filter((r) => r.special_price !== null && r.parent_id === null).length).toBeGreaterThan(30);
    expect(rows.some((r) => r.parent_id === null && r.in_stock === 0)).toBe(true);
    expect(rows.some((r) => r.parent_id !== null && r.in_stock === 0)).toBe(true);
    expect(new Set(rows.map((r) => r.sku)).size).toBe(rows.length);
    const visible = rows.filter((r) => r.visibility === 4);
    expect(new Set(visible.map((r) => r.url_key)).size).toBe(visible.length);
    const media = products.flatMap((p) => p.media);
    expect(media.every((m) => /^\/media\/catalog\/product\/demo\/[a-z-]+\/[0-9a-f]{6}\/[123]\.png$/.test(m.url))).toBe(
      true,
    );
  });

  it("names no single colour in the description that a product's colours share (issue 35 point 9)", () => {
    let several = 0;
    for (const product of generateDemoCatalog().products()) {
      const [parent, ...variants] = product.products;
      // Variant SKUs read PARENT-COLOUR-SIZE.
      const colours = new Set(variants.map((v) => v.sku.split('-')[1]));
      const description = parent!.description ?? '';
      if (colours.size > 1) {
        several++;
        expect(description, parent!.sku).not.toMatch(/Shown in/);
        expect(description, parent!.sku).toContain(`<p>Available in ${colours.size} colours.</p>`);
      } else {
        expect(description, parent!.sku).toMatch(/<p>Shown in [a-z ]+\.<\/p>/);
      }
    }
    expect(several).toBeGreaterThan(100);
  });

  it('scales deterministically for benchmark catalogs', () => {
    const first = [...generateDemoCatalog({ products: 2000, compact: true }).products()];
    const second = [...generateDemoCatalog({ products: 2000, compact: true }).products()];
    expect(first).toHaveLength(2000);
    expect(second).toEqual(first);
    const visible = first.flatMap((p) => p.products).filter((r) => r.visibility === 4);
    expect(new Set(visible.map((r) => r.url_key)).size).toBe(visible.length);
  });
});
