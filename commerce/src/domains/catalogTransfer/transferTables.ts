import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/tables';

// The product columns that migration 0015_catalog_import added for Magento's CSV: weight and
// status (product_online). Only the import and export read them so far, so they are typed here
// rather than in db/tables.ts, where every reader of product rows would have to carry them.

export interface TransferProductTable extends ProductTable {
  /** Magento's weight as imported; null when none. */
  weight: number | null;
  /** 1 enabled, 2 disabled (Magento's product_online); 1 for products made before the migration. */
  status: number;
}

export type TransferDatabase = Omit<Database, 'product'> & { product: TransferProductTable };

/** The same connection, with the product table's two import columns in its type. */
export function transferDb(db: Kysely<Database>): Kysely<TransferDatabase> {
  return db as unknown as Kysely<TransferDatabase>;
}

/** Back to the shop's own type, for the kernel and index helpers that take it. */
export function shopDb(db: Kysely<TransferDatabase>): Kysely<Database> {
  return db as unknown as Kysely<Database>;
}
