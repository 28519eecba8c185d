import pg from 'pg';

/**
 * Names the lock every process serving a PostgreSQL shop holds (shared) for as long as it runs.
 * `npm run restore` (scripts/backup.mjs, which repeats the number) takes it exclusively: it
 * refuses while any process holds it, and a process starting during a restore waits for it.
 * SQLite needs no such lock: every open connection holds a lock on the database file itself.
 */
export const SHOP_PRESENCE_LOCK_KEY = 741_023_332;

const RECONNECT_MS = 2000;

export interface ShopPresence {
  release(): Promise<void>;
}

/**
 * Takes the shared lock on a connection of its own (a pool would hand it back and lose the lock).
 * Resolves once it is held; if the connection drops (a database restart), it is taken again.
 */
export async function holdShopPresence(databaseUrl: string, log: (line: string) => void): Promise<ShopPresence> {
  let client: pg.Client | undefined;
  let released = false;
  let retry: NodeJS.Timeout | undefined;

  async function take(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', (error) => {
      if (released) return;
      log(`commerce: the shop's presence lock connection closed (${error.message}); taking it again`);
      client = undefined;
      void next.end().catch(() => {});
      retry = setTimeout(() => void take().catch(again), RECONNECT_MS);
    });
    await next.connect();
    await next.query('select pg_advisory_lock_shared($1)', [SHOP_PRESENCE_LOCK_KEY]);
    client = next;
  }
  function again(error: unknown): void {
    if (released) return;
    log(
      `commerce: could not take the shop's presence lock again: ${error instanceof Error ? error.message : String(error)}`,
    );
    retry = setTimeout(() => void take().catch(again), RECONNECT_MS);
  }

  await take();
  return {
    async release() {
      released = true;
      clearTimeout(retry);
      // Closing the session releases its advisory locks.
      await client?.end().catch(() => {});
    },
  };
}
