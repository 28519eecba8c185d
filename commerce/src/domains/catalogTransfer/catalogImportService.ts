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
import { EMPTY_VALUE, EXPORT_COLUMNS, IGNORED_COLUMNS, LEGACY_COLUMNS, UNSUPPORTED_COLUMNS } from './magentoCsvColumns';
import { parseRow, RowError, type ParsedRow } from './rowValidation';
import { restoreCell } from './csvFormulaCells';
import { importLinks, rowLinks, type RowLinks } from './importLinks';
import {
  importCustomOptions,
  LegacyCustomOptions,
  rowCustomOptions,
  type RowCustomOptions,
} from './importCustomOptions';
import { importComposites, rowComposite, type RowComposite } from './importComposites';
import { importDownloadables, rowDownloadables, type RowDownloadables } from './importDownloadableLinks';
import { storeIdsByCode, storeViewTexts, writeStoreViewTexts } from './storeViewTexts';

// Imports Magento 2's product CSV from a stream: the command line hands it a file, the back
// office an upload. Rows are parsed one at a time (csv-parse streams), checked, planned against
// the catalog and written in batches, each batch one write transaction; the indexes are rebuilt
// once at the end. Memory holds one batch (500 rows or 8 M characters), plus per row of the file
// its sku and url key in compact key tables (importPlanner.ts, keyTable.ts: to refuse duplicates),
// and the configurables that wait for variants named further down.

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
  /** Characters of cells per write transaction (default 8 Mi): long rows make smaller batches. */
  batchChars?: number;
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
  /**
   * Columns that held data in some rows and were not imported (custom options, product links…):
   * each with the number of rows that filled it and the reason. Empty: nothing was left behind.
   */
  droppedColumns: DroppedColumn[];
  dryRun: boolean;
}

export interface DroppedColumn {
  column: string;
  /** Rows of the file with a value in the column. */
  rows: number;
  reason: string;
}

/**
 * A batch is written once it holds this many characters of cells, whatever its number of rows: a
 * file of long descriptions (a cell may take 4 MiB) keeps the memory of a batch bounded too.
 */
const DEFAULT_BATCH_CHARS = 8 * 1024 * 1024;

/** The file cannot be imported at all (no sku column, not a CSV): nothing was written. */
export class CatalogImportError extends Error {}

const KNOWN_COLUMNS = new Set<string>([
  ...EXPORT_COLUMNS,
  ...IGNORED_COLUMNS,
  ...Object.keys(LEGACY_COLUMNS),
  ...UNSUPPORTED_COLUMNS.keys(),
]);

