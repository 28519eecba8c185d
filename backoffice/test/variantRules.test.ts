import { describe, expect, it } from 'vitest';
import { combinations, parseAmount, parseStock, valueList, variantSku } from '../src/pages/variantRules';

describe('the variant form rules', () => {
  it('makes every combination, in the attributes order', () => {
    expect(
      combinations([
        ['Ocean', 'Sand'],
        ['S', 'M'],
      ]),
    ).toEqual([
      ['Ocean', 'S'],
      ['Ocean', 'M'],
      ['Sand', 'S'],
      ['Sand', 'M'],
    ]);
    expect(combinations([['Ocean'], []])).toEqual([]);
  });

  it('reads a list of values once each, whatever the case and spacing', () => {
    expect(valueList(' S, M ,, m, L ')).toEqual(['S', 'M', 'L']);
    expect(valueList(' , ')).toEqual([]);
  });

  it('names a variant after its product and values, as SKUs are written', () => {
    expect(variantSku('CAPE', ['Dark blue', 'XL'])).toBe('CAPE-DARK-BLUE-XL');
    expect(variantSku('CAPE', ['Crème brûlée'])).toBe('CAPE-CREME-BRULEE');
    expect(variantSku('X'.repeat(70), ['S'])).toHaveLength(64);
  });

  it('reads amounts and stock as typed, refusing what is not one', () => {
    expect(parseAmount('29,50')).toBe(29.5);
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseStock('12')).toBe(12);
    expect(parseStock('1.5')).toBeNull();
  });
});
