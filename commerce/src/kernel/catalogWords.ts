// How catalog texts are cut into words, shared by the search vocabulary (domains/catalog) and the
// product words it is counted from (db/productWords.ts), so both always agree on what a word is.

/** Lower case, without diacritics: how both engines' indexes compare words. */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Words of a text, folded. */
export function wordsOf(text: string): string[] {
  return foldWord(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}
