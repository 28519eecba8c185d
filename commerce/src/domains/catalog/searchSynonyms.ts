import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

// Groups of words a shopper may use for the same thing (Magento's search synonym groups): searching
// one finds what the catalog calls by another. The merchant edits them in the back office
// (searchSynonymService.ts), per store view or for all store views; the search vocabulary reads a
// store's groups with its catalog words, once per catalog version (searchVocabulary.ts).

/** How a group's words are kept in its row: lower-case, comma-separated. */
export function wordsOfRow(words: string): string[] {
  return words
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
}

/** The groups that apply in a store view: its own and those for all store views. */
export async function synonymGroupsOf(db: Kysely<Database>, storeId: number): Promise<string[][]> {
  const rows = await db
    .selectFrom('search_synonym_group')
    .select(['words'])
    .where((eb) => eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => wordsOfRow(row.words));
}
