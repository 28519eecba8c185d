// Forgiving search: a shopper's words are rewritten into the words of the store's own catalog
// before the search engine runs. Each word becomes the catalog words it stands for: itself, its
// singular and plural forms, the members of its synonym groups, and, when none of those is in the
// catalog, the catalog words within one typo (words of 4+ letters) or two (8+). The word being
// typed (the last) also stands for the catalog words it begins. Only words of the store's own
// texts are kept, so a store matches its own language.

import { foldWord, wordsOf } from '../../kernel/catalogWords';

export { foldWord, wordsOf };

/**
 * A word's possible singulars, by the simple plural rules of the store's language (stems both
 * sides share): 'hoodies' may be 'hoodie' or 'hoody', so both are tried.
 */
export function singularForms(word: string, locale: string): string[] {
  if (word.length <= 3 || /\d/.test(word)) return [word];
  if (locale.startsWith('fr')) {
    if (word.endsWith('aux')) return [word.slice(0, -1), `${word.slice(0, -3)}al`];
    if (/[sx]$/.test(word)) return [word.slice(0, -1)];
    return [word];
  }
  if (word.endsWith('ies')) return [word.slice(0, -1), `${word.slice(0, -3)}y`];
  if (word.endsWith('rves')) return [`${word.slice(0, -3)}f`, word.slice(0, -1)];
  if (/(ches|shes|sses|xes|zes)$/.test(word)) return [word.slice(0, -2)];
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return [word.slice(0, -1)];
  return [word];
}

/** A word's likeliest singular. */
export function singular(word: string, locale: string): string {
  return singularForms(word, locale)[0]!;
}

/** How many typos a word of this length may hold: one from 4 letters, two from 8. */
export function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Optimal string alignment distance (a swap of two neighbours counts as one typo), or `limit + 1`
 * as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/** The words of one store's catalog, by singular. */
export interface StoreVocabulary {
  locale: string;
  /** Every word of the store's texts. */
  words: ReadonlySet<string>;
  /** Singular → the words of the catalog with that singular. */
  bySingular: ReadonlyMap<string, readonly string[]>;
  /** Sorted words, for the words a prefix begins. */
  sorted: readonly string[];
  /** Singular → its synonym group's other singulars. */
  synonyms: ReadonlyMap<string, readonly string[]>;
  /** Every singular and synonym without digits, by length: what a typo is corrected to. */
  byLength: ReadonlyMap<number, readonly string[]>;
}

export function buildVocabulary(
  locale: string,
  texts: Iterable<string>,
  synonymGroups: readonly (readonly string[])[],
): StoreVocabulary {
  const words = new Set<string>();
  for (const text of texts) for (const word of wordsOf(text)) words.add(word);
  const bySingular = new Map<string, string[]>();
  for (const word of words) {
    for (const key of singularForms(word, locale)) {
      const list = bySingular.get(key);
      if (list) list.push(word);
      else bySingular.set(key, [word]);
    }
  }
  // Groups that share a word are one group: 'jumper, pullover' joins 'sweatshirt, jumper, sweater'.
  const groupOf = new Map<string, Set<string>>();
  for (const group of synonymGroups) {
    const merged = new Set(group.map((w) => singular(wordsOf(w).join(''), locale)));
    // Each earlier group is already whole: its words' own groups are itself.
    for (const member of [...merged]) for (const w of groupOf.get(member) ?? []) merged.add(w);
    for (const member of merged) groupOf.set(member, merged);
  }
  const synonyms = new Map<string, string[]>();
  for (const [member, group] of groupOf)
    synonyms.set(
      member,
      [...group].filter((other) => other !== member),
    );
  const byLength = new Map<number, string[]>();
  for (const key of new Set([...bySingular.keys(), ...synonyms.keys()])) {
    // Codes (skus) are found by prefix, never corrected to.
    if (/\d/.test(key)) continue;
    const list = byLength.get(key.length);
    if (list) list.push(key);
    else byLength.set(key.length, [key]);
  }
  return { locale, words, bySingular, sorted: [...words].sort(), synonyms, byLength };
}

