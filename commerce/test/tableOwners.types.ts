// Checked by `tsc -p commerce` (npm run typecheck), not run: a table added to the Database type
// without an owner in domains/tableOwners.ts fails the compile.
import type { Database } from '../src/db/tables';
import { TABLE_OWNERS, type TableOwner } from '../src/domains/tableOwners';

/** The shop's tables as they would be the day someone adds one. */
interface GrownDatabase extends Database {
  loyalty_points: { customer_id: number; points: number };
}

// Today's map names an owner for every table…
export const everyTableOwned: Record<keyof Database, TableOwner> = TABLE_OWNERS;
// @ts-expect-error …and a new table without an owner is refused.
export const newTableOwned: Record<keyof GrownDatabase, TableOwner> = TABLE_OWNERS;
