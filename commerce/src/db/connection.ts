import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { LogConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './tables';
import type { SearchIndex } from './searchIndex';
import { createSqliteSearchIndex } from './sqliteSearchIndex';
import { createPostgresSearchIndex } from './postgresSearchIndex';
import { queryCountPlugin } from './queryCount';
import { withStatementCache } from './sqliteStatementCache';
import { SqliteReadWriteDialect } from './sqliteReadWriteDialect';

export interface ConnectionOptions {
  databaseUrl?: string;
  sqlitePath?: string;
  /** PostgreSQL connections per process (default 10). */
  poolSize?: number;
  /**
   * SQLite's page cache per connection, MiB (default 32; two connections: the writer and the
   * reader). It fills as the shop's data grows and is part of the process's resident memory.
   */
  sqliteCacheMb?: number;
  /**
   * How much of the SQLite file each connection reads through a memory map, MiB (default 256).
   * Mapped pages count in the process's resident memory; 0 reads through SQLite's page cache
   * alone (the command line: an import reads the whole catalog once and must stay bounded).
   */
  sqliteMmapMb?: number;
  /** Log every statement slower than this many milliseconds (off when undefined). */
  slowQueryMs?: number;
}

export interface DatabaseConnection {
  db: Kysely<Database>;
  engine: 'sqlite' | 'postgres';
  searchIndex: SearchIndex;
  /** The PostgreSQL pool's connections right now; undefined on SQLite. */
  poolStats(): DatabasePoolStats | undefined;
  close(): Promise<void>;
}

export interface DatabasePoolStats {
  /** Connections open, idle ones included. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above zero for long, the pool is too small. */
  waiting: number;
  max: number;
}

/** A slow-statement threshold prints every statement slower than it: the quickest way to find a missing index. */
function slowQueryLogger(threshold: number | undefined): LogConfig | undefined {
  if (threshold === undefined) return undefined;
  return (event) => {
    if (event.queryDurationMillis >= threshold)
      // The statement only: its parameters hold e-mail addresses, password hashes and tokens.
      console.error(
        `[sql ${event.queryDurationMillis.toFixed(1)} ms] ${event.query.sql} (${event.query.parameters.length} parameters)`,
      );
  };
}

/**
 * pg hands int8 and numeric back as strings (they may not fit a double). Our ids, money and counts
 * do, and SQLite returns numbers: count(*) and sum() must be numbers on both engines.
 */
const postgresTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === Number(pg.types.builtins.INT8) || oid === Number(pg.types.builtins.NUMERIC))
      return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};

/** How long a statement outside kernel/transaction.ts waits for another process's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The read-only connection beside the writer (db/sqliteReadWriteDialect.ts). In WAL mode it reads
 * the last committed state while the writer is in a transaction.
 */
function openReader(file: string, cacheKib: number, mmapBytes: number): SqliteDatabase.Database {
  const reader = new SqliteDatabase(file, { readonly: true });
  reader.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  reader.pragma(`cache_size = -${cacheKib}`);
  reader.pragma(`mmap_size = ${mmapBytes}`);
  return reader;
}

export function openDatabase(options: ConnectionOptions = {}): DatabaseConnection {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: postgresTypes,
    });
    // An idle connection the server closes (restart, failover) must not take the process down;
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => console.error(`commerce: idle PostgreSQL connection closed: ${error.message}`));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: slowQueryLogger(options.slowQueryMs),
      plugins: [queryCountPlugin],
    });
    const max = options.poolSize ?? 10;
    return {
      db,
      engine: 'postgres',
      searchIndex: createPostgresSearchIndex(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      close: () => db.destroy(),
    };
  }
  const file =
    options.sqlitePath === ':memory:' ? ':memory:' : resolve(process.cwd(), options.sqlitePath ?? 'var/vela.db');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // A negative cache_size is in KiB.
  const cacheKib = Math.max(1, Math.round(options.sqliteCacheMb ?? 32)) * 1024;
  const mmapBytes = Math.max(0, Math.round(options.sqliteMmapMb ?? 256)) * 1024 * 1024;
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers in other processes keep going while one writer commits.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma(`cache_size = -${cacheKib}`);
  // Reads through a memory map skip a system call per page: listings touch thousands of index pages.
  sqlite.pragma(`mmap_size = ${mmapBytes}`);
  const db = new Kysely<Database>({
    dialect:
      file === ':memory:'
        ? new SqliteDialect({ database: withStatementCache(sqlite) })
        : new SqliteReadWriteDialect(
            withStatementCache(sqlite),
            withStatementCache(openReader(file, cacheKib, mmapBytes)),
          ),
    log: slowQueryLogger(options.slowQueryMs),
    plugins: [queryCountPlugin],
  });
  return {
    db,
    engine: 'sqlite',
    searchIndex: createSqliteSearchIndex(),
    poolStats: () => undefined,
    close: () => db.destroy(),
  };
}
