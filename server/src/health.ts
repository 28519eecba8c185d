import type { Env, Hono } from 'hono';

export interface ReadinessReport {
  ready: boolean;
  detail: string;
}

/** A database that hangs must not hang the probe: past this, the process reports not ready. */
const READINESS_TIMEOUT_MS = 2000;

function withTimeout(check: () => Promise<ReadinessReport>): Promise<ReadinessReport> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ReadinessReport>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, detail: `no answer within ${READINESS_TIMEOUT_MS} ms` }),
      READINESS_TIMEOUT_MS,
    );
  });
  return Promise.race([check().catch(() => ({ ready: false, detail: 'readiness check failed' })), timeout]).finally(
    () => clearTimeout(timer),
  );
}

/**
 * `/healthz`: the process runs and its event loop turns (restart it if not).
 * `/readyz`: it can serve: the database answers and is migrated (send it no traffic if not).
 */
export function mountHealthChecks<E extends Env>(app: Hono<E>, readiness: () => Promise<ReadinessReport>): void {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ alive: true });
  });
  app.get('/readyz', async (c) => {
    const report = await withTimeout(readiness);
    c.header('Cache-Control', 'no-store');
    return c.json(report, report.ready ? 200 : 503);
  });
}
