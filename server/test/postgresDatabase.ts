// A fresh PostgreSQL database on the throwaway cluster the server-postgres project starts
// (commerce/test/postgresGlobalSetup.ts provides its URL), dropped at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabase(): Promise<PostgresDatabase> {
  const adminUrl = process.env.TEST_POSTGRES_URL || inject('postgresUrl');
  const name = `vela_server_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE: a server process killed mid-test may leave connections behind.
    drop: () =>
      asAdmin(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
