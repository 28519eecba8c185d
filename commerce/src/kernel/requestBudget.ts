import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { Clock } from './clock';
import { addHits, rateLimitKey } from './rateLimiter';

// The GraphQL endpoint overall, per client: a budget of requests per minute. A database write per
// request would put the limit itself on the hot path, so each process counts in memory and adds
// its counts to the shared `rate_limit` row once a second; a decision is this process's unsynced
// count plus the total all processes had written at the last sync. Across N processes a client
// can overshoot by what N processes take from it in one second, never more.

export interface RequestBudget {
  /** Counts one request; the seconds to wait when the client is over its budget, else null. */
  take(client: string): number | null;
  /** Writes the counts not yet shared (also runs every second); for tests and shutdown. */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

interface Entry {
  windowStart: number;
  unsynced: number;
  /** What every process had counted in this window at the last sync. */
  shared: number;
}

const WINDOW_SECONDS = 60;
const SYNC_MS = 1000;
const RULE = 'graphql:client';

export function createRequestBudget(
  db: Kysely<Database>,
  now: Clock,
  perMinute: number,
  logError: (line: string) => void,
): RequestBudget {
  const entries = new Map<string, Entry>();
  const windowOf = () => {
    const seconds = Math.floor(now().getTime() / 1000);
    return { seconds, windowStart: seconds - (seconds % WINDOW_SECONDS) };
  };

  // One sync at a time; a failed one is logged and the next starts afresh.
  let syncing: Promise<void> = Promise.resolve();
  const sync = () => {
    syncing = syncing
      .then(async () => {
        const { windowStart } = windowOf();
        for (const [client, entry] of entries) {
          if (entry.windowStart !== windowStart) {
            entries.delete(client);
            continue;
          }
          if (entry.unsynced === 0) continue;
          const added = entry.unsynced;
          entry.unsynced = 0;
          entry.shared = await addHits(db, rateLimitKey(RULE, client), windowStart, added);
        }
      })
      .catch((error: unknown) => logError(`commerce: request budget sync failed: ${String(error)}`));
    return syncing;
  };
  const timer = setInterval(() => void sync(), SYNC_MS);
  timer.unref();

  return {
    take(client) {
      const { seconds, windowStart } = windowOf();
      let entry = entries.get(client);
      if (!entry || entry.windowStart !== windowStart) {
        entry = { windowStart, unsynced: 0, shared: 0 };
        entries.set(client, entry);
      }
      entry.unsynced++;
      if (entry.shared + entry.unsynced <= perMinute) return null;
      return Math.max(1, windowStart + WINDOW_SECONDS - seconds);
    },
    sync,
    async stop() {
      clearInterval(timer);
      await sync();
    },
  };
}

/** Over the per-client request budget: HTTP 429, Magento-style error body, Retry-After. */
export function tooManyRequests(retryAfterSeconds: number): Response {
  const body = {
    errors: [
      {
        message: 'Too many requests from your address. Please wait and try again later.',
        extensions: { category: 'graphql-input', retryAfter: retryAfterSeconds },
      },
    ],
  };
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfterSeconds),
    },
  });
}
