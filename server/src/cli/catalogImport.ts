// `npm run vela -- catalog:import FILE.csv [--images DIR] [--dry-run]`: imports Magento 2's
// product CSV into the shop's database (the server's own settings: VAR_DIR, SQLITE_PATH,
// DATABASE_URL, MEDIA_DIR). A progress bar goes to stderr, the report to stdout.
// Exit codes: 0 every row imported, 1 rows rejected or the file refused, 2 wrong usage.
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { CatalogImportError, importCatalogCsv, openShopMaintenance, type CatalogImportReport } from '@vela/commerce';
import type { ServerConfig } from '../config';

// Where a command writes: the report to stdout, messages and progress to stderr. Tests pass
// their own output to read what a command printed.

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
  /** Rewrites the current stderr line (a terminal) — undefined when stderr is a file or a pipe. */
  redraw?: (line: string) => void;
}

export function processOutput(): CliOutput {
  return {
    log: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
    redraw: process.stderr.isTTY ? (line) => process.stderr.write(`\r\x1b[2K${line}`) : undefined,
  };
}

const WIDTH = 30;

/**
 * A progress bar by bytes read of the file (the number of rows is not known before the end): on a
 * terminal one line drawn again, elsewhere (logs, CI) a line every 10 %.
 */
export function createProgress(out: CliOutput, totalBytes: number) {
  let lastStep = -1;
  let drawn = false;
  return {
    update(bytes: number, rows: number) {
      const share = totalBytes > 0 ? Math.min(1, bytes / totalBytes) : 1;
      const percent = Math.floor(share * 100);
      if (out.redraw) {
        const filled = Math.round(share * WIDTH);
        out.redraw(
          `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}%  ${rows} rows`,
        );
        drawn = true;
        return;
      }
      const step = Math.floor(percent / 10);
      if (step > lastStep) {
        lastStep = step;
        out.error(`progress: ${percent}% (${rows} rows)`);
      }
    },
    done(rows?: number) {
      if (out.redraw && drawn) out.redraw(rows === undefined ? '' : `[${'#'.repeat(WIDTH)}] 100%  ${rows} rows\n`);
    },
  };
}

const USAGE = 'usage: npm run vela -- catalog:import FILE.csv [--images DIR] [--dry-run]';

interface ImportArgs {
  file: string;
  imagesDir?: string;
  dryRun: boolean;
}

function parseArgs(args: string[]): ImportArgs | string {
  let file: string | undefined;
  let imagesDir: string | undefined;
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--images') {
      imagesDir = args[++i];
      if (!imagesDir) return '--images needs a folder';
    } else if (arg.startsWith('--images=')) imagesDir = arg.slice('--images='.length);
    else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else if (file) return `one file at a time (got ${file} and ${arg})`;
    else file = arg;
  }
  if (!file) return 'which file? name the CSV to import';
  return { file, imagesDir, dryRun };
}

export function formatImportReport(file: string, report: CatalogImportReport): string {
  const left = report.droppedColumns.length > 0;
  const lines = [
    report.dryRun
      ? `dry run of ${file} (nothing was written)${left ? `; ${report.droppedColumns.length} columns would not be imported` : ''}`
      : left
        ? `imported ${file} without ${report.droppedColumns.length} of its columns (listed below)`
        : `imported ${file}`,
    `  rows:      ${report.rows}`,
    `  created:   ${report.created}`,
    `  updated:   ${report.updated}`,
    `  unchanged: ${report.unchanged}`,
    `  rejected:  ${report.rejectedCount}`,
  ];
  if (left) {
    lines.push('columns with data that was not imported:');
    for (const d of report.droppedColumns) lines.push(`  ${d.column} (${d.rows} rows): ${d.reason}`);
  }
  if (report.ignoredColumns.length > 0)
    lines.push(`columns this import does not know, not read: ${report.ignoredColumns.join(', ')}`);
  if (report.rejected.length > 0) {
    lines.push('rejected rows (row 1 is the header):');
    for (const r of report.rejected) lines.push(`  row ${r.row}${r.sku ? ` (sku ${r.sku})` : ''}: ${r.reason}`);
    if (report.rejectedCount > report.rejected.length)
      lines.push(`  … and ${report.rejectedCount - report.rejected.length} more`);
  }
  return lines.join('\n');
}

export async function runCatalogImport(
  args: string[],
  config: ServerConfig,
  out: CliOutput = processOutput(),
): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    out.error(`${parsed}\n${USAGE}`);
    return 2;
  }
  const file = path.resolve(parsed.file);
  let size: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) throw new Error('not a file');
    size = stats.size;
  } catch {
    out.error(`cannot read ${parsed.file}: no such file`);
    return 2;
  }
  // Without --images: an images/ folder beside the CSV (as the sample ships), else the CSV's folder.
  const beside = path.join(path.dirname(file), 'images');
  const imagesDir = parsed.imagesDir
    ? path.resolve(parsed.imagesDir)
    : existsSync(beside) && statSync(beside).isDirectory()
      ? beside
      : path.dirname(file);
  if (parsed.imagesDir) {
    try {
      if (!statSync(imagesDir).isDirectory()) throw new Error('not a folder');
    } catch {
      out.error(`--images ${parsed.imagesDir} is not a folder`);
      return 2;
    }
  }
  const shop = await openShopMaintenance({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    seedShopBasics: true,
    log: (line) => out.error(line),
  });
  const progress = createProgress(out, size);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    const report = await importCatalogCsv(
      shop.connection.db,
      shop.connection.searchIndex,
      createReadStream(file).pipe(counter),
      {
        imagesDir,
        mediaDir: config.mediaDir,
        dryRun: parsed.dryRun,
        onProgress: (rows) => progress.update(bytes, rows),
      },
    );
    progress.done(report.rows);
    // Who changed the catalog, as for an import from the back office: the command line.
    if (!report.dryRun)
      await shop.recordCommand({
        action: 'catalog.import',
        entityType: 'catalog_import',
        entityId: path.basename(file),
        after: {
          file: path.basename(file),
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          rejected: report.rejectedCount,
        },
      });
    out.log(formatImportReport(parsed.file, report));
    return report.rejectedCount > 0 ? 1 : 0;
  } catch (error) {
    progress.done();
    if (error instanceof CatalogImportError) {
      out.error(`${parsed.file} was not imported: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await shop.close();
  }
}

export const catalogImportCommand: { summary: string; run(args: string[], config: ServerConfig): Promise<number> } = {
  summary: "FILE.csv [--images DIR] [--dry-run]   import products from Magento 2's product CSV",
  run: (args, config) => runCatalogImport(args, config),
};
