import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';

// One SQLite connection serves one caller at a time: while placeOrder holds it for its write
// transaction, every other request's reads wait behind it, though WAL would let them read the
// last committed state at once. This dialect keeps a second, read-only connection beside the
// writer. A connection scope (one statement, a transaction, or db.connection()) reads from the
// reader until it writes or begins a transaction; from then on it holds the writer until it is
// released, so everything a transaction reads is what it will write on (BEGIN IMMEDIATE and the
// checks in kernel/transaction.ts stay as they are).

/** Statements that only read and may see the last committed state instead of the writer's. */
function isPlainRead(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return true;
  // Raw SQL (search, reports): a lone SELECT reads; anything else (pragma, begin, with … insert) writes.
  return query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql);
}

class Mutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

function run(database: SqliteDatabase, query: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

class ScopedConnection implements DatabaseConnection {
  holdsWriter = false;

  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
    private readonly writerLock: Mutex,
  ) {}

  async takeWriter(): Promise<void> {
    if (this.holdsWriter) return;
    await this.writerLock.lock();
    this.holdsWriter = true;
  }

  releaseWriter(): void {
    if (!this.holdsWriter) return;
    this.holdsWriter = false;
    this.writerLock.unlock();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.holdsWriter && isPlainRead(query)) return run(this.reader, query) as QueryResult<R>;
    await this.takeWriter();
    return run(this.writer, query) as QueryResult<R>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!(this.holdsWriter || !isPlainRead(query))) {
      for (const row of this.reader.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
      return;
    }
    await this.takeWriter();
    for (const row of this.writer.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

class ReadWriteDriver implements Driver {
  readonly #writerLock = new Mutex();

  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
  ) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new ScopedConnection(this.writer, this.reader, this.#writerLock));
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const scoped = connection as ScopedConnection;
    await scoped.takeWriter();
    await scoped.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as ScopedConnection).releaseWriter();
    return Promise.resolve();
  }

  destroy(): Promise<void> {
    this.reader.close();
    this.writer.close();
    return Promise.resolve();
  }
}

/** Kysely's SQLite dialect (adapter, compiler, introspector) with a reader beside the writer. */
export class SqliteReadWriteDialect extends SqliteDialect {
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    return new ReadWriteDriver(this.writer, this.reader);
  }
}
