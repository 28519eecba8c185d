// Shared by the page and the worker, so both sides agree on names.

export const SERVICE_WORKER_URL = '/sw.js';
export const OFFLINE_PAGE_URL = '/offline.html';
/** Workbox-window's `messageSkipWaiting()` sends exactly this type. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
