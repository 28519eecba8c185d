import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

// Stopping without cutting anyone off: for a short window the listener keeps accepting, so
// connections already in the kernel's accept backlog (or opened by a balancer that has not yet
// seen /readyz fail) are answered rather than reset; then the listener closes, every request
// still arriving on an open connection is answered with `Connection: close`, idle kept-alive
// connections are closed, and whatever is still running at the deadline is cut.
//
// http.Server#close() would close idle connections at once; a client that has just written its
// next request on one of them gets a reset. Idle connections are given a short grace instead: a
// client that is about to send gets its answer (with `Connection: close`), one that stays quiet
// is closed.

export interface DrainResult {
  /** Requests still running when the deadline cut their connections. */
  cut: number;
}

export interface GracefulShutdown {
  /**
   * Answers with `Connection: close` from now on, keeps accepting for `acceptMs`, then stops
   * accepting, drains, and resolves once every connection is closed or `deadlineMs` after that.
   */
  drain(deadlineMs: number, acceptMs?: number): Promise<DrainResult>;
  /** From the moment drain() is called: what /readyz reports. */
  stopping(): boolean;
}

/** How long a connection idle at shutdown may still deliver a request it was already sending. */
const IDLE_GRACE_MS = 250;

export function trackForShutdown(server: Server): GracefulShutdown {
  const inFlight = new Map<Socket, number>();
  let stopping = false;
  let onSocketClosed: (() => void) | undefined;

  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => {
      inFlight.delete(socket);
      onSocketClosed?.();
    });
  });
  // Prepended: the request handler may write its answer before other listeners run.
  server.prependListener('request', (request, response: ServerResponse) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    if (stopping) response.setHeader('Connection', 'close');
    response.once('close', () => {
      if (inFlight.has(socket)) inFlight.set(socket, Math.max(0, (inFlight.get(socket) ?? 1) - 1));
    });
  });

  return {
    stopping: () => stopping,
    async drain(deadlineMs, acceptMs = 0) {
      stopping = true;
      if (acceptMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptMs));
      return new Promise<DrainResult>((resolve) => {
        let settled = false;
        const finish = (cut: number) => {
          if (settled) return;
          settled = true;
          clearTimeout(idleTimer);
          clearTimeout(deadlineTimer);
          onSocketClosed = undefined;
          resolve({ cut });
        };
        onSocketClosed = () => {
          if (inFlight.size === 0) finish(0);
        };
        // The listener only: see above for why not http.Server#close().
        NetServer.prototype.close.call(server);
        const idleTimer = setTimeout(
          () => {
            for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
          },
          Math.min(IDLE_GRACE_MS, deadlineMs),
        );
        const deadlineTimer = setTimeout(() => {
          let cut = 0;
          for (const [socket, requests] of inFlight) {
            cut += requests;
            socket.destroy();
          }
          finish(cut);
        }, deadlineMs);
        if (inFlight.size === 0) finish(0);
      });
    },
  };
}
