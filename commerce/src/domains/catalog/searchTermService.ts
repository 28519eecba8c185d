import type { Kysely } from 'kysely';
import type { Database, SearchQueryTable } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';

// Search terms (Magento's search_query): what shoppers search for in each store view, how often,
// and how many products it found the last time. The back office lists them (popular terms, terms
// with no results) and may send a term to a page instead of a result list.
//
// Counting stays off the request path: a search adds to an in-memory tally, and a timer writes
// the tally in one transaction a second later. The tally is bounded, so a flood of made-up
// phrases costs at most MAX_PENDING rows per second, and text that cannot be a shopper's search
// (too long, too many words, no letter or digit) is never counted.

/** Longest term kept, in characters (Magento's query_text column is 255 bytes). */
export const MAX_TERM_LENGTH = 128;
const MAX_TERM_WORDS = 12;
/** Distinct (store, term) pairs waiting to be written; beyond it, new ones are dropped until the next write. */
const MAX_PENDING = 1000;
const FLUSH_MS = 1000;
const MAX_REDIRECT_LENGTH = 2048;

/** The form a term is counted under: NFKC, lower case, single spaces; null when it is no shopper's search. */
export function normaliseSearchTerm(text: string): string | null {
  const term = text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  if (term === '' || [...term].length > MAX_TERM_LENGTH) return null;
  if (!/[\p{L}\p{N}]/u.test(term)) return null;
  if (term.split(' ').length > MAX_TERM_WORDS) return null;
  return term;
}

