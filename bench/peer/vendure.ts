// Vendure, the peer: installed from the npm registry into a temporary folder at run time (never a
// dependency of this repository), seeded with its sample data or a generated catalog, and served
// on one core. Seeding 10,000 products through Vendure's importer takes minutes on this machine, so
// a seeded database is kept in node_modules/.cache/vela-peer/, keyed by the Vendure version and a
// hash of the scripts and data files that made it; later runs copy it instead of seeding again.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { run, startProcess } from '../lib/processes';
import { writeGeneratedCatalog } from './vendureCatalog';
import { CONFIG_SCRIPT, SEED_SCRIPT, SERVER_SCRIPT } from './vendureScripts';

/** The version issue 14 measured. */
export const VENDURE_VERSION = process.env.BENCH_PEER_VENDURE_VERSION ?? '3.7.3';

export interface VendureInstall {
  dir: string;
  /** @vendure/create's sample data: products.csv, initial-data.json, images/. */
  sampleAssets: string;
  versions: Record<string, string>;
  seconds: number;
}

const packageVersion = (dir: string, name: string): string =>
  (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

/**
 * `npm install` of @vendure/core, its asset server plugin and better-sqlite3 into `dir`, and the
 * sample data from the @vendure/create tarball (`npm pack`: its own dependencies, a CLI, are not
 * needed). better-sqlite3 builds from source here (about 90 s): when the repository has the same
 * version built for this Node, its binary is copied instead.
 */
export async function installVendure(root: string, dir: string): Promise<VendureInstall> {
  const started = Date.now();
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'vela-peer-vendure', private: true, allowScripts: { 'better-sqlite3': true } }, null, 2),
  );
  const repoSqlite = path.join(root, 'node_modules', 'better-sqlite3');
  const sqliteVersion = packageVersion(root, 'better-sqlite3');
  const repoBinary = path.join(repoSqlite, 'build', 'Release', 'better_sqlite3.node');
  const reuseBinary = existsSync(repoBinary);
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      // bcrypt and sharp ship prebuilt binaries; the only build script is better-sqlite3's.
      '--ignore-scripts',
      `@vendure/core@${VENDURE_VERSION}`,
      `@vendure/asset-server-plugin@${VENDURE_VERSION}`,
      `better-sqlite3@${sqliteVersion}`,
    ],
    dir,
  );
  const binary = path.join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (reuseBinary) {
    mkdirSync(path.dirname(binary), { recursive: true });
    cpSync(repoBinary, binary);
  } else {
    await run('npm', ['rebuild', 'better-sqlite3'], dir);
  }
  await run('npm', ['pack', '--silent', `@vendure/create@${VENDURE_VERSION}`, '--pack-destination', dir], dir);
  await run('tar', ['xzf', `vendure-create-${VENDURE_VERSION}.tgz`, 'package/assets'], dir);
  writeFileSync(path.join(dir, 'vendure-config.cjs'), CONFIG_SCRIPT);
  writeFileSync(path.join(dir, 'seed.cjs'), SEED_SCRIPT);
  writeFileSync(path.join(dir, 'server.cjs'), SERVER_SCRIPT);
  const versions = Object.fromEntries(
    ['@vendure/core', '@vendure/asset-server-plugin', 'better-sqlite3', 'typeorm', '@nestjs/core', 'graphql'].map(
      (name) => [name, packageVersion(dir, name)],
    ),
  );
  return { dir, sampleAssets: path.join(dir, 'package', 'assets'), versions, seconds: (Date.now() - started) / 1000 };
}

export interface VendureDatabase {
  database: string;
  assetDir: string;
  /** Seconds spent seeding; 0 when the cache had it. */
  seedSeconds: number;
  cached: boolean;
  cacheDir: string;
}

/** The cache key: what makes the database (Vendure's version, the scripts, the data files). */
function cacheKey(catalog: 'sample' | number, files: string[]): string {
  const hash = createHash('sha256').update(CONFIG_SCRIPT).update(SEED_SCRIPT);
  for (const file of files) hash.update(readFileSync(file));
  const name = catalog === 'sample' ? 'sample' : `${catalog}-products`;
  return `vendure-${VENDURE_VERSION}-${name}-${hash.digest('hex').slice(0, 12)}`;
}

/**
 * A seeded database for `catalog` in `workDir`: copied from the cache, or seeded (and then
 * cached). BENCH_PEER_NO_CACHE=1 always seeds.
 */
export async function vendureDatabase(
  root: string,
  install: VendureInstall,
  catalog: 'sample' | number,
  workDir: string,
  seedPort: number,
): Promise<VendureDatabase> {
  const source =
    catalog === 'sample'
      ? {
          productsCsv: path.join(install.sampleAssets, 'products.csv'),
          initialData: path.join(install.sampleAssets, 'initial-data.json'),
        }
      : writeGeneratedCatalog(install.sampleAssets, workDir, catalog);
  const key = cacheKey(catalog, [source.productsCsv, source.initialData]);
  const cacheDir = path.join(root, 'node_modules', '.cache', 'vela-peer', key);
  const database = path.join(workDir, 'vendure.sqlite');
  const assetDir = path.join(workDir, 'assets');
  const useCache = process.env.BENCH_PEER_NO_CACHE !== '1';
  if (useCache && existsSync(path.join(cacheDir, 'complete'))) {
    cpSync(path.join(cacheDir, 'vendure.sqlite'), database);
    cpSync(path.join(cacheDir, 'assets'), assetDir, { recursive: true });
    return { database, assetDir, seedSeconds: 0, cached: true, cacheDir };
  }
  const started = Date.now();
  await run(
    process.execPath,
    [
      'seed.cjs',
      database,
      source.initialData,
      source.productsCsv,
      path.join(install.sampleAssets, 'images'),
      assetDir,
      String(seedPort),
    ],
    install.dir,
  );
  const seedSeconds = (Date.now() - started) / 1000;
  if (useCache) {
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    cpSync(database, path.join(cacheDir, 'vendure.sqlite'));
    cpSync(assetDir, path.join(cacheDir, 'assets'), { recursive: true });
    writeFileSync(path.join(cacheDir, 'complete'), `seeded in ${seedSeconds.toFixed(0)} s\n`);
  }
  return { database, assetDir, seedSeconds, cached: false, cacheDir };
}

/** The Shop API on `port`, pinned to core 1. */
export function startVendure(install: VendureInstall, db: VendureDatabase, port: number): Promise<ChildProcess> {
  return startProcess('taskset', ['-c', '1', process.execPath, 'server.cjs', db.database, String(port), db.assetDir], {
    cwd: install.dir,
    readyText: 'vela-peer: ready',
    timeoutMs: 120_000,
  });
}
