import type { Kysely } from 'kysely';
import type { Database } from './tables';
import type { UntypedDb, UntypedSelect } from './untyped';

export interface SearchDocument {
  productId: number;
  name: string;
  sku: string;
  /** Plain text (no HTML) of the descriptions and attribute labels. */
  body: string;
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
  /** Documents may come one page at a time (an async generator), so a large catalog is never all in memory. */
  replaceAll(db: Kysely<Database>, documents: Iterable<SearchDocument> | AsyncIterable<SearchDocument>): Promise<void>;
  /** Null when the text contains nothing searchable. */
  matches(db: Kysely<Database>, text: string): UntypedSelect<SearchMatchRow> | null;
}

/** Words of a shopper's query, lower-cased, without punctuation that search syntaxes treat specially. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, 12);
}
