// The API tests arrange fixtures and read back results through a synchronous better-sqlite3
// handle (`shop.sql.prepare(…).get(…)`). On PostgreSQL the same calls go to a pg client in a
// worker thread; the test thread blocks on Atomics.wait until the worker answers, so the test
// files stay unchanged and synchronous.
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** The part of better-sqlite3's Database the tests use. */
export interface SyncSql {
  prepare(text: string): {
    get(...params: unknown[]): any;
    all(...params: unknown[]): any[];
    run(...params: unknown[]): { changes: number };
  };
  exec(text: string): void;
  pragma(text: string): unknown;
  close(): void;
}

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const pg = require(workerData.pgPath);
// count(*) and sums arrive as int8/numeric strings; the tests compare numbers, as SQLite returns.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
const client = new pg.Client({ connectionString: workerData.url });
// A dropped test database ends the connection; that is not an error of the test.
client.on('error', () => {});
const signal = new Int32Array(workerData.signal);
const port = workerData.port;
const ready = client.connect();
port.on('message', async ({ text, params, close }) => {
  let reply;
  try {
    if (close) {
      await ready.catch(() => {});
      await client.end().catch(() => {});
      reply = { rows: [], changes: 0 };
    } else {
      await ready;
      const result = await client.query(text, params);
      reply = { rows: result.rows, changes: result.rowCount ?? 0 };
    }
  } catch (error) {
    reply = { error: String(error && error.message || error) };
  }
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

/** SQLite's `?` placeholders as PostgreSQL's `$1, $2, …`, leaving quoted text alone. */
export function toPostgresPlaceholders(text: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      out += `$${++n}`;
    } else {
      out += ch;
    }
  }
  return out;
}

export function openPostgresSyncSql(url: string): SyncSql {
  const signalBuffer = new SharedArrayBuffer(4);
  const signal = new Int32Array(signalBuffer);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { url, signal: signalBuffer, port: port2, pgPath: createRequire(import.meta.url).resolve('pg') },
    transferList: [port2],
  });
  worker.unref();

  const call = (request: { text: string; params: unknown[]; close?: boolean }): { rows: any[]; changes: number } => {
    const text = request.text;
    Atomics.store(signal, 0, 0);
    port1.postMessage(request);
    if (Atomics.wait(signal, 0, 0, 30_000) === 'timed-out')
      throw new Error(`postgresSyncSql: no answer in 30 s to ${text}`);
    const message = receiveMessageOnPort(port1)?.message as
      { rows: any[]; changes: number; error?: string } | undefined;
    if (!message) throw new Error(`postgresSyncSql: worker gave no answer to ${text}`);
    if (message.error) throw new Error(`${message.error} (in: ${text})`);
    return message;
  };
  const query = (text: string, params: unknown[]) => call({ text: toPostgresPlaceholders(text), params });

  return {
    prepare: (text) => ({
      get: (...params) => query(text, params).rows[0],
      all: (...params) => query(text, params).rows,
      run: (...params) => ({ changes: query(text, params).changes }),
    }),
    exec: (text) => void query(text, []),
    // SQLite tuning (busy_timeout) has no meaning here.
    pragma: () => undefined,
    // Synchronous, so the connection is gone before the harness drops the database.
    close: () => {
      call({ text: 'close', params: [], close: true });
      port1.close();
      void worker.terminate();
    },
  };
}
