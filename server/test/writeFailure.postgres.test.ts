import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createPostgresDatabase, type PostgresDatabase } from './postgresDatabase';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { expectWritable, expectWritesRefused } from './writeFailure';

// Issue 28, defect 13 on PostgreSQL: the database is switched to read-only (as a standby after a
// failover, or a server out of disk, refuses writes) and every session reconnects.

let database: PostgresDatabase;
let server: ServerProcess;
beforeAll(async () => {
  database = await createPostgresDatabase();
  server = await startServerProcess({ DATABASE_URL: database.url });
}, 120_000);
afterAll(async () => {
  await server?.dispose();
  await database?.drop();
});

async function setReadOnly(on: boolean): Promise<void> {
  // From the cluster's maintenance database: a session in the shop's own would be read-only too.
  const admin = new URL(database.url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`ALTER DATABASE ${name} ${on ? 'SET default_transaction_read_only = on' : 'RESET ALL'}`);
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
  } finally {
    await client.end();
  }
}

describe('a PostgreSQL shop whose database refuses writes', () => {
  it('is not ready and tells shoppers to try again; once writes work it is ready again', async () => {
    await expectWritable(server.origin);
    await setReadOnly(true);
    try {
      await expectWritesRefused(server.origin);
    } finally {
      await setReadOnly(false);
    }
    await expectWritable(server.origin);
  }, 120_000);
});
