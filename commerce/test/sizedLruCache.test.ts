import { describe, expect, it } from 'vitest';
import { SizedLruCache } from '../src/kernel/sizedLruCache';

describe('SizedLruCache', () => {
  const byLength = () => new SizedLruCache<number>(10, (key) => key.length);

  it('lets the least recently used go first when the bytes run out', () => {
    const cache = byLength();
    cache.set('aaaa', 1);
    cache.set('bbbb', 2);
    expect(cache.get('aaaa')).toBe(1);
    cache.set('cccc', 3);
    expect(cache.get('bbbb')).toBeUndefined();
    expect(cache.get('aaaa')).toBe(1);
    expect(cache.get('cccc')).toBe(3);
    expect(cache.usedBytes).toBe(8);
  });

  it('never keeps an entry larger than the whole budget, and counts a replaced entry once', () => {
    const cache = byLength();
    cache.set('aaaa', 1);
    cache.set('x'.repeat(11), 2);
    expect(cache.size).toBe(1);
    cache.set('aaaa', 3);
    expect(cache.usedBytes).toBe(4);
    expect(cache.get('aaaa')).toBe(3);
  });
});
