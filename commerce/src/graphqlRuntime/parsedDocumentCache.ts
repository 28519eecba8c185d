import type { DocumentNode } from 'graphql';
import { SizedLruCache } from '../kernel/sizedLruCache';

/**
 * What a parsed document holds per character of its text, measured with graphql 16's parse (the
 * AST keeps every token for its locations): a 9.5 KB document of fields held 623 KB (66 per
 * character); one of long string literals about 1 per character. The larger figure bounds both.
 */
export const PARSED_BYTES_PER_CHARACTER = 70;

/**
 * Yoga's parser cache, bounded in bytes. Its default keeps 1,024 documents and 1,024 parse errors
 * keyed by their whole text, whatever their size: 400 different documents of 200 KB took the heap
 * from 42 to 199 MiB, and a few hundred more would end a process under npm start's 192 MiB.
 * Validation results are kept by Yoga per parsed document, so bounding the documents bounds them.
 */
export function boundedParserCache(maxBytes: number) {
  return {
    documentCache: new SizedLruCache<DocumentNode>(
      Math.floor(maxBytes * 0.8),
      (text) => text.length * PARSED_BYTES_PER_CHARACTER,
    ),
    // A parse error keeps the text it was given; UTF-16 at worst, with the error around it.
    errorCache: new SizedLruCache<unknown>(Math.floor(maxBytes * 0.2), (text) => text.length * 2 + 1024),
  };
}