/** A redirect as kept: a path on the shop ("/sale") or an absolute http(s) URL; null clears it. */
export function checkedRedirect(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  const error = (message: string) => new DomainError('input', message, { field: 'redirect' });
  if (text.length > MAX_REDIRECT_LENGTH) throw error(`A redirect is at most ${MAX_REDIRECT_LENGTH} characters.`);
  if (/\s/.test(text)) throw error('A redirect cannot contain spaces.');
  if (text.startsWith('/')) {
    // "//host" would leave the shop: a path names one page of it.
    if (text.startsWith('//') || text.includes('\\')) throw error(`"${text}" is not a path on the shop.`);
    return text;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw error(`"${text}" is neither a path on the shop (starting with /) nor an http(s) address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw error(`"${text}" is neither a path on the shop (starting with /) nor an http(s) address.`);
  return url.href;
}

export interface SearchTermRecord {
  id: number;
  storeCode: string;
  queryText: string;
  uses: number;
  results: number;
  redirect: string | null;
  displayInTerms: boolean;
  updatedAt: string;
}

export type SearchTermSort = 'POPULAR' | 'RECENT' | 'TEXT';

export interface SearchTermListArgs {
  storeCode: string;
  noResultsOnly: boolean;
  sort: SearchTermSort;
  pageSize: number;
  currentPage: number;
}

interface Pending {
  storeId: number;
  text: string;
  uses: number;
  results: number;
}

function fieldError(field: string, message: string): DomainError {
  return new DomainError('input', message, { field });
}

function termId(raw: string): number {
  const id = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(id) || id < 1)
    throw noSuchEntityError(`There is no search term ${raw}.`);
  return id;
}

export function createSearchTermService(db: Kysely<Database>, clock: Clock, logError: (line: string) => void) {
  const pending = new Map<string, Pending>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Pending[]): Promise<void> {
    const at = clock().toISOString();
    await inWriteTransaction(db, async ({ db: trx }) => {
      for (const term of batch) {
        const updated = await trx
          .updateTable('search_query')
          .set((eb) => ({ popularity: eb('popularity', '+', term.uses), num_results: term.results, updated_at: at }))
          .where('store_id', '=', term.storeId)
          .where('query_text', '=', term.text)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) continue;
        // Another process may have added it meanwhile: the unique index turns this into an update.
        await trx
          .insertInto('search_query')
          .values({
            id: await nextId(trx, 'search_query'),
            store_id: term.storeId,
            query_text: term.text,
            popularity: term.uses,
            num_results: term.results,
            redirect: null,
            display_in_terms: 1,
            updated_at: at,
          })
          .onConflict((oc) =>
            oc.columns(['store_id', 'query_text']).doUpdateSet((eb) => ({
              popularity: eb('search_query.popularity', '+', term.uses),
              num_results: term.results,
              updated_at: at,
            })),
          )
          .execute();
      }
    });
  }

  /** Writes what was counted so far (also every second after a search, and at shutdown). */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = [...pending.values()];
    pending.clear();
    if (batch.length > 0)
      writing = writing
        .then(() => write(batch))
        .catch((error: unknown) => logError(`commerce: writing search terms failed: ${String(error)}`));
    return writing;
  }

  /** Counts one search of `text` in a store view that found `results` products; never throws, never waits. */
  function record(storeId: number, text: string, results: number): void {
    const term = normaliseSearchTerm(text);
    if (term === null) return;
    const key = `${storeId}\n${term}`;
    const seen = pending.get(key);
    if (seen) {
      seen.uses += 1;
      seen.results = results;
    } else if (pending.size < MAX_PENDING) pending.set(key, { storeId, text: term, uses: 1, results });
    if (!timer) {
      timer = setTimeout(() => void flush(), FLUSH_MS);
      timer.unref?.();
    }
  }

  /** Where a search for `text` in the store view goes instead of a result page; null when nowhere. */
  async function redirectFor(storeId: number, text: string): Promise<string | null> {
    const term = normaliseSearchTerm(text);
    if (term === null) return null;
    const row = await db
      .selectFrom('search_query')
      .select('redirect')
      .where('store_id', '=', storeId)
      .where('query_text', '=', term)
      .executeTakeFirst();
    return row?.redirect ?? null;
  }

  /** The store view's most searched terms that found products, for a search that found nothing. */
  async function popular(storeId: number, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('search_query')
      .select('query_text')
      .where('store_id', '=', storeId)
      .where('display_in_terms', '=', 1)
      .where('num_results', '>', 0)
      .orderBy('popularity', 'desc')
      .orderBy('query_text')
      .limit(limit)
      .execute();
    return rows.map((r) => r.query_text);
  }

  async function storeIdOf(reader: Kysely<Database>, code: string): Promise<number> {
    const row = await reader.selectFrom('store_view').select('id').where('code', '=', code.trim()).executeTakeFirst();
    if (!row) throw fieldError('storeCode', `There is no store view "${code}".`);
    return Number(row.id);
  }

  function recordOf(row: SearchQueryTable, storeCode: string): SearchTermRecord {
    return {
      id: Number(row.id),
      storeCode,
      queryText: row.query_text,
      uses: Number(row.popularity),
      results: Number(row.num_results),
      redirect: row.redirect,
      displayInTerms: Number(row.display_in_terms) === 1,
      updatedAt: row.updated_at,
    };
  }

  /** A store view's terms, a page at a time, with how many there are. */
  async function list(args: SearchTermListArgs): Promise<{ items: SearchTermRecord[]; totalCount: number }> {
    if (!Number.isInteger(args.pageSize) || args.pageSize < 1 || args.pageSize > 100)
      throw fieldError('pageSize', 'Ask for 1 to 100 search terms at a time.');
    if (!Number.isInteger(args.currentPage) || args.currentPage < 1)
      throw fieldError('currentPage', 'The page number starts at 1.');
    const storeId = await storeIdOf(db, args.storeCode);
    let query = db.selectFrom('search_query').where('store_id', '=', storeId);
    if (args.noResultsOnly) query = query.where('num_results', '=', 0);
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    let rows = query.selectAll();
    rows =
      args.sort === 'POPULAR'
        ? rows.orderBy('popularity', 'desc')
        : args.sort === 'RECENT'
          ? rows.orderBy('updated_at', 'desc')
          : rows.orderBy('query_text');
    const items = await rows
      .orderBy('id')
      .limit(args.pageSize)
      .offset((args.currentPage - 1) * args.pageSize)
      .execute();
    return { items: items.map((row) => recordOf(row, args.storeCode.trim())), totalCount: Number(counted?.n ?? 0) };
  }

  async function codeOf(reader: Kysely<Database>, storeId: number): Promise<string> {
    const row = await reader.selectFrom('store_view').select('code').where('id', '=', storeId).executeTakeFirst();
    return row?.code ?? String(storeId);
  }

  /** Sets (or, with null, clears) a term's redirect and whether it is offered as a popular search. */
  async function update(
    rawId: string,
    changes: { redirect: string | null | undefined; displayInTerms: boolean | null | undefined },
    actor: Actor,
  ): Promise<SearchTermRecord> {
    const id = termId(rawId);
    const redirect = changes.redirect === undefined ? undefined : checkedRedirect(changes.redirect);
    const saved = await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const before = await trx.selectFrom('search_query').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw noSuchEntityError(`There is no search term ${id}.`);
      const after: SearchQueryTable = {
        ...before,
        id: Number(before.id),
        redirect: redirect === undefined ? before.redirect : redirect,
        display_in_terms:
          changes.displayInTerms === null || changes.displayInTerms === undefined
            ? Number(before.display_in_terms)
            : changes.displayInTerms
              ? 1
              : 0,
      };
      await trx
        .updateTable('search_query')
        .set({ redirect: after.redirect, display_in_terms: after.display_in_terms })
        .where('id', '=', id)
        .execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'search_query.update',
          entityType: 'search_query',
          entityId: id,
          before: { redirect: before.redirect, display_in_terms: Number(before.display_in_terms) },
          after: { redirect: after.redirect, display_in_terms: after.display_in_terms },
        },
        uow.now,
      );
      // Cached answers and pages (a search page, its route) follow the new redirect; no product changed.
      uow.catalogChanged({ products: [] });
      return after;
    });
    return recordOf(saved, await codeOf(db, saved.store_id));
  }

  async function remove(rawId: string, actor: Actor): Promise<void> {
    const id = termId(rawId);
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const before = await trx.selectFrom('search_query').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw noSuchEntityError(`There is no search term ${id}.`);
      await trx.deleteFrom('search_query').where('id', '=', id).execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'search_query.delete',
          entityType: 'search_query',
          entityId: id,
          before: { ...before, id: Number(before.id) },
        },
        uow.now,
      );
      if (before.redirect !== null) uow.catalogChanged({ products: [] });
    });
  }

  return { record, flush, redirectFor, popular, list, update, remove };
}

export type SearchTermService = ReturnType<typeof createSearchTermService>;
