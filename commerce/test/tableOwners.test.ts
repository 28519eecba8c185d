// Each table has one owner (commerce/src/domains/tableOwners.ts): only the owner's files write it.
// This scan reads every module of commerce/src for writes (Kysely's insertInto, updateTable,
// deleteFrom, replaceInto, mergeInto, and INSERT/UPDATE/DELETE in sql`…` templates) and fails,
// naming file and table, when one stands outside the table's owner.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../src/domains/tableOwners';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

interface Write {
  /** The module, relative to commerce/src. */
  file: string;
  /** The table written, or '?' when the code names it by an expression. */
  table: string;
}

const KYSELY_WRITE = /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*(?:(['"`])([^'"`]+)\1)?/g;
const SQL_TEMPLATE = /\bsql`([^`]*)`/g;
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([A-Za-z_]+)/gi;

/** The tables a module's source writes. */
export function writesIn(file: string, source: string): Write[] {
  const writes: Write[] = [];
  for (const m of source.matchAll(KYSELY_WRITE)) {
    // 'product as p' writes product.
    writes.push({ file, table: m[2]?.trim().split(/\s+/)[0] ?? '?' });
  }
  for (const template of source.matchAll(SQL_TEMPLATE))
    for (const m of (template[1] ?? '').matchAll(SQL_WRITE)) {
      const table = m[1] ?? '';
      // ON CONFLICT … DO UPDATE SET names no table.
      if (table.toUpperCase() !== 'SET') writes.push({ file, table });
    }
  return writes;
}

/** Migrations and the demo seed build and fill the database before the shop runs: they write any table. */
function buildsTheDatabase(file: string): boolean {
  return file.startsWith('demo/') || /^db\/(\w+Migration|migrations)\.ts$/.test(file);
}

/** A write's complaint, or null when the file stands in the table's owner. */
export function misplaced({ file, table }: Write): string | null {
  if (table === '?') return `${file} writes a table it names by an expression: name it, so its owner can be checked`;
  const owner = (TABLE_OWNERS as Record<string, string | undefined>)[table];
  if (owner === undefined) {
    // Engine-specific tables outside the Database type (the search index) are db/'s, as db/untyped.ts says.
    return file.startsWith('db/') ? null : `${file} writes ${table}, a table without an owner in tableOwners.ts`;
  }
  if (file === owner || file.startsWith(`${owner}/`)) return null;
  return `${file} writes ${table}, which belongs to ${owner}: call ${owner}'s front door instead`;
}

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' ? [] : modules(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('table ownership', () => {
  it('every write to a table stands in the domain (or room) that owns it', () => {
    const complaints = modules(src)
      .map((full) => path.relative(src, full).split(path.sep).join('/'))
      .filter((file) => !buildsTheDatabase(file))
      .flatMap((file) => writesIn(file, readFileSync(path.join(src, file), 'utf8')))
      .map(misplaced)
      .filter((complaint) => complaint !== null);
    expect(complaints).toEqual([]);
  });

  it('the scan finds writes that break the rule, by Kysely and in raw SQL, and names file and table', () => {
    const sample = [
      "await trx.updateTable('product').set({ quantity: 0 }).where('id', '=', id).execute();",
      "await uow.db.insertInto('cart as c').values(row).execute();",
      'await sql`DELETE FROM cart_item WHERE cart_id = ${id}`.execute(db);',
      'await sql`INSERT INTO sales_order_comment (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET id = 1`.execute(db);',
      'await trx.deleteFrom(tableName).execute();',
    ].join('\n');
    // Kysely's writes come first, then the raw SQL's.
    expect(writesIn('domains/sales/sample.ts', sample).map(misplaced)).toEqual([
      "domains/sales/sample.ts writes product, which belongs to domains/catalogTransfer: call domains/catalogTransfer's front door instead",
      "domains/sales/sample.ts writes cart, which belongs to domains/cart: call domains/cart's front door instead",
      'domains/sales/sample.ts writes a table it names by an expression: name it, so its owner can be checked',
      "domains/sales/sample.ts writes cart_item, which belongs to domains/cart: call domains/cart's front door instead",
      null,
    ]);
    expect(writesIn('domains/cart/sample.ts', "await db.deleteFrom('cart_item').execute();").map(misplaced)).toEqual([
      null,
    ]);
    expect(writesIn('domains/cart/sample.ts', "await db.insertInto('scratch').execute();").map(misplaced)).toEqual([
      'domains/cart/sample.ts writes scratch, a table without an owner in tableOwners.ts',
    ]);
  });
});