function checkHeader(header: string[]): string[] {
  const given = header.map((h) => h.trim());
  // Magento 1 and early Magento 2 files name some columns differently (_type, _store): read under
  // today's name, unless the file has both.
  const names = given.map((name) => {
    const current = LEGACY_COLUMNS[name];
    return current !== undefined && !given.includes(current) ? current : name;
  });
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
  const batchChars = Math.max(1, Math.min(options.batchChars ?? DEFAULT_BATCH_CHARS, DEFAULT_BATCH_CHARS));
  const maxListed = options.maxRejectedListed ?? 1000;
  const dryRun = options.dryRun ?? false;
  const baseCurrency = await baseCurrencyCode(db);
  const digits = minorDigits(baseCurrency);
  const planner = new ImportPlanner(
    transferDb(db),
    await loadCatalogMaps(transferDb(db)),
    options.imagesDir,
    options.mediaDir,
    !dryRun,
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
    droppedColumns: [],
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

  const stores = await storeIdsByCode(transferDb(db));
  const defaultStoreCode =
    (await transferDb(db).selectFrom('store_view').select('code').where('id', '=', 1).executeTakeFirst())?.code ??
    'default';
  const flushStoreRows = async (rows: ParsedRow[]) => {
    // A store-view row gives texts only (a configurable's variations have no store scope in Magento).
    const valid = rows.filter((row) => {
      try {
        storeViewTexts(row);
        return true;
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        reject({ row: row.row, sku: row.sku, reason: error.message });
        return false;
      }
    });
    const ofDefaultStore = valid.filter((r) => r.storeView === defaultStoreCode.toLowerCase());
    const others: Array<{ row: ParsedRow; storeId: number; texts: ReturnType<typeof storeViewTexts> }> = [];
    for (const row of valid) {
      if (ofDefaultStore.includes(row)) continue;
      try {
        const storeId = stores.get(row.storeView ?? '');
        if (storeId === undefined)
          throw new RowError(
            `store_view_code "${row.storeView}": this shop has no such store view (${[...stores.keys()].join(', ') || 'none'}); create it first`,
          );
        others.push({ row, storeId, texts: storeViewTexts(row) });
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        reject({ row: row.row, sku: row.sku, reason: error.message });
      }
    }
    // The default store's values are the product's own: planned as product rows.
    const inShop = new Set<string>();
    const defaultSkus = [...new Set(ofDefaultStore.map((r) => r.sku))];
    for (let i = 0; i < defaultSkus.length; i += 400)
      for (const f of await transferDb(db)
        .selectFrom('product')
        .select('sku')
        .where('sku', 'in', defaultSkus.slice(i, i + 400))
        .execute())
        inShop.add(f.sku);
    const known = ofDefaultStore.filter((row) => {
      const inFile = planner.fileRow(row.sku);
      if (inFile && !inFile.ok) {
        reject({
          row: row.row,
          sku: row.sku,
          reason: `store_view_code "${row.storeView}": the product's row ${inFile.row} was refused`,
        });
        return false;
      }
      // A dry run wrote nothing: the product its file row creates is not there to plan against.
      if (dryRun && inFile?.ok && !inShop.has(row.sku)) {
        report.updated++;
        return false;
      }
      return true;
    });
    if (known.length > 0) await flush(known, true);
    const skus = [...new Set(others.map((o) => o.row.sku))];
    const ids = new Map<string, number>();
    for (let i = 0; i < skus.length; i += 400) {
      const found = await transferDb(db)
        .selectFrom('product')
        .select(['id', 'sku'])
        .where('sku', 'in', skus.slice(i, i + 400))
        .execute();
      for (const f of found) ids.set(f.sku, Number(f.id));
    }
    const writes: Array<{ id: number; storeId: number; texts: ReturnType<typeof storeViewTexts> }> = [];
    for (const o of others) {
      const id = ids.get(o.row.sku);
      const inFile = planner.fileRow(o.row.sku);
      if (id === undefined && !(dryRun && inFile?.ok)) {
        reject({
          row: o.row.row,
          sku: o.row.sku,
          reason: inFile
            ? `store_view_code "${o.row.storeView}": the product's row ${inFile.row} was refused`
            : `store_view_code "${o.row.storeView}": sku ${o.row.sku} is not in the shop or in the file`,
        });
        continue;
      }
      report.updated++;
      if (id !== undefined) writes.push({ id, storeId: o.storeId, texts: o.texts });
    }
    if (dryRun || writes.length === 0) return;
    await inWriteTransaction(db, async ({ db: trx }) => {
      for (const w of writes) await writeStoreViewTexts(transferDb(trx), w.id, w.storeId, w.texts);
    });
  };

  const parser = input.pipe(
    parse({
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 4 * 1024 * 1024,
      // Magento reads `"sku", "qty"` as PHP's fgetcsv does: spaces around a quoted cell are not part of it.
      ltrim: true,
      rtrim: true,
    }),
  );
  let header: string[] | undefined;
  let legacyFormat = false;
  /** Rows that filled each column the import leaves behind. */
  const dropped = new Map<string, number>();
  const storeRows: ParsedRow[] = [];
  /** Rows with product links: applied once every product of the file is in. */
  const linkRows: RowLinks[] = [];
  /** Rows with custom options (the product's own, or a store view's titles): applied after the links. */
  const optionRows: RowCustomOptions[] = [];
  /** Rows with downloadable links or samples: applied once their products are in. */
  const downloadableRows: RowDownloadables[] = [];
  const legacyOptions = new LegacyCustomOptions(digits);
  /** Rows of bundles and grouped products: their members are applied once every product is in. */
  const compositeRows: RowComposite[] = [];
  /** Closes the legacy options of the product above; options that cannot be kept are reported on its row. */
  const closeLegacy = () => {
    const pending = legacyOptions.pending;
    try {
      const options = legacyOptions.finish();
      if (options) optionRows.push(options);
    } catch (error) {
      if (!(error instanceof RowError) || !pending) throw error;
      reject({ row: pending.row, sku: pending.sku, reason: error.message });
    }
  };
  let batch: ParsedRow[] = [];
  /** Characters of the rows in `batch`: a batch of long descriptions is written early. */
  let charsInBatch = 0;
  let waiting: ParsedRow[] = [];
  let recordNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      recordNumber++;
      if (!header) {
        header = checkHeader(record);
        legacyFormat = header.some((name) => name.startsWith('_custom_option_'));
        report.ignoredColumns = header.filter((name) => name !== '' && !KNOWN_COLUMNS.has(name));
        continue;
      }
      report.rows++;
      const row = recordNumber;
      header.forEach((name, i) => {
        const value = record[i]?.trim() ?? '';
        if (value !== '' && value !== EMPTY_VALUE && UNSUPPORTED_COLUMNS.has(name))
          dropped.set(name, (dropped.get(name) ?? 0) + 1);
      });
      const cells: Record<string, string | undefined> = {};
      // The export quotes cells a spreadsheet would run as formulas; the quote is not the value.
      header.forEach((name, i) => {
        const raw = record[i];
        cells[name] = raw === undefined ? undefined : restoreCell(raw);
      });
      try {
        if (record.length > header.length && record.slice(header.length).some((c) => c.trim() !== ''))
          throw new RowError(`the row has ${record.length} cells but the header only ${header.length}`);
        if ((cells.sku ?? '').trim() === '' && legacyFormat) {
          // Magento's legacy format: the row continues the custom options of the product above.
          legacyOptions.continueProduct(cells, defaultStoreCode);
          continue;
        }
        const parsed = parseRow(row, cells, digits);
        // Options that cannot be read refuse the row: a product never sells without its options.
        const customOptions = rowCustomOptions(row, parsed.sku, parsed.storeView, cells.custom_options, digits);
        // Links and samples that cannot be read refuse the row too, before it is planned.
        const downloadables =
          parsed.storeView === undefined ? rowDownloadables(row, parsed.sku, parsed.type, cells, digits) : null;
        if (parsed.storeView !== undefined) {
          // A store view's values of a product: applied once every product row is in.
          storeRows.push(parsed);
          if (customOptions) optionRows.push(customOptions);
          continue;
        }
        if (legacyFormat) {
          closeLegacy();
          // Legacy option cells that cannot be read refuse the product's row, as the column does.
          if (!customOptions) legacyOptions.startProduct(row, parsed.sku, cells);
        }
        const duplicate = planner.claim(row, parsed.sku, parsed.type);
        if (duplicate) throw new RowError(duplicate);
        batch.push(parsed);
        for (const cell of record) charsInBatch += cell.length;
        if (customOptions) optionRows.push(customOptions);
        const links = rowLinks(row, parsed.sku, cells);
        if (links) linkRows.push(links);
        const composite = rowComposite(row, parsed.sku, parsed.type, cells, parsed.attributes, digits);
        if (composite) compositeRows.push(composite);
        if (downloadables) downloadableRows.push(downloadables);
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        const sku = (cells.sku ?? '').trim();
        // The rows that continue a refused product are refused with it.
        if (sku !== '' && legacyFormat) legacyOptions.drop();
        // A refused row still holds its sku: a second row with it is a duplicate either way.
        const duplicate = sku === '' ? null : planner.claim(row, sku);
        reject({ row, sku, reason: duplicate ?? error.message });
      }
      if (batch.length >= batchSize || charsInBatch >= batchChars) {
        waiting.push(...(await flush(batch, false)));
        batch = [];
        charsInBatch = 0;
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
  closeLegacy();
  waiting.push(...(await flush(batch, false)));
  // Configurables whose variants came later in the file, now that every row has been read.
  for (let i = 0; i < waiting.length; i += batchSize) await flush(waiting.slice(i, i + batchSize), true);
  waiting = [];
  for (let i = 0; i < storeRows.length; i += batchSize) await flushStoreRows(storeRows.slice(i, i + batchSize));
  const accepted = (sku: string) => planner.fileRow(sku)?.ok === true;
  for (const rejection of await importLinks(
    db,
    linkRows.filter((r) => accepted(r.sku)),
    accepted,
    dryRun,
  ))
    reject(rejection);
  for (const rejection of await importCustomOptions(
    db,
    optionRows.filter((r) => r.storeView !== undefined || accepted(r.sku)),
    stores,
    defaultStoreCode,
    dryRun,
  ))
    reject(rejection);
  for (const rejection of await importComposites(
    db,
    compositeRows.filter((r) => accepted(r.sku)),
    dryRun,
    (sku) => (accepted(sku) ? planner.fileRow(sku)?.type : undefined),
  ))
    reject(rejection);
  for (const rejection of await importDownloadables(
    db,
    downloadableRows.filter((r) => accepted(r.sku)),
    dryRun,
  ))
    reject(rejection);
  options.onProgress?.(report.rows);
  report.rejected.sort((a, b) => a.row - b.row);
  report.droppedColumns = [...dropped].map(([column, rows]) => ({
    column,
    rows,
    reason: UNSUPPORTED_COLUMNS.get(column) ?? '',
  }));

  if (!dryRun && report.created + report.updated > 0) {
    await inWriteTransaction(db, (uow) => refreshCatalogAfterImport(uow, searchIndex, [...touchedConfigurables]));
    await analyze(db);
  }
  return report;
}
