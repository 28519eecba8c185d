// The rules that turn a shopper's words into the store's catalog words, without a database.
import { describe, expect, it } from 'vitest';
import {
  buildVocabulary,
  corrections,
  editDistance,
  rewriteSearch,
  singular,
  singularForms,
} from '../src/domains/catalog/searchWords';

const english = buildVocabulary(
  'en_US',
  ['Luna Pullover Hoodie', 'Alder Denim Jacket', 'Kestrel Crew Tee', 'Thistle Crew Sweatshirt', 'Hoodies Tees Scarf'],
  [
    ['hoodie', 'hoody'],
    ['sweatshirt', 'jumper'],
    ['tee', 't-shirt'],
  ],
);

describe('editDistance', () => {
  it('counts a swap of neighbours as one typo and stops past the limit', () => {
    expect(editDistance('candel', 'candle', 2)).toBe(1);
    expect(editDistance('hodie', 'hoodie', 1)).toBe(1);
    expect(editDistance('jaket', 'jacket', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('singular', () => {
  it('follows the plural rules of the store language', () => {
    expect(singularForms('hoodies', 'en_US')).toEqual(['hoodie', 'hoody']);
    expect(singularForms('accessories', 'en_US')).toContain('accessory');
    expect(singular('watches', 'en_US')).toBe('watch');
    expect(singular('scarves', 'en_US')).toBe('scarf');
    expect(singular('dress', 'en_US')).toBe('dress');
    expect(singular('vestes', 'fr_FR')).toBe('veste');
    expect(singular('chapeaux', 'fr_FR')).toBe('chapeau');
  });
});

describe('rewriteSearch', () => {
  it('corrects a typo to the catalog word and says so', () => {
    const rewritten = rewriteSearch(english, 'hodie');
    expect(rewritten.expression.split('|')).toEqual(expect.arrayContaining(['hoodie', 'hoodies']));
    expect(rewritten.correctedText).toBe('hoodie');
  });

  it('allows one typo below 8 letters and two from 8', () => {
    expect(corrections(english, 'jakcet')).toContain('jacket');
    expect(corrections(english, 'hdie')).toEqual([]);
    expect(corrections(english, 'swetshrit')).toContain('sweatshirt');
  });

  it('finds what a synonym names, and joins words the synonyms write as one', () => {
    expect(rewriteSearch(english, 'jumper').expression).toBe('sweatshirt');
    expect(rewriteSearch(english, 't-shirt').expression.split('|')).toEqual(expect.arrayContaining(['tee', 'tees']));
    expect(rewriteSearch(english, 'jumper').correctedText).toBeNull();
  });

  it('joins groups that share a word: a new synonym of a synonym finds the catalog word', () => {
    const joined = buildVocabulary(
      'en_US',
      ['Thistle Crew Sweatshirt', 'Luna Pullover Hoodie'],
      [
        ['sweatshirt', 'jumper'],
        ['jumper', 'pullover'],
      ],
    );
    expect(rewriteSearch(joined, 'pullover').expression.split('|')).toEqual(
      expect.arrayContaining(['pullover', 'sweatshirt']),
    );
    expect(rewriteSearch(joined, 'sweatshirt').expression.split('|')).toEqual(
      expect.arrayContaining(['pullover', 'sweatshirt']),
    );
  });

  it('keeps the word being typed as a prefix, only when a catalog word begins with it', () => {
    expect(rewriteSearch(english, 'denim jack').expression).toBe('denim jack*');
    expect(rewriteSearch(english, 'veste').expression).toBe('');
  });
});
