// `npm run backup -- <file>`: a consistent copy of the shop's database while the shop runs.
// `npm run restore -- <file>`: puts such a copy back; it refuses while the shop runs.
//
// SQLite (the default, VAR_DIR/vela.db or SQLITE_PATH): SQLite's online backup API, page by page,
// so writes go on during the copy and the copy is one point in time. Restore checks the copy's
// integrity, then replaces the database file and removes the old WAL files.
// PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore in one transaction
// (--clean --if-exists: the database may be empty or hold an older state).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

// commerce/src/db/shopPresenceLock.ts: every server process on PostgreSQL holds it, shared.
const SHOP_PRESENCE_LOCK_KEY = 741_023_332;
const STOP_FIRST =
  'stop every server process (and `npm run vela` commands) on it, then restore again; nothing was changed';

const [command, file] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command ?? '') || !file) {
  console.error('usage: node scripts/backup.mjs backup|restore <file>   (npm run backup -- <file>)');
  process.exit(2);
}
const target = path.resolve(file);

function fail(message) {
  console.error(`[vela] ${message}`);
  process.exit(1);
}

// Anything unforeseen (a full disk, a folder without permission) is one line, not a stack trace.
const unforeseen = (error) => fail(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
process.on('uncaughtException', unforeseen);
process.on('unhandledRejection', unforeseen);

/** pg_dump / pg_restore from PG_BIN, the newest /usr/lib/postgresql/N/bin, or the PATH. */
function postgresTool(name) {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v) && existsSync(path.join(root, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(root, versions[0], 'bin', name);
  }
  return name;
}

function run(tool, args) {
  // The URL (with its password) goes to the tool as an argument, never to our output.
  const result = spawnSync(postgresTool(tool), args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) fail(`${tool} could not run: ${result.error.message} (set PG_BIN to PostgreSQL's bin directory)`);
  if (result.status !== 0) fail(`${tool} failed with exit code ${result.status}`);
}

/**
 * Whether a process has the SQLite database open. Each open connection of a WAL database holds a
 * shared lock on the file until it closes (the operating system drops it when a process dies), so
 * an exclusive lock is refused exactly while a server (or a vela command) runs on it.
 */
function sqliteInUse(file) {
  if (!existsSync(file)) return false;
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('ROLLBACK');
    return false;
  } catch (error) {
    if (String(error.code).startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    db.close();
  }
}

/** Holds the lock no running shop holds; resolves with the session, or null while a shop runs. */
async function lockOutShops(url) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    fail(`cannot reach the PostgreSQL database of DATABASE_URL (${error.message}); nothing was changed`);
  }
  const { rows } = await client.query('select pg_try_advisory_lock($1) as locked', [SHOP_PRESENCE_LOCK_KEY]);
  if (rows[0].locked) return client;
  await client.end();
  return null;
}

const databaseUrl = process.env.DATABASE_URL;
const sqlitePath = path.resolve(process.env.SQLITE_PATH ?? path.join(process.env.VAR_DIR ?? 'var', 'vela.db'));
const started = Date.now();

if (databaseUrl) {
  if (command === 'backup') {
    mkdirSync(path.dirname(target), { recursive: true });
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${databaseUrl}`]);
  } else {
    if (!existsSync(target)) fail(`no backup at ${target}`);
    // Held until the process exits: a server starting meanwhile waits for the restore to end.
    const lock = await lockOutShops(databaseUrl);
    if (!lock) fail(`the shop is running on this PostgreSQL database: ${STOP_FIRST}`);
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      target,
    ]);
    await lock.end();
  }
} else if (command === 'backup') {
  if (!existsSync(sqlitePath)) fail(`no database at ${sqlitePath} (set VAR_DIR or SQLITE_PATH)`);
  if (existsSync(target)) fail(`${target} exists already; choose a new file name`);
  mkdirSync(path.dirname(target), { recursive: true });
  const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
} else {
  if (!existsSync(target)) fail(`no backup at ${target}`);
  let check;
  try {
    const copy = new Database(target, { readonly: true, fileMustExist: true });
    [check] = copy.pragma('integrity_check');
    copy.close();
  } catch (error) {
    fail(`${target} is not a usable SQLite database (${error.message}); nothing was changed`);
  }
  if (check?.integrity_check !== 'ok') fail(`${target} is damaged: ${JSON.stringify(check)}; nothing was changed`);
  // The shop would go on writing to the file it has open, and lose that at its next start.
  if (sqliteInUse(sqlitePath)) fail(`the shop is running on ${sqlitePath}: ${STOP_FIRST}`);
  mkdirSync(path.dirname(sqlitePath), { recursive: true });
  // Copy beside the database, then rename: the database is never half written.
  const incoming = `${sqlitePath}.restoring`;
  copyFileSync(target, incoming);
  for (const suffix of ['-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true });
  renameSync(incoming, sqlitePath);
}

const size = command === 'backup' ? ` (${(statSync(target).size / 1024 / 1024).toFixed(1)} MiB)` : '';
const where = databaseUrl ? 'PostgreSQL' : sqlitePath;
console.log(
  command === 'backup'
    ? `[vela] backed up ${where} to ${target}${size} in ${Date.now() - started} ms`
    : `[vela] restored ${where} from ${target} in ${Date.now() - started} ms`,
);
