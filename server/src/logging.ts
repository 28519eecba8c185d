import cluster from 'node:cluster';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

interface RequestScope {
  requestId: string;
}

// Every line written while a request is being answered carries its id, including lines from the
// commerce API and the render, without passing a logger through every call.
const requestScope = new AsyncLocalStorage<RequestScope>();

/** The id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/**
 * JSON lines with an ISO time and a level name. Nothing here logs bodies, query strings or
 * headers, so passwords and tokens have no way in; the redaction is a second line of defence
 * for anyone who later logs an object that holds one.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // In a cluster (WORKERS > 1) each line names the worker that wrote it.
      base: cluster.isWorker ? { worker: cluster.worker?.id } : undefined,
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      redact: {
        paths: [
          'password',
          'token',
          'authorization',
          '*.password',
          '*.token',
          '*.authorization',
          '*.headers.authorization',
          '*.headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** An id a trusted proxy may hand us, so its logs and ours line up; anything else is replaced. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Path groups small enough to label metrics and skim logs by; never the raw path. */
export function routeOf(pathname: string): string {
  if (pathname === '/graphql') return 'graphql';
  if (pathname.startsWith('/media/')) return 'media';
  if (pathname.startsWith('/assets/')) return 'assets';
  if (pathname === '/healthz' || pathname === '/readyz') return 'health';
  if (pathname === '/metrics') return 'metrics';
  return 'page';
}

export interface RequestLogOptions {
  logger: Logger;
  /** Take X-Request-Id from the proxy in front (TRUST_PROXY); otherwise always make a new one. */
  trustProxy: boolean;
  /** Called when an answer is complete, for metrics. */
  onResponse?: (route: string, method: string, status: number, seconds: number) => void;
}

/**
 * Gives each request an id (X-Request-Id on the answer), runs the rest of the chain inside its
 * scope, and writes one line when the answer is ready. The line names the path without its query
 * string: password-reset links carry their token there.
 */
export function requestLogging(options: RequestLogOptions): MiddlewareHandler {
  return async (c, next) => {
    const forwarded = options.trustProxy ? c.req.header('x-request-id') : undefined;
    const requestId = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    const started = process.hrtime.bigint();
    await requestScope.run({ requestId }, async () => {
      await next();
      c.res.headers.set('X-Request-Id', requestId);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = c.req.path;
      const route = routeOf(path);
      const status = c.res.status;
      options.onResponse?.(route, c.req.method, status, seconds);
      const line = { method: c.req.method, path, route, status, ms: Math.round(seconds * 10_000) / 10 };
      if (status >= 500) options.logger.error(line, 'request failed');
      else if (route === 'health' || route === 'metrics' || route === 'assets') options.logger.debug(line, 'request');
      else options.logger.info(line, 'request');
    });
  };
}
