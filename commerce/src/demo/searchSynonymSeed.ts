import type { Kysely } from 'kysely';
import type { Database, SearchSynonymGroupTable } from '../db/tables';
import { DEFAULT_STORE_ID } from '../kernel/storeScope';
import { FRENCH_STORE_ID } from './frenchCatalog';

// The demo's search synonym groups (Magento's search_synonyms), one list per store view: searching
// one word of a group finds what the catalog calls by another. The merchant edits them in the back
// office; the seed starts them where the demo catalog's words need them.

export const DEMO_SYNONYM_GROUPS: ReadonlyArray<{ storeId: number; words: readonly string[] }> = [
  { storeId: DEFAULT_STORE_ID, words: ['hoodie', 'hoody'] },
  { storeId: DEFAULT_STORE_ID, words: ['sweatshirt', 'jumper', 'sweater'] },
  { storeId: DEFAULT_STORE_ID, words: ['tee', 't-shirt', 'tshirt'] },
  { storeId: DEFAULT_STORE_ID, words: ['backpack', 'rucksack'] },
  { storeId: DEFAULT_STORE_ID, words: ['trainer', 'sneaker', 'runner'] },
  { storeId: DEFAULT_STORE_ID, words: ['trousers', 'pants'] },
  { storeId: FRENCH_STORE_ID, words: ['sweat', 'pull'] },
  { storeId: FRENCH_STORE_ID, words: ['basket', 'sneaker'] },
];

/** Replaces the synonym groups with the demo's, and starts their id counter after them. */
export async function seedDemoSynonyms(trx: Kysely<Database>): Promise<void> {
  const rows: SearchSynonymGroupTable[] = DEMO_SYNONYM_GROUPS.map((group, i) => ({
    id: i + 1,
    store_id: group.storeId,
    words: group.words.join(','),
  }));
  await trx.deleteFrom('search_synonym_group').execute();
  await trx.insertInto('search_synonym_group').values(rows).execute();
  await trx.updateTable('id_sequence').set({ value: rows.length }).where('name', '=', 'search_synonym_group').execute();
}
