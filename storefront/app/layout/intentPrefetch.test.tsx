import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOVER_INTENT_MS, prefetchablePath, useIntentPrefetch } from './intentPrefetch';

const here = { origin: 'https://shop.example', pathname: '/women.html', search: '' };

function anchor(href: string, attributes: Record<string, string> = {}) {
  const element = document.createElement('a');
  element.setAttribute('href', href);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

describe('prefetchablePath', () => {
  it('accepts in-shop catalog pages', () => {
    expect(prefetchablePath(anchor('/kestrel-crew-tee.html'), here)).toBe('/kestrel-crew-tee.html');
    expect(prefetchablePath(anchor('https://shop.example/women/tops.html?page=2'), here)).toBe(
      '/women/tops.html?page=2',
    );
    expect(prefetchablePath(anchor('/women.html?page=2'), here)).toBe('/women.html?page=2');
  });

  it('refuses private and non-catalog pages, other sites, new tabs, downloads and the current page', () => {
    for (const href of [
      '/cart',
      '/checkout',
      '/account',
      '/wishlist',
      '/search?q=tee',
      '/about-us',
      'https://elsewhere.example/a.html',
      '#top',
      '/women.html',
    ]) {
      expect(prefetchablePath(anchor(href), here)).toBeNull();
    }
    expect(prefetchablePath(anchor('/a.html', { target: '_blank' }), here)).toBeNull();
    expect(prefetchablePath(anchor('/a.html', { download: '' }), here)).toBeNull();
  });
});

function Links({ prefetch }: { prefetch: (path: string) => Promise<unknown> }) {
  useIntentPrefetch(prefetch);
  return (
    <nav>
      <a href="/kestrel-crew-tee.html">Tee</a>
      <a href="/cart">Cart</a>
    </nav>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useIntentPrefetch', () => {
  it('prefetches a catalog link once on focus, never a private one', async () => {
    const prefetch = vi.fn(() => Promise.resolve());
    const view = render(<Links prefetch={prefetch} />);
    vi.useFakeTimers();
    for (let i = 0; i < 2; i++) {
      fireEvent.focusIn(view.getByText('Tee'));
      await act(() => vi.runAllTimersAsync());
    }
    fireEvent.focusIn(view.getByText('Cart'));
    await act(() => vi.runAllTimersAsync());
    expect(prefetch.mock.calls).toEqual([['/kestrel-crew-tee.html']]);
  });

  it('waits for the pointer to rest on a link and forgets links it merely crossed', async () => {
    const prefetch = vi.fn(() => Promise.resolve());
    const view = render(<Links prefetch={prefetch} />);
    vi.useFakeTimers();
    const tee = view.getByText('Tee');
    fireEvent.pointerOver(tee, { pointerType: 'mouse' });
    fireEvent.pointerOut(tee, { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(HOVER_INTENT_MS * 2));
    expect(prefetch).not.toHaveBeenCalled();
    fireEvent.pointerOver(tee, { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(HOVER_INTENT_MS));
    expect(prefetch).toHaveBeenCalledWith('/kestrel-crew-tee.html');
  });

  it('tries a path again after a failed prefetch', async () => {
    const prefetch = vi.fn(() => Promise.reject(new Error('offline')));
    const view = render(<Links prefetch={prefetch} />);
    vi.useFakeTimers();
    fireEvent.focusIn(view.getByText('Tee'));
    await act(() => vi.runAllTimersAsync());
    fireEvent.focusIn(view.getByText('Tee'));
    await act(() => vi.runAllTimersAsync());
    expect(prefetch).toHaveBeenCalledTimes(2);
  });
});
