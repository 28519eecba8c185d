import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CUSTOMER_TOKEN_STORAGE_KEY,
  clearCustomerToken,
  expiryFromLifetime,
  getCustomerToken,
  getCustomerTokenExpiry,
  onSessionEnd,
  setCustomerToken,
  useCustomerToken,
} from './customerSession';

beforeEach(() => {
  window.localStorage.clear();
  clearCustomerToken();
});
afterEach(() => vi.restoreAllMocks());

describe('customer token store', () => {
  it('stores the token with its expiry in localStorage and reads it back', () => {
    setCustomerToken('tok-1', 2_000);
    expect(JSON.parse(window.localStorage.getItem(CUSTOMER_TOKEN_STORAGE_KEY)!)).toEqual({
      token: 'tok-1',
      expiresAt: 2_000,
    });
    expect(getCustomerToken(1_999)).toBe('tok-1');
    expect(getCustomerTokenExpiry()).toBe(2_000);
  });

  it('gives no token once the lifetime has run out', () => {
    setCustomerToken('tok-1', 2_000);
    expect(getCustomerToken(2_000)).toBeNull();
  });

  it('keeps a token without a known lifetime until it is cleared', () => {
    setCustomerToken('tok-1');
    expect(getCustomerToken(Number.MAX_SAFE_INTEGER)).toBe('tok-1');
    clearCustomerToken();
    expect(getCustomerToken()).toBeNull();
    expect(window.localStorage.getItem(CUSTOMER_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ignores a damaged stored entry', () => {
    window.localStorage.setItem(CUSTOMER_TOKEN_STORAGE_KEY, '{not json');
    expect(getCustomerToken()).toBeNull();
    window.localStorage.setItem(CUSTOMER_TOKEN_STORAGE_KEY, JSON.stringify({ token: 42 }));
    expect(getCustomerToken()).toBeNull();
  });

  it('reports the end of a session once, with its reason', () => {
    const ends: string[] = [];
    const stop = onSessionEnd((reason) => ends.push(reason));
    setCustomerToken('tok-1');
    clearCustomerToken('expired');
    clearCustomerToken('expired');
    setCustomerToken('tok-2');
    clearCustomerToken();
    stop();
    expect(ends).toEqual(['expired', 'signedOut']);
  });

  it('works in memory when localStorage throws', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    setCustomerToken('tok-mem');
    expect(getCustomerToken()).toBe('tok-mem');
  });

  it('turns Magento token lifetimes in hours into an expiry', () => {
    expect(expiryFromLifetime(1, 1_000)).toBe(3_601_000);
    expect(expiryFromLifetime(0.5, 0)).toBe(1_800_000);
    expect(expiryFromLifetime(null)).toBeNull();
    expect(expiryFromLifetime(0)).toBeNull();
  });

  it('useCustomerToken follows sign-in, sign-out and other tabs', () => {
    const { result } = renderHook(() => useCustomerToken());
    expect(result.current).toBeNull();
    act(() => setCustomerToken('tok-1'));
    expect(result.current).toBe('tok-1');
    act(() => {
      window.localStorage.setItem(
        CUSTOMER_TOKEN_STORAGE_KEY,
        JSON.stringify({ token: 'tok-other-tab', expiresAt: null }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: CUSTOMER_TOKEN_STORAGE_KEY }));
    });
    expect(result.current).toBe('tok-other-tab');
    act(() => clearCustomerToken());
    expect(result.current).toBeNull();
  });
});
