import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseConnection } from './db/connection';
import { migrateToLatest } from './db/migrations';
import { withStartupLock } from './db/startupLock';
import { COMMAND_LINE, recordAudit, type AuditChange } from './domains/audit';
import { createStaffMember, type NewStaffMember } from './domains/staff';
import { seedShopBasics } from './domains/store';

// Work on the shop's database from outside the server (the `vela` command line): the same
// database settings as the server, created and migrated when it does not exist yet, and safe to
// run while a server uses the same database. A shop whose first opening is a command gets what a
// shop started without the demo gets (store config, store view, directory, root categories, a
// carrier): an empty shop is a working shop whichever way it is opened, so an import into a
// database never started finds its root category. Each part is written only where the shop has
// none, so opening a demo or a configured shop changes nothing; a server started later sees a
// catalog (the root categories) and does not seed the demo over it.

/** SQLite's page cache per connection of a command, MiB (a server's default is 32). */
const MAINTENANCE_SQLITE_CACHE_MB = 16;

export interface MaintenanceOptions {
  databaseUrl?: string;
  sqlitePath?: string;
  log?: (line: string) => void;
  /**
   * Seed the shop's basics (store config, store view, directory, root categories, a carrier) when
   * the database has none: a catalog import needs its root category. Only catalog commands ask for
   * it; an account made before the first start must not stop the server from seeding the demo.
   */
  seedShopBasics?: boolean;
}

export interface ShopMaintenance {
  connection: DatabaseConnection;
  /** A back-office account, recorded in the audit log as made from the command line. */
  createStaff(input: NewStaffMember): Promise<{ id: number; email: string; role: string }>;
  /** What a command did (an import, an export), in the audit log with 'cli' as who did it. */
  recordCommand(change: AuditChange): Promise<void>;
  close(): Promise<void>;
}

export async function openShopMaintenance(options: MaintenanceOptions): Promise<ShopMaintenance> {
  if (!options.databaseUrl && options.sqlitePath) mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  // No memory map and a smaller page cache than a server's: a command reads a whole catalog once
  // (an import, an export), and mapped pages would count in its resident memory (issue 33).
  const connection = openDatabase({
    databaseUrl: options.databaseUrl,
    sqlitePath: options.sqlitePath,
    sqliteMmapMb: 0,
    sqliteCacheMb: MAINTENANCE_SQLITE_CACHE_MB,
  });
  try {
    await withStartupLock(connection.db, connection.engine, async (db) => {
      const applied = await migrateToLatest(db, connection.searchIndex);
      if (applied.length > 0) options.log?.(`applied migrations: ${applied.join(', ')}`);
      if (options.seedShopBasics) {
        const seeded = await seedShopBasics(db);
        if (seeded.length > 0) options.log?.(`seeded ${seeded.join(', ')}`);
      }
    });
  } catch (error) {
    await connection.close();
    throw error;
  }
  return {
    connection,
    async createStaff(input) {
      const staff = await createStaffMember(connection.db, input, COMMAND_LINE, new Date());
      return { id: staff.id, email: staff.email, role: staff.role };
    },
    recordCommand: (change) => recordAudit(connection.db, COMMAND_LINE, change, new Date()),
    close: () => connection.close(),
  };
}
