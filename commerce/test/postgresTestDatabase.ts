// Which database engine the API tests run on. The `commerce` Vitest project uses a SQLite file in
// the test's temp dir; the `commerce-postgres` project (VELA_TEST_ENGINE=postgres) gives every
// test file its own fresh PostgreSQL database on the throwaway cluster, dropped at the end, so
// files run in parallel without seeing each other's rows.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgresSyncSql } from './postgresSyncSql';
import type { SyncSql } from './postgresSyncSql';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export type TestEngine = 'sqlite' | 'postgres';

export function testEngine(): TestEngine {
  return process.env.VELA_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  engine: TestEngine;
  /** Spread into createCommerce / openDatabase options: a second instance on the same data. */
  config: { sqlitePath?: string; databaseUrl?: string };
  /** A synchronous handle for fixtures and read-backs; open it after the schema exists. */
  connectSql(): SyncSql;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_POSTGRES_URL || inject('postgresUrl');
  if (!url)
    throw new Error(
      'commerce-postgres tests need TEST_POSTGRES_URL (scripts/with-postgres.sh starts a throwaway cluster)',
    );
  return url;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * pg's pool.end() resolves before its connections have finished closing. Give them a moment, so
 * FORCE only meets connections a failed test left open (which would otherwise log as errors).
 */
async function dropWhenIdle(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function openTestDatabase(dir: string): Promise<TestDatabase> {
  if (testEngine() === 'sqlite') {
    const sqlitePath = path.join(dir, 'vela.db');
    return {
      engine: 'sqlite',
      config: { sqlitePath },
      connectSql: () => {
        const sql = new SqliteDatabase(sqlitePath);
        sql.pragma('busy_timeout = 5000');
        return sql;
      },
      drop: async () => {},
    };
  }
  const name = `vela_test_${randomBytes(6).toString('hex')}`;
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const databaseUrl = withDatabase(adminUrl(), name);
  return {
    engine: 'postgres',
    config: { databaseUrl },
    connectSql: () => openPostgresSyncSql(databaseUrl),
    // FORCE: a pool a failed test never closed must not keep the database alive.
    drop: () => asAdmin((client) => dropWhenIdle(client, name)),
  };
}
