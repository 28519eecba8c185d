import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inWriteTransaction } from '../../kernel/transaction';
import {
  replaceDownloadables,
  type DownloadableLinkInput,
  type DownloadableSampleInput,
  type DownloadableSet,
  type StoredDownloadables,
} from '../catalog';
import { EMPTY_VALUE } from './magentoCsvColumns';
import { parseAmount, RowError } from './rowValidation';
import type { Rejection } from './importPlanner';

// Magento's `downloadable_links` and `downloadable_samples` columns (DownloadableImportExport):
// entries separated by `|`, each a comma-separated list of `key=value`. Magento's importer reads
// short keys (title, price, downloads = a number or "unlimited", sortorder, shareable, file or url,
// sample, group_title); its exporter writes the table's own names (title, sort_order,
// number_of_downloads, is_shareable, link_type, link_file or link_url, sample_type, sample_file or
// sample_url, price, group_title), leaving out empty and zero values. Both are read here; the
// export writes the exporter's form. File paths are kept relative to the shop's private
// downloadable folder and refused when they could leave it.

const ENTRY_SEPARATOR = '|';
const PAIR_SEPARATOR = ',';
const DEFAULT_LINKS_TITLE = 'Links';
const DEFAULT_SAMPLES_TITLE = 'Samples';
/** Magento's is_shareable: 2 = use the shop's setting. */
const SHAREABLE_VALUES = new Set([0, 1, 2]);

/** One product row's links and samples; absent when both cells are empty. */
export interface RowDownloadables {
  row: number;
  sku: string;
  set: DownloadableSet;
}

type Fields = Map<string, string>;

function entriesOf(cell: string): Fields[] {
  return cell
    .split(ENTRY_SEPARATOR)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const fields: Fields = new Map();
      let last: string | null = null;
      for (const pair of part.split(PAIR_SEPARATOR)) {
        const at = pair.indexOf('=');
        // A comma inside a value (a title) leaves a piece without `=`: it belongs to the value before.
        if (at < 0) {
          if (last !== null) fields.set(last, `${fields.get(last) ?? ''}${PAIR_SEPARATOR}${pair}`);
          continue;
        }
        last = pair.slice(0, at).trim();
        fields.set(last, pair.slice(at + 1).trim());
      }
      return fields;
    });
}

