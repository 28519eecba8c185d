import { SERVICE_WORKER_URL } from './serviceWorkerProtocol';

/** The part of workbox-window's `Workbox` the update flow needs (a fake stands in for it in tests). */
export interface UpdateSource {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let waiting: UpdateSource | null = null;
let registering = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a new worker is installed and waits for the shopper to accept it. */
export function isUpdateWaiting(): boolean {
  return waiting !== null;
}

/** Reports a waiting worker from `source` (also one that was already waiting when the page opened). */
export function watchForUpdates(source: UpdateSource): void {
  source.addEventListener('waiting', () => {
    waiting = source;
    notify();
  });
}

/**
 * Lets the waiting worker take over and reloads once it controls the page, so the page and its
 * assets come from the same build.
 */
export function acceptUpdate(reload: () => void = () => window.location.reload()): void {
  const source = waiting;
  if (!source) return;
  source.addEventListener('controlling', reload);
  source.messageSkipWaiting();
  waiting = null;
  notify();
}

/**
 * Registers the worker once the page has loaded, so it never competes with the first paint.
 * workbox-window is loaded only then, keeping it out of the entry chunk.
 */
export function registerServiceWorker(): void {
  if (registering || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registering = true;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
    watchForUpdates(workbox);
    await workbox.register();
    // A tab left open for days only sees a new version when it asks for one.
    window.setInterval(() => void workbox.update(), UPDATE_CHECK_INTERVAL_MS);
  };
  const run = () => start().catch((error: unknown) => console.warn('Service worker registration failed', error));
  if (document.readyState === 'complete') void run();
  else window.addEventListener('load', () => void run(), { once: true });
}

/** For tests: forget any waiting worker and registration. */
export function resetServiceWorkerState(): void {
  waiting = null;
  registering = false;
  notify();
}
