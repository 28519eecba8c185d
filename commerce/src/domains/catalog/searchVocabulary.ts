import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { StoreScope } from '../../kernel/storeScope';
import { catalogVersionOfRequest } from '../../db/catalogIndex';
import { readWordCounts, wordKindsOf } from '../../db/productWords';
import { readCatalogChanges } from '../../kernel/catalogChangeLog';
import { buildVocabulary, singularForms } from './searchWords';
import type { StoreVocabulary } from './searchWords';
import { synonymGroupsOf } from './searchSynonyms';

/** Store views whose vocabularies one process keeps. */
const KEPT_STORES = 64;

/** A store's vocabulary as this process keeps it: changed in place as the catalog changes. */
interface LiveVocabulary {
  version: number;
  /** Per word, how many (product, kind) word rows hold it: a word leaves when this reaches 0. */
  counts: Map<string, number>;
  kinds: readonly number[];
  words: Set<string>;
  bySingular: Map<string, string[]>;
  sorted: string[];
  synonyms: ReadonlyMap<string, readonly string[]>;
  byLength: Map<number, string[]>;
  vocabulary: StoreVocabulary;
}

/** Where `word` goes in a sorted list (its index when present). */
function sortedIndex(list: readonly string[], word: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted(list: string[], word: string): void {
  const at = sortedIndex(list, word);
  if (list[at] !== word) list.splice(at, 0, word);
}

function removeSorted(list: string[], word: string): void {
  const at = sortedIndex(list, word);
  if (list[at] === word) list.splice(at, 1);
}

/** A key a typo may be corrected to: a singular or synonym without digits (codes are found by prefix). */
const correctable = (key: string) => !/\d/.test(key);

/**
 * The vocabulary of some word counts: the words in sorted order, so each singular's words are in
 * one order (alphabetical) however the vocabulary was made, patched or whole.
 */
function liveVocabulary(
  store: StoreScope,
  version: number,
  counts: Map<string, number>,
  synonymGroups: readonly (readonly string[])[],
): LiveVocabulary {
  const built = buildVocabulary(store.locale, [...counts.keys()].sort(), synonymGroups);
  const words = new Set(built.words);
  const bySingular = new Map([...built.bySingular].map(([key, list]): [string, string[]] => [key, [...list]]));
  const sorted = [...built.sorted];
  const byLength = new Map([...built.byLength].map(([length, list]): [number, string[]] => [length, [...list]]));
  const synonyms = built.synonyms;
  return {
    version,
    counts,
    kinds: wordKindsOf(store),
    words,
    bySingular,
    sorted,
    synonyms,
    byLength,
    vocabulary: { locale: store.locale, words, bySingular, sorted, synonyms, byLength },
  };
}

function addWord(live: LiveVocabulary, word: string): void {
  live.words.add(word);
  insertSorted(live.sorted, word);
  for (const key of singularForms(word, live.vocabulary.locale)) {
    const list = live.bySingular.get(key);
    if (list) {
      insertSorted(list, word);
      continue;
    }
    live.bySingular.set(key, [word]);
    if (!correctable(key) || live.synonyms.has(key)) continue;
    const ofLength = live.byLength.get(key.length);
    if (ofLength) ofLength.push(key);
    else live.byLength.set(key.length, [key]);
  }
}

function removeWord(live: LiveVocabulary, word: string): void {
  live.words.delete(word);
  removeSorted(live.sorted, word);
  for (const key of singularForms(word, live.vocabulary.locale)) {
    const list = live.bySingular.get(key);
    if (!list) continue;
    const at = list.indexOf(word);
    if (at >= 0) list.splice(at, 1);
    if (list.length > 0) continue;
    live.bySingular.delete(key);
    if (!correctable(key) || live.synonyms.has(key)) continue;
    const ofLength = live.byLength.get(key.length);
    if (!ofLength) continue;
    const keyAt = ofLength.indexOf(key);
    if (keyAt >= 0) ofLength.splice(keyAt, 1);
    if (ofLength.length === 0) live.byLength.delete(key.length);
  }
}

/** Applies differences in word counts; a word enters at its first holder and leaves with its last. */
function applyWordDeltas(live: LiveVocabulary, deltas: ReadonlyMap<number, ReadonlyMap<string, number>>): void {
  const total = new Map<string, number>();
  for (const kind of live.kinds)
    for (const [word, by] of deltas.get(kind) ?? []) total.set(word, (total.get(word) ?? 0) + by);
  for (const [word, by] of total) {
    if (by === 0) continue;
    const before = live.counts.get(word) ?? 0;
    const after = before + by;
    if (after > 0) live.counts.set(word, after);
    else live.counts.delete(word);
    if (before <= 0 && after > 0) addWord(live, word);
    else if (before > 0 && after <= 0) removeWord(live, word);
  }
}

/**
 * Each store view's vocabulary: the words of its catalog texts (the default store's names, skus and
 * descriptions; another store's translated names and skus) with its search synonym groups. Made
 * whole once from the product words table (db/productWords.ts), then, when the catalog version
 * moves, patched with the word differences the change log records (issue 33): a product save
 * reads the log, not the catalog. A change the log cannot describe (an import, a synonym edit) or a
 * pruned log makes it whole again. That rebuild is awaited rather than served stale: an old
 * vocabulary could rewrite a new product's words into others, and the search would miss it.
 */
export function createSearchVocabularies(db: Kysely<Database>) {
  const kept = new Map<number, LiveVocabulary>();
  const pending = new Map<number, { version: number; promise: Promise<LiveVocabulary> }>();

  async function whole(store: StoreScope): Promise<LiveVocabulary> {
    const synonymGroups = await synonymGroupsOf(db, store.id);
    // The counts and their version in one statement: the log's differences then apply exactly.
    const { version, counts } = await readWordCounts(db, wordKindsOf(store));
    return liveVocabulary(store, version, counts, synonymGroups);
  }

  async function update(store: StoreScope, version: number): Promise<LiveVocabulary> {
    const live = kept.get(store.id);
    if (!live) return whole(store);
    const changes = await readCatalogChanges(db, live.version, version);
    // Another request may have moved it on meanwhile.
    if (live.version >= version) return live;
    if (changes.everything) return whole(store);
    applyWordDeltas(live, changes.words);
    live.version = version;
    return live;
  }

  return async (store: StoreScope): Promise<StoreVocabulary> => {
    const version = await catalogVersionOfRequest(db);
    const live = kept.get(store.id);
    if (live && live.version >= version) {
      kept.delete(store.id);
      kept.set(store.id, live);
      return live.vocabulary;
    }
    let job = pending.get(store.id);
    if (!job || job.version < version) {
      // One update at a time per store: patches change the kept vocabulary in place.
      const before = job?.promise.catch(() => undefined);
      const promise = (async () => {
        await before;
        return update(store, version);
      })();
      const current = { version, promise };
      pending.set(store.id, current);
      job = current;
      promise.then(
        (made) => {
          kept.delete(store.id);
          kept.set(store.id, made);
          while (kept.size > KEPT_STORES) kept.delete(kept.keys().next().value as number);
          if (pending.get(store.id) === current) pending.delete(store.id);
        },
        () => {
          if (pending.get(store.id) === current) pending.delete(store.id);
        },
      );
    }
    return (await job.promise).vocabulary;
  };
}
