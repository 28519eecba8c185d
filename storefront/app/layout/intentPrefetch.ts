import { useEffect } from 'react';

/** Hovering this long over a link counts as intent; passing the pointer across one does not. */
export const HOVER_INTENT_MS = 80;
const MAX_PREFETCHES_PER_PAGE_VIEW = 30;

/**
 * The in-shop catalog path (category or product URL, `….html`) a link leads to, or null for
 * anything not worth prefetching: other sites, new tabs, downloads, the current page, and every
 * page that is not a public catalog page (cart, checkout, account, wish list never end in .html).
 */
export function prefetchablePath(
  anchor: HTMLAnchorElement,
  location: Pick<Location, 'origin' | 'pathname' | 'search'>,
): string | null {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  const url = new URL(href, location.origin);
  if (url.origin !== location.origin || !url.pathname.endsWith('.html')) return null;
  const path = url.pathname + url.search;
  return path === location.pathname + location.search ? null : path;
}

function saveData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Warms the data cache for the catalog page a shopper is about to open: after a short hover, on
 * keyboard focus or on touch start of a link, `prefetch(path)` runs (once per path), so the
 * click renders from cache. React Router's `prefetch="intent"` only fetches route code for
 * routes with a clientLoader; this fetches their data.
 */
export function useIntentPrefetch(prefetch: (path: string) => Promise<unknown>) {
  useEffect(() => {
    if (saveData()) return;
    const done = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = (target: EventTarget | null, delay: number) => {
      clearTimeout(timer);
      const anchor = target instanceof Element ? target.closest('a') : null;
      if (!anchor || done.size >= MAX_PREFETCHES_PER_PAGE_VIEW || !navigator.onLine) return;
      const path = prefetchablePath(anchor, window.location);
      if (!path || done.has(path)) return;
      timer = setTimeout(() => {
        done.add(path);
        prefetch(path).catch(() => done.delete(path));
      }, delay);
    };
    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') start(event.target, HOVER_INTENT_MS);
    };
    const onPointerOut = () => clearTimeout(timer);
    const onFocusIn = (event: FocusEvent) => start(event.target, 0);
    const onTouchStart = (event: TouchEvent) => start(event.target, 0);
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('pointerout', onPointerOut);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('touchstart', onTouchStart, { passive: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('pointerout', onPointerOut);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('touchstart', onTouchStart);
    };
  }, [prefetch]);
}
