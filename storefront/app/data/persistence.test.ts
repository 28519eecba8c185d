import { gql } from '@apollo/client';
import type { InMemoryCache } from '@apollo/client/cache';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCache } from './cache';
import {
  createCachePersistor,
  PERSIST_DEBOUNCE_MS,
  PERSIST_KEY,
  PERSIST_LOG_LINES,
  PERSIST_MAX_SIZE,
  readPersistedCache,
} from './persistence';

const NOTE_QUERY = gql`
  query Note($id: String!) {
    cmsBlocks(identifiers: [$id]) {
      items {
        identifier
        content
      }
    }
  }
`;

function writeNote(cache: InMemoryCache, id: string, content: string) {
  cache.writeQuery({
    query: NOTE_QUERY,
    variables: { id },
    data: { cmsBlocks: { __typename: 'CmsBlocks', items: [{ __typename: 'CmsBlock', identifier: id, content }] } },
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cache persistence', () => {
  it('uses the specified limits', () => {
    expect(PERSIST_MAX_SIZE).toBe(1048576);
    expect(PERSIST_DEBOUNCE_MS).toBe(1000);
    expect(PERSIST_LOG_LINES).toBe(30);
  });

  it('writes the cache to localStorage 1000 ms after the last write, not before', async () => {
    const cache = createCache();
    const persistor = createCachePersistor(cache, window.localStorage);
    writeNote(cache, 'a', 'first');
    await vi.advanceTimersByTimeAsync(600);
    writeNote(cache, 'b', 'second');
    await vi.advanceTimersByTimeAsync(999);
    expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();

    await vi.advanceTimersByTimeAsync(1);
    const stored = readPersistedCache(window.localStorage);
    expect(JSON.stringify(stored)).toContain('second');
    expect(JSON.stringify(stored)).toContain('first');
    persistor.remove();
  });

  it('restores a persisted cache into a new cache', async () => {
    const first = createCache();
    const persistor = createCachePersistor(first, window.localStorage);
    writeNote(first, 'a', 'kept');
    await vi.advanceTimersByTimeAsync(PERSIST_DEBOUNCE_MS);
    persistor.remove();

    const second = createCache();
    await createCachePersistor(second, window.localStorage).restore();
    expect(second.readQuery({ query: NOTE_QUERY, variables: { id: 'a' } })).toMatchObject({
      cmsBlocks: { items: [{ content: 'kept' }] },
    });
  });

  it('purges the stored cache and pauses persistence once it grows beyond 1048576 characters', async () => {
    const cache = createCache();
    const persistor = createCachePersistor(cache, window.localStorage);
    writeNote(cache, 'small', 'fits');
    await vi.advanceTimersByTimeAsync(PERSIST_DEBOUNCE_MS);
    expect(await persistor.getSize()).toBeGreaterThan(0);

    writeNote(cache, 'big', 'x'.repeat(PERSIST_MAX_SIZE));
    await vi.advanceTimersByTimeAsync(PERSIST_DEBOUNCE_MS);
    expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();
    expect(persistor.getLogs()?.map(([, message]) => message.join(' '))).toContain('Purged cache storage');

    // Paused: even after the cache shrinks again nothing is written any more.
    cache.evict({ fieldName: 'cmsBlocks', args: { identifiers: ['big'] } });
    cache.gc();
    writeNote(cache, 'later', 'small again');
    await vi.advanceTimersByTimeAsync(PERSIST_DEBOUNCE_MS);
    expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();
    persistor.remove();
  });

  it('keeps only the last 30 log lines', async () => {
    const cache = createCache();
    const persistor = createCachePersistor(cache, window.localStorage);
    for (let i = 0; i < 45; i += 1) {
      writeNote(cache, `n${i}`, `note ${i}`);
      await vi.advanceTimersByTimeAsync(PERSIST_DEBOUNCE_MS);
    }
    const logs = persistor.getLogs() ?? [];
    expect(logs).toHaveLength(30);
    // The newest line is the last persist, so the buffer dropped the oldest ones.
    expect(logs.at(-1)?.[1].join(' ')).toMatch(/^Persisted cache of size \d+ characters$/);
    persistor.remove();
  });

  it('treats corrupt stored data as no data', () => {
    window.localStorage.setItem(PERSIST_KEY, '{not json');
    expect(readPersistedCache(window.localStorage)).toBeUndefined();
    window.localStorage.setItem(PERSIST_KEY, '[1,2]');
    expect(readPersistedCache(window.localStorage)).toBeUndefined();
  });
});