const pick = (fields: Fields, ...keys: string[]): string | undefined => {
  for (const key of keys) {
    const value = fields.get(key);
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
};

/** A file path inside the private downloadable folder: no `..`, no backslashes, no odd characters. */
export function safeDownloadPath(column: string, raw: string): string {
  const trimmed = raw.trim();
  const segments = trimmed.split('/').filter((s) => s !== '');
  if (
    segments.length === 0 ||
    segments.some((s) => s === '.' || s === '..' || !/^[A-Za-z0-9._-]+$/.test(s)) ||
    trimmed.includes('\\')
  )
    throw new RowError(`${column}: the file "${raw}" is not a path inside the shop's downloadable files`);
  return `/${segments.join('/')}`;
}

/** An http(s) address, as Magento takes for a link or a sample. */
function safeUrl(column: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new RowError(`${column}: "${raw}" is not an address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RowError(`${column}: "${raw}" is not an http or https address`);
  return url.toString();
}

function wholeNumber(column: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new RowError(`${column}: "${raw}" is not a whole number`);
  return Number(raw);
}

/** The file or address of a link or sample: `file`/`url` (import form) or the exporter's names. */
function source(
  column: string,
  fields: Fields,
  prefix: 'link' | 'sample',
  short: { file: string; url: string },
): { type: 'file' | 'url'; file: string | null; url: string | null } | null {
  const file = pick(fields, short.file, `${prefix}_file`);
  const url = pick(fields, short.url, `${prefix}_url`);
  if (file !== undefined && url !== undefined) throw new RowError(`${column}: give a file or an address, not both`);
  if (file !== undefined) return { type: 'file', file: safeDownloadPath(column, file), url: null };
  if (url !== undefined) return { type: 'url', file: null, url: safeUrl(column, url) };
  return null;
}

function linkOf(fields: Fields, digits: number): DownloadableLinkInput {
  const column = 'downloadable_links';
  const title = pick(fields, 'title');
  if (!title) throw new RowError(`${column}: a link has no title`);
  const main = source(column, fields, 'link', { file: 'file', url: 'url' });
  if (!main) throw new RowError(`${column}: link "${title}" has no file or url`);
  // Magento's importer takes `sample=` as a file or an address, whichever it looks like.
  const shortSample = pick(fields, 'sample');
  const sample = shortSample
    ? /^https?:\/\//i.test(shortSample)
      ? { type: 'url' as const, file: null, url: safeUrl(column, shortSample) }
      : { type: 'file' as const, file: safeDownloadPath(column, shortSample), url: null }
    : source(column, fields, 'sample', { file: 'sample_file', url: 'sample_url' });
  const downloads = pick(fields, 'downloads', 'number_of_downloads');
  const shareable = wholeNumber(column, pick(fields, 'shareable', 'is_shareable'), 2);
  if (!SHAREABLE_VALUES.has(shareable)) throw new RowError(`${column}: shareable must be 0, 1 or 2`);
  const price = pick(fields, 'price');
  return {
    title,
    price: price === undefined ? 0 : parseAmount(`${column} price`, price, digits, true),
    number_of_downloads: downloads === undefined || downloads === 'unlimited' ? 0 : wholeNumber(column, downloads, 0),
    is_shareable: shareable,
    sort_order: wholeNumber(column, pick(fields, 'sortorder', 'sort_order'), 0),
    link_type: main.type,
    link_file: main.file,
    link_url: main.url,
    sample_type: sample?.type ?? null,
    sample_file: sample?.file ?? null,
    sample_url: sample?.url ?? null,
  };
}

function sampleOf(fields: Fields): DownloadableSampleInput {
  const column = 'downloadable_samples';
  const title = pick(fields, 'title');
  if (!title) throw new RowError(`${column}: a sample has no title`);
  const main = source(column, fields, 'sample', { file: 'file', url: 'url' });
  if (!main) throw new RowError(`${column}: sample "${title}" has no file or url`);
  return {
    title,
    sort_order: wholeNumber(column, pick(fields, 'sortorder', 'sort_order'), 0),
    sample_type: main.type,
    sample_file: main.file,
    sample_url: main.url,
  };
}

/**
 * A row's links and samples, checked before anything is written; null when the row gives neither
 * (the product keeps what it has). Cells that cannot be read refuse the row.
 */
export function rowDownloadables(
  row: number,
  sku: string,
  type: string | undefined,
  cells: Record<string, string | undefined>,
  digits: number,
): RowDownloadables | null {
  const linksCell = (cells.downloadable_links ?? '').trim();
  const samplesCell = (cells.downloadable_samples ?? '').trim();
  if (linksCell === '' && samplesCell === '') return null;
  if (type !== undefined && type !== 'downloadable')
    throw new RowError(`downloadable_links and downloadable_samples are given for a ${type} product`);
  const links = linksCell === EMPTY_VALUE ? [] : entriesOf(linksCell);
  const samples = samplesCell === EMPTY_VALUE ? [] : entriesOf(samplesCell);
  return {
    row,
    sku,
    set: {
      links_title: pick(links[0] ?? new Map<string, string>(), 'group_title') ?? DEFAULT_LINKS_TITLE,
      samples_title: pick(samples[0] ?? new Map<string, string>(), 'group_title') ?? DEFAULT_SAMPLES_TITLE,
      links_purchased_separately: 1,
      links: links.map((f) => linkOf(f, digits)),
      samples: samples.map(sampleOf),
    },
  };
}

/** Writes the accepted rows' links and samples, a few hundred products a transaction. */
export async function importDownloadables(
  db: Kysely<Database>,
  rows: readonly RowDownloadables[],
  dryRun: boolean,
): Promise<Rejection[]> {
  if (dryRun || rows.length === 0) return [];
  const ids = new Map<string, number>();
  const skus = [...new Set(rows.map((r) => r.sku))];
  for (let i = 0; i < skus.length; i += 400)
    for (const f of await db
      .selectFrom('product')
      .select(['id', 'sku', 'type'])
      .where('sku', 'in', skus.slice(i, i + 400))
      .execute())
      if (f.type === 'downloadable') ids.set(f.sku, Number(f.id));
  const rejections: Rejection[] = [];
  for (const r of rows)
    if (!ids.has(r.sku))
      rejections.push({ row: r.row, sku: r.sku, reason: 'downloadable_links: the product is not downloadable' });
  for (let i = 0; i < rows.length; i += 300)
    await inWriteTransaction(db, async (uow) => {
      let changed = false;
      for (const r of rows.slice(i, i + 300)) {
        const id = ids.get(r.sku);
        if (id !== undefined && (await replaceDownloadables(uow.db, id, r.set))) changed = true;
      }
      if (changed) uow.catalogChanged();
    });
  return rejections;
}

const pair = (key: string, value: string | number | null) =>
  value === null || value === '' || value === 0 ? [] : [`${key}=${value}`];

/**
 * The two cells as Magento's exporter writes them: the table's names, empty and zero values left
 * out — except is_shareable, whose 0 a re-import would otherwise read as "the shop's setting".
 */
export function downloadableCells(
  stored: StoredDownloadables | undefined,
  money: (minor: number) => string,
): { downloadable_links: string; downloadable_samples: string } {
  if (!stored) return { downloadable_links: '', downloadable_samples: '' };
  const links = stored.links.map((l) =>
    [
      ...pair('title', l.title),
      ...pair('sort_order', l.sort_order),
      ...pair('number_of_downloads', l.number_of_downloads),
      // Written even when 0: left out, an import would read the default (2, the shop's setting).
      `is_shareable=${l.is_shareable}`,
      ...pair('link_type', l.link_type),
      ...pair('link_file', l.link_file),
      ...pair('link_url', l.link_url),
      ...pair('sample_type', l.sample_type),
      ...pair('sample_file', l.sample_file),
      ...pair('sample_url', l.sample_url),
      ...pair('price', l.price === 0 ? 0 : money(l.price)),
      ...pair('group_title', stored.links_title),
    ].join(PAIR_SEPARATOR),
  );
  const samples = stored.samples.map((s) =>
    [
      ...pair('title', s.title),
      ...pair('sort_order', s.sort_order),
      ...pair('sample_type', s.sample_type),
      ...pair('sample_file', s.sample_file),
      ...pair('sample_url', s.sample_url),
      ...pair('group_title', stored.samples_title),
    ].join(PAIR_SEPARATOR),
  );
  return { downloadable_links: links.join(ENTRY_SEPARATOR), downloadable_samples: samples.join(ENTRY_SEPARATOR) };
}
