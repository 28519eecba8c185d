import type { Readable } from 'node:stream';

export interface RenderDeadline {
  /** Once `document` ends, closes or fails: the deadline is cleared and `release` runs. */
  endWith(document: Readable, release: () => void): void;
  /** The render failed before it had a document: clears the deadline, runs `release`. */
  end(release: () => void): void;
}

/**
 * A server render's deadline (`abort` after `timeoutMs`), cleared as soon as the render is over.
 * The abort timer holds React's request (the element tree, the router context, the load context
 * and with it the request's Apollo client and cache, about 0.9 MiB a page): left to run its full
 * timeout after every page, it kept the last ~45 pages' renders alive at 10 pages/s and filled a
 * 192 MiB heap (issue 28).
 */
export function renderDeadline(abort: () => void, timeoutMs: number): RenderDeadline {
  const timer = setTimeout(abort, timeoutMs);
  let ended = false;
  const end = (release: () => void) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    release();
  };
  return {
    end,
    endWith(document, release) {
      const finish = () => end(release);
      document.once('end', finish);
      document.once('close', finish);
      document.once('error', finish);
    },
  };
}
