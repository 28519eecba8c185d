import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Keeps the most recently used prepared statements: Kysely prepares every statement it runs, and
 * a listing repeats the same dozen statements on every request. Statements run synchronously
 * (all/run), so one cached statement is never in use twice; streamed queries get their own.
 */
export function withStatementCache(
  database: { close(): void; prepare(sql: string): SqliteStatement },
  capacity = 256,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      const wrapped: SqliteStatement = {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        // iterate() would tie the cached statement up until the stream ends: stream on a fresh one.
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
      statements.set(sql, wrapped);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return wrapped;
    },
  };
}
