// The import's memory of every row of its file (issue 33): skus and url keys in a compact key
// table, not one JavaScript string and Map entry each. Exact whatever the hashes do, and a few
// dozen bytes a key beyond the key's own.
import { describe, expect, it } from 'vitest';
import { hashBytes, KeyTable } from '../src/domains/catalogTransfer/keyTable';

const hashOf = (key: string) => {
  const bytes = Buffer.from(key, 'utf8');
  return hashBytes(bytes, 0, bytes.length);
};

describe('KeyTable', () => {
  it('finds every key it was given with its value, and no other, across growth', () => {
    const table = new KeyTable();
    const keys = Array.from({ length: 50_000 }, (_, i) => `BNC-${i}-${i % 7}`);
    for (const [i, key] of keys.entries()) table.setValue(table.add(key), i * 16 + (i % 16));
    expect(table.size).toBe(keys.length);
    const wrong = keys.filter((key, i) => {
      const entry = table.find(key);
      return entry < 0 || table.key(entry) !== key || table.value(entry) !== i * 16 + (i % 16);
    });
    expect(wrong).toEqual([]);
    expect(table.find('BNC-50000-6')).toBe(-1);
    expect(table.find('')).toBe(-1);
    // Adding a key again gives its entry back and keeps its value.
    expect(table.value(table.add('BNC-7-0'))).toBe(7 * 16 + 7);
    expect(table.size).toBe(keys.length);
  });

  it('tells apart keys whose hashes are equal', () => {
    // Known FNV-1a collisions: the table must compare the keys themselves.
    for (const [a, b] of [
      ['costarring', 'liquid'],
      ['declinate', 'macallums'],
    ] as const)
      expect(hashOf(a)).toBe(hashOf(b));
    const [a, b] = ['costarring', 'liquid'];
    const table = new KeyTable();
    table.setValue(table.add(a), 1);
    expect(table.find(b)).toBe(-1);
    table.setValue(table.add(b), 2);
    expect(table.size).toBe(2);
    expect(table.value(table.find(a))).toBe(1);
    expect(table.value(table.find(b))).toBe(2);
  });

  it('keeps any text exactly: accents, other scripts, emoji, long keys, empty keys', () => {
    const keys = ['', 'é', 'e\u0301', 'Größe-XL', '毛衣-紅', '👕-tee', 'x'.repeat(5000), 'a,b|c="d"'];
    const table = new KeyTable();
    for (const [i, key] of keys.entries()) table.setValue(table.add(key), i);
    for (const [i, key] of keys.entries()) {
      expect(table.key(table.find(key))).toBe(key);
      expect(table.value(table.find(key))).toBe(i);
    }
    expect(table.size).toBe(keys.length);
  });

  it('holds a key in its bytes and a few dozen more, never an object per key', () => {
    const table = new KeyTable();
    const rows = 200_000;
    let keyBytes = 0;
    for (let i = 0; i < rows; i++) {
      const key = `bench-jacket-${i}-${i % 4}`;
      keyBytes += Buffer.byteLength(key);
      table.add(key);
    }
    // Arrays and arena grow by doubling: at most twice what the entries use.
    expect(table.bytes).toBeLessThanOrEqual(2 * (keyBytes + rows * 24));
    expect(table.bytes / rows).toBeLessThan(100);
  });

  it('refuses an entry it does not have', () => {
    const table = new KeyTable();
    table.add('one');
    expect(() => table.value(1)).toThrow(RangeError);
    expect(() => table.setValue(-1, 3)).toThrow(RangeError);
  });
});