/** The catalog words that begin with `prefix` (at least one), via the sorted list. */
function hasWordBeginning(vocabulary: StoreVocabulary, prefix: string): boolean {
  const { sorted } = vocabulary;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return sorted[low]?.startsWith(prefix) ?? false;
}

/** The catalog words one singular stands for (its plural forms), its synonyms' included. */
function wordsOfSingular(vocabulary: StoreVocabulary, key: string, into: Set<string>): void {
  for (const w of vocabulary.bySingular.get(key) ?? []) into.add(w);
  for (const synonym of vocabulary.synonyms.get(key) ?? [])
    for (const w of vocabulary.bySingular.get(synonym) ?? []) into.add(w);
}

/** The catalog's singulars within the typos a word may hold, nearest first. */
export function corrections(vocabulary: StoreVocabulary, word: string): string[] {
  // Codes and numbers (skus, sizes) are not words with typos: they are found by their prefix.
  const limit = /\d/.test(word) ? 0 : typosAllowed(word.length);
  if (limit === 0) return [];
  const key = singular(word, vocabulary.locale);
  const found: Array<{ key: string; distance: number }> = [];
  // Only words whose length is within the limit of the word's or its singular's can be near.
  for (let length = key.length - limit; length <= word.length + limit; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const toKey = editDistance(key, candidate, limit);
      const distance = key === word || toKey === 0 ? toKey : Math.min(toKey, editDistance(word, candidate, limit));
      if (distance <= limit) found.push({ key: candidate, distance });
    }
  }
  return found.sort((a, b) => a.distance - b.distance || a.key.localeCompare(b.key)).map((f) => f.key);
}

/** The result of rewriting a shopper's words. */
export interface RewrittenSearch {
  /** A search expression (parseSearchExpression); empty when some word stands for nothing in the catalog. */
  expression: string;
  /** The shopper's words as corrected (for "Did you mean"), or null when no word needed a correction. */
  correctedText: string | null;
}

/** Rewrites a shopper's text into an expression of the store's catalog words. */
export function rewriteSearch(vocabulary: StoreVocabulary, text: string): RewrittenSearch {
  const typed = wordsOf(text).slice(0, 12);
  // Words written apart or hyphenated that the catalog or a synonym group writes as one ('t-shirt').
  const words: string[] = [];
  for (let i = 0; i < typed.length; i++) {
    const joined = i + 1 < typed.length ? `${typed[i]}${typed[i + 1]}` : null;
    const joinedKey = joined === null ? null : singular(joined, vocabulary.locale);
    if (
      joined !== null &&
      joinedKey !== null &&
      (vocabulary.words.has(joined) || vocabulary.synonyms.has(joinedKey) || vocabulary.bySingular.has(joinedKey))
    ) {
      words.push(joined);
      i++;
    } else words.push(typed[i]!);
  }
  const groups: string[] = [];
  const corrected: string[] = [];
  let anyCorrection = false;
  let deadEnd = false;
  words.forEach((word, index) => {
    const last = index === words.length - 1;
    const alternatives = new Set<string>();
    if (vocabulary.words.has(word)) alternatives.add(word);
    for (const key of singularForms(word, vocabulary.locale)) wordsOfSingular(vocabulary, key, alternatives);
    const prefix = last && hasWordBeginning(vocabulary, word);
    let correctedWord = word;
    if (alternatives.size === 0 && !prefix) {
      const nearest = corrections(vocabulary, word);
      for (const key of nearest) wordsOfSingular(vocabulary, key, alternatives);
      if (nearest[0] !== undefined) {
        correctedWord = vocabulary.bySingular.get(nearest[0])?.[0] ?? nearest[0];
        anyCorrection = true;
      }
    }
    const terms = [...alternatives].sort();
    if (prefix) terms.push(`${word}*`);
    if (terms.length === 0) deadEnd = true;
    groups.push(terms.join('|'));
    corrected.push(correctedWord);
  });
  return {
    expression: deadEnd ? '' : groups.join(' '),
    correctedText: anyCorrection ? corrected.join(' ') : null,
  };
}
