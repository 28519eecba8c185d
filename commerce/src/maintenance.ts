import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseConnection } from './db/connection';
import { migrateToLatest } from './db/migrations';
import { withStartupLock } from './db/startupLock';
import { COMMAND_LINE, recordAudit, type AuditChange } from './domains/audit';
import { createStaffMember, type NewStaffMember } from './domains/staff';

// Work on the shop's database from outside the server (the `vela` command line): the same
// database settings as the server, created and migrated when it does not exist yet, and safe to
// run while a server uses the same database.

export interface MaintenanceOptions {
  databaseUrl?: string;
  sqlitePath?: string;
  log?: (line: string) => void;
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
  const connection = openDatabase({ databaseUrl: options.databaseUrl, sqlitePath: options.sqlitePath });
  try {
    await withStartupLock(connection.db, connection.engine, async (db) => {
      const applied = await migrateToLatest(db, connection.searchIndex);
      if (applied.length > 0) options.log?.(`applied migrations: ${applied.join(', ')}`);
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
