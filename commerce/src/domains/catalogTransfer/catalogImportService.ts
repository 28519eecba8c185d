import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import { minorDigits } from '../../kernel/money';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { inWriteTransaction } from '../../kernel/transaction';
import { loadCatalogMaps } from './catalogState';
import { transferDb } from './transferTables';
import { analyze, refreshCatalogAfterImport } from './catalogRefresh';
import { CatalogWriter } from './catalogWriter';
import { ImportPlanner, type PlannedProduct, type Rejection } from './importPlanner';
import { EXPORT_COLUMNS, IGNORED_COLUMNS } from './magentoCsvColumns';
import { parseRow, RowError, type ParsedRow } from './rowValidation';
import { restoreCell } from './csvFormulaCells';

// Imports Magento 2's product CSV from a stream: the command line hands it a file, the back
// office an upload. Rows are parsed one at a time (csv-parse streams), checked, planned against
// the catalog and written in batches, each batch one write transaction; the indexes are rebuilt
// once at the end. Memory holds one batch, plus per row of the file its sku and url key (to
// refuse duplicates) and the configurables that wait for variants named further down.

export interface CatalogImportOptions {
  /** Where the images named in the file are; without it only images already in MEDIA_DIR are found. */
  imagesDir?: string;
  /** The shop's MEDIA_DIR: images are copied to catalog/product/ below it. */
  mediaDir: string;
  /** Check and report everything, write nothing. */
  dryRun?: boolean;
  /** Called after every batch with the number of data rows read so far. */
  onProgress?: (rowsDone: number) => void;
  /** Rows per write transaction (default 500). */
  batchSize?: number;
  /** Rejected rows kept in the report (default 1000); `rejectedCount` counts all. */
  maxRejectedListed?: number;
}

export interface CatalogImportReport {
  /** Data rows read (the header not counted). */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** The first rejected rows, in file order; row 1 is the header. */
  rejected: Rejection[];
  rejectedCount: number;
  /** Header columns that the import does not read (Magento columns without a meaning here). */
  ignoredColumns: string[];
  dryRun: boolean;
}

/** The file cannot be imported at all (no sku column, not a CSV): nothing was written. */
export class CatalogImportError extends Error {}

const KNOWN_COLUMNS = new Set<string>([...EXPORT_COLUMNS, ...IGNORED_COLUMNS]);

function checkHeader(header: string[]): string[] {
  const names = header.map((h) => h.trim());
  if (!names.includes('sku'))
    throw new CatalogImportError(
      `the first row must be Magento's header row with a "sku" column; it reads: ${names.slice(0, 6).join(', ')}`,
    );
  const seen = new Set<string>();
  for (const name of names) {
    if (name !== '' && seen.has(name)) throw new CatalogImportError(`the header names the column "${name}" twice`);
    seen.add(name);
  }
  return names;
}

export async function importCatalogCsv(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  input: Readable,
  options: CatalogImportOptions,
): Promise<CatalogImportReport> {
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 500, 5000));
  const maxListed = options.maxRejectedListed ?? 1000;
  const dryRun = options.dryRun ?? false;
  const baseCurrency = await baseCurrencyCode(db);
  const digits = minorDigits(baseCurrency);
  const planner = new ImportPlanner(
    transferDb(db),
    await loadCatalogMaps(transferDb(db)),
    options.imagesDir,
    options.mediaDir,
  );
  const touchedConfigurables = new Set<number>();
  const report: CatalogImportReport = {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
    rejectedCount: 0,
    ignoredColumns: [],
    dryRun,
  };
  const reject = (rejection: Rejection) => {
    report.rejectedCount++;
    if (report.rejected.length < maxListed) report.rejected.push(rejection);
  };

  const write = async (planned: PlannedProduct[]) => {
    for (const plan of planned)
      report[plan.action === 'create' ? 'created' : plan.action === 'update' ? 'updated' : 'unchanged']++;
    const changes = planned.filter((p) => p.action !== 'unchanged');
    if (dryRun || changes.length === 0) return;
    const maps = await inWriteTransaction(db, async ({ db: trx }) => {
      const writer = await CatalogWriter.open(transferDb(trx), baseCurrency, touchedConfigurables);
      for (const plan of changes) await writer.write(plan);
      return writer.catalogMaps;
    });
    // The next batches plan against what is now committed (new categories and options included).
    planner.maps = maps;
  };

  const flush = async (rows: ParsedRow[], final: boolean): Promise<ParsedRow[]> => {
    if (rows.length === 0) return [];
    const { planned, rejected, deferred } = await planner.planBatch(rows, final);
    for (const r of rejected) reject(r);
    await write(planned);
    return deferred;
  };

  const parser = input.pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true, max_record_size: 4 * 1024 * 1024 }),
  );
  let header: string[] | undefined;
  let batch: ParsedRow[] = [];
  let waiting: ParsedRow[] = [];
  let recordNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      recordNumber++;
      if (!header) {
        header = checkHeader(record);
        report.ignoredColumns = header.filter((name) => name !== '' && !KNOWN_COLUMNS.has(name));
        continue;
      }
      report.rows++;
      const row = recordNumber;
      const cells: Record<string, string | undefined> = {};
      // The export quotes cells a spreadsheet would run as formulas; the quote is not the value.
      header.forEach((name, i) => {
        const raw = record[i];
        cells[name] = raw === undefined ? undefined : restoreCell(raw);
      });
      try {
        if (record.length > header.length && record.slice(header.length).some((c) => c.trim() !== ''))
          throw new RowError(`the row has ${record.length} cells but the header only ${header.length}`);
        const parsed = parseRow(row, cells, digits);
        const duplicate = planner.claim(row, parsed.sku, parsed.type);
        if (duplicate) throw new RowError(duplicate);
        batch.push(parsed);
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        const sku = (cells.sku ?? '').trim();
        // A refused row still holds its sku: a second row with it is a duplicate either way.
        const duplicate = sku === '' ? null : planner.claim(row, sku);
        reject({ row, sku, reason: duplicate ?? error.message });
      }
      if (batch.length >= batchSize) {
        waiting.push(...(await flush(batch, false)));
        batch = [];
        options.onProgress?.(report.rows);
      }
    }
  } catch (error) {
    // csv-parse 6 names its codes without the CSV_ prefix older versions had: match the class.
    if (error instanceof CsvError)
      throw new CatalogImportError(`the file is not a readable CSV (row ${recordNumber + 1}): ${error.message}`);
    throw error;
  }
  if (!header) throw new CatalogImportError('the file is empty: it needs a header row and product rows');
  waiting.push(...(await flush(batch, false)));
  // Configurables whose variants came later in the file, now that every row has been read.
  for (let i = 0; i < waiting.length; i += batchSize) await flush(waiting.slice(i, i + batchSize), true);
  waiting = [];
  options.onProgress?.(report.rows);
  report.rejected.sort((a, b) => a.row - b.row);

  if (!dryRun && report.created + report.updated > 0) {
    await inWriteTransaction(db, (uow) => refreshCatalogAfterImport(uow, searchIndex, [...touchedConfigurables]));
    await analyze(db);
  }
  return report;
}
