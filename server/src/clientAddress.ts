import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

// Rate limits count per client, so the client's address must be one it cannot choose. The
// socket's peer is that address; behind a reverse proxy the peer is the proxy, and the client is
// the last address the proxy appended to X-Forwarded-For. Entries before it were written by the
// client and are ignored.

const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

export function clientAddressOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded && ADDRESS.test(forwarded)) return forwarded.toLowerCase();
  }
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket.remoteAddress ?? 'unknown';
}
