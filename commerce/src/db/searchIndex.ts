import type { Kysely } from 'kysely';
import type { Database } from './tables';
import type { UntypedDb, UntypedSelect } from './untyped';

export interface SearchDocument {
  productId: number;
  /** The default store view's name. */
  name: string;
  sku: string;
  /** Plain text (no HTML) of the descriptions and attribute labels. */
  body: string;
  /**
   * The names the other store views give the product, space-separated: each one's own, or the
   * default name where it has none (a store-view value falls back to the default, as in Magento).
   */
  storeNames: string;
  /** The other store views' descriptions and labels (each one's own, or the default's), plain text. */
  storeBody: string;
}

/**
 * Which texts a search reads, so each store view matches its own language (issue 34): the default
 * store view's (name, sku, descriptions) or another store view's (its names and descriptions, each
 * falling back to the default store's, sku) — the same texts its vocabulary is made of
 * (db/productWords.ts). The other store views' texts share columns: with two languages that is one
 * index per store view; with more, the non-default store views read each other's texts.
 */
export type SearchScope = 'default' | 'storeNames';

const STORE_NAMES_MARK = '@names ';

/**
 * The expression searched in the other store views' names. The scope travels in the expression
 * itself, so every cache keyed by the expression keeps the scopes apart.
 */
export function inStoreNames(expression: string): string {
  return expression === '' ? '' : `${STORE_NAMES_MARK}${expression}`;
}

/** The scope an expression is searched in, and the expression without its mark. */
export function searchScopeOf(expression: string): { scope: SearchScope; expression: string } {
  return expression.startsWith(STORE_NAMES_MARK)
    ? { scope: 'storeNames', expression: expression.slice(STORE_NAMES_MARK.length) }
    : { scope: 'default', expression };
}

export interface SearchMatchRow {
  product_id: number;
  /** Higher is more relevant. */
  score: number;
}

/**
 * Full-text search is the one place where SQL engines differ, so it lives behind this interface:
 * services only see a subquery of (product_id, score) rows they can join and filter.
 */
export interface SearchIndex {
  /** Creates the index structures; called by a migration. */
  createStructure(db: UntypedDb): Promise<void>;
  /**
   * Whether the index has the other store views' names apart (migration 0044); an older index
   * holds every store view's names in one name column.
   */
  hasStoreNames(db: UntypedDb): Promise<boolean>;
  /** Whether the index has the other store views' descriptions (migration 0052). */
  hasStoreBody(db: UntypedDb): Promise<boolean>;
  /** Renames the index's structures out of the way (to `<name>_old`), so a new one can be made beside them. */
  renameAside(db: UntypedDb): Promise<void>;
  /** Documents may come one page at a time (an async generator), so a large catalog is never all in memory. */
  replaceAll(
    // Also a migration's untyped connection (db/searchStoreFallbackMigration.ts).
    db: Kysely<Database> | UntypedDb,
    documents: Iterable<SearchDocument> | AsyncIterable<SearchDocument>,
  ): Promise<void>;
  /**
   * The documents of `productIds` alone: their rows deleted, `documents` (those of them still
   * searchable) inserted. A product save then costs the same on any catalog size (issue 33).
   */
  replaceProducts(
    // Also a migration's untyped connection (db/searchStoreNames.ts).
    db: Kysely<Database> | UntypedDb,
    productIds: readonly number[],
    documents: Iterable<SearchDocument> | AsyncIterable<SearchDocument>,
  ): Promise<void>;
  /**
   * Products matching a search expression (see parseSearchExpression); null when it holds
   * nothing searchable.
   */
  matches(db: Kysely<Database>, expression: string): UntypedSelect<SearchMatchRow> | null;
}

/** Words of a shopper's query, lower-cased, without punctuation that search syntaxes treat specially. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, 12);
}

/** One word of a search expression: the word itself, or (prefix) any word it begins. */
export interface SearchAlternative {
  term: string;
  prefix: boolean;
}

/**
 * A search expression, as the catalog's query rewriting writes it: groups separated by spaces,
 * each a `|`-separated list of alternative words, a word ending in `*` standing for any word it
 * begins. A product matches when it holds one alternative of every group. A shopper's plain words
 * read as groups of one word each. Anything but letters and digits is dropped, so nothing in a
 * term is an engine's query syntax.
 */
export function parseSearchExpression(expression: string): SearchAlternative[][] {
  const groups: SearchAlternative[][] = [];
  for (const group of expression.split(/\s+/).slice(0, 12)) {
    const alternatives: SearchAlternative[] = [];
    for (const word of group.split('|').slice(0, 64)) {
      const term = searchTerms(word)[0];
      if (term !== undefined) alternatives.push({ term, prefix: word.endsWith('*') });
    }
    if (alternatives.length > 0) groups.push(alternatives);
  }
  return groups;
}
