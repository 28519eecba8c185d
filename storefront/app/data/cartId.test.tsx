import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CART_ID_COOKIE,
  CART_ID_STORAGE_KEY,
  cartIdFromCookies,
  clearCartId,
  getCartId,
  setCartId,
  subscribeCartId,
  useCartId,
} from './cartId';

function Show() {
  return <output data-testid="id">{useCartId() ?? 'none'}</output>;
}

// What the browser does in this tab when another tab writes the shared storage.
function otherTabWrites(value: string | null) {
  if (value === null) window.localStorage.removeItem(CART_ID_STORAGE_KEY);
  else window.localStorage.setItem(CART_ID_STORAGE_KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: CART_ID_STORAGE_KEY, newValue: value }));
}

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('cart id store', () => {
  it('keeps the id in localStorage, so a reload finds it', () => {
    expect(getCartId()).toBeNull();
    setCartId('abc123');
    expect(window.localStorage.getItem(CART_ID_STORAGE_KEY)).toBe('abc123');
    expect(getCartId()).toBe('abc123');
    clearCartId();
    expect(window.localStorage.getItem(CART_ID_STORAGE_KEY)).toBeNull();
    expect(getCartId()).toBeNull();
  });

  it('tells subscribers about changes in this tab and stops after unsubscribing', () => {
    let calls = 0;
    const unsubscribe = subscribeCartId(() => calls++);
    setCartId('one');
    clearCartId();
    expect(calls).toBe(2);
    unsubscribe();
    setCartId('two');
    expect(calls).toBe(2);
  });

  it('useCartId follows this tab and other tabs (storage events), ignoring other keys', () => {
    render(<Show />);
    expect(screen.getByTestId('id').textContent).toBe('none');
    act(() => setCartId('mine'));
    expect(screen.getByTestId('id').textContent).toBe('mine');
    act(() => otherTabWrites('theirs'));
    expect(screen.getByTestId('id').textContent).toBe('theirs');
    act(() => {
      window.localStorage.setItem('something-else', 'x');
      window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: 'x' }));
    });
    expect(screen.getByTestId('id').textContent).toBe('theirs');
    act(() => otherTabWrites(null));
    expect(screen.getByTestId('id').textContent).toBe('none');
  });

  it('treats an empty stored value as no cart', () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, '');
    expect(getCartId()).toBeNull();
  });

  it('copies the id into the cookie the cart page is rendered from, and removes it with the cart', () => {
    setCartId('Khv9qi3dgLLgoNmzimvrFmKjbDNQB3zs');
    expect(cartIdFromCookies(document.cookie)).toBe('Khv9qi3dgLLgoNmzimvrFmKjbDNQB3zs');
    clearCartId();
    expect(cartIdFromCookies(document.cookie)).toBeNull();
    expect(document.cookie).not.toContain(`${CART_ID_COOKIE}=`);
  });
});

describe('cart id cookie', () => {
  it('finds the id among other cookies', () => {
    expect(cartIdFromCookies(`theme=dark; ${CART_ID_COOKIE}=abcDEF123_-; other=1`)).toBe('abcDEF123_-');
    expect(cartIdFromCookies(`${CART_ID_COOKIE}=abc`)).toBe('abc');
  });

  it('ignores a missing, empty or malformed id instead of passing it to the API', () => {
    expect(cartIdFromCookies(null)).toBeNull();
    expect(cartIdFromCookies('')).toBeNull();
    expect(cartIdFromCookies('other=1')).toBeNull();
    expect(cartIdFromCookies(`${CART_ID_COOKIE}=`)).toBeNull();
    expect(cartIdFromCookies(`${CART_ID_COOKIE}=abc"def`)).toBeNull();
    expect(cartIdFromCookies(`${CART_ID_COOKIE}=${'a'.repeat(65)}`)).toBeNull();
    expect(cartIdFromCookies(`x${CART_ID_COOKIE}=abc`)).toBeNull();
  });
});
