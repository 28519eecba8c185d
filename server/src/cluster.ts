import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Logger } from './logging';

// WORKERS=N runs N server processes on one port (node:cluster): the primary only forks, restarts
// and stops them, and answers /metrics for all of them. Every worker is a whole shop process on
// the shared PostgreSQL database; nothing lives in one worker that another needs.

const METRICS_REQUEST = 'vela:metrics-request';
const METRICS_RESPONSE = 'vela:metrics-response';

/** More exits than this within RESTART_WINDOW_MS is a crash loop: the primary gives up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

interface PrimaryOptions {
  workers: number;
  shutdownTimeoutMs: number;
  logger: Logger;
  /** The start message once every worker listens. */
  openMessage: (port: number) => string;
  /** Called once, when every worker listens. */
  onOpen?: () => void;
}

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: number;
}
interface MetricsResponse {
  type: typeof METRICS_RESPONSE;
  id: number;
  text?: string;
  error?: string;
}

function isMetricsRequest(message: unknown): message is MetricsRequest {
  return (message as MetricsRequest | null)?.type === METRICS_REQUEST;
}
function isMetricsResponse(message: unknown): message is MetricsResponse {
  return (message as MetricsResponse | null)?.type === METRICS_RESPONSE;
}

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

export function runPrimary({ workers, shutdownTimeoutMs, logger, openMessage, onOpen }: PrimaryOptions): void {
  // Collects every worker's registry over IPC and sums them (prom-client's own cluster support).
  const aggregator = new AggregatorRegistry();
  const exits: number[] = [];
  let listening = 0;
  let announced = false;
  let stopping = false;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('message', (message: unknown) => {
      if (!isMetricsRequest(message)) return;
      aggregator.clusterMetrics().then(
        (text) => worker.send({ type: METRICS_RESPONSE, id: message.id, text } satisfies MetricsResponse),
        (error: unknown) =>
          worker.send({ type: METRICS_RESPONSE, id: message.id, error: String(error) } satisfies MetricsResponse),
      );
    });
    worker.once('listening', (address) => {
      listening++;
      if (listening < workers || announced) return;
      announced = true;
      logger.info(`${openMessage(address.port)} with ${workers} worker processes`);
      onOpen?.();
    });
    return worker;
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} worker processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // Each worker drains within SHUTDOWN_TIMEOUT_MS; one that hangs past that is killed.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, shutdownTimeoutMs + 5_000).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('stopped');
        // 0, or 1 after a crash loop.
        process.exit();
      }
      return;
    }
    const now = Date.now();
    exits.push(now);
    while (exits.length && exits[0]! < now - RESTART_WINDOW_MS) exits.shift();
    if (exits.length > MAX_RESTARTS) {
      logger.fatal(`${exits.length} worker exits within a minute: stopping instead of restarting in a loop`);
      stop('crash loop');
      process.exitCode = 1;
      return;
    }
    logger.error(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    fork();
  });

  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < workers; i++) fork();
}

let nextRequest = 0;
const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

/**
 * In a worker: makes `registry` the one the primary collects, and returns a reader of the whole
 * cluster's figures, for /metrics (whichever worker the scrape reaches answers for all).
 */
export function shareWorkerMetrics(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client answer the primary's requests in a worker.
  new AggregatorRegistry();
  process.on('message', (message: unknown) => {
    if (!isMetricsResponse(message)) return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.text !== undefined) waiting.resolve(message.text);
    else waiting.reject(new Error(message.error ?? 'no metrics from the primary'));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextRequest++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('the primary did not answer for the cluster metrics within 5 s'));
      }, 5_000);
      pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
    });
}
