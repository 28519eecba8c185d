// `npm run backup -- <file>`: a consistent copy of the shop's database while the shop runs.
// `npm run restore -- <file>`: puts such a copy back (stop the server first).
//
// SQLite (the default, VAR_DIR/vela.db or SQLITE_PATH): SQLite's online backup API, page by page,
// so writes go on during the copy and the copy is one point in time. Restore checks the copy's
// integrity, then replaces the database file and removes the old WAL files.
// PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore in one transaction
// (--clean --if-exists: the database may be empty or hold an older state).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

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

const databaseUrl = process.env.DATABASE_URL;
const sqlitePath = path.resolve(process.env.SQLITE_PATH ?? path.join(process.env.VAR_DIR ?? 'var', 'vela.db'));
const started = Date.now();

if (databaseUrl) {
  if (command === 'backup') {
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${databaseUrl}`]);
  } else {
    if (!existsSync(target)) fail(`no backup at ${target}`);
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      target,
    ]);
  }
} else if (command === 'backup') {
  if (!existsSync(sqlitePath)) fail(`no database at ${sqlitePath} (set VAR_DIR or SQLITE_PATH)`);
  if (existsSync(target)) fail(`${target} exists already; choose a new file name`);
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
