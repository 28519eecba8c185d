import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedString } from './storedString';

const KEY = 'vela.test.storedString';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('storedString', () => {
  it('writes through to localStorage, so a fresh reader (a reload) sees the value', () => {
    storedString(KEY).write('abc');
    expect(window.localStorage.getItem(KEY)).toBe('abc');
    const reloaded = storedString(KEY);
    expect(reloaded.read()).toBe('abc');
    reloaded.remove();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps the value in memory when localStorage refuses the write', () => {
    const value = storedString(KEY);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    value.write('only-here');
    expect(value.read()).toBe('only-here');
    value.remove();
    expect(value.read()).toBeNull();
  });

  it('notifies on own changes and on other tabs’ changes of its key, until unsubscribed', () => {
    const value = storedString(KEY);
    const calls: string[] = [];
    const stop = value.subscribe(() => calls.push('a'));
    value.write('1');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other.key' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(calls).toEqual(['a', 'a', 'a']);
    stop();
    value.write('2');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(calls).toHaveLength(3);
  });
});
