import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

// TRACE and TRACK echo a request back (cross-site tracing), CONNECT opens a tunnel: the shop
// serves none of them. They are answered here, before Hono builds a web Request, which the runtime
// refuses for these methods (a rebuilt request then failed as a 500).

const REFUSED = new Set(['TRACE', 'TRACK', 'CONNECT']);
export const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

function refuse(response: ServerResponse): void {
  response.writeHead(405, {
    Allow: ALLOWED_METHODS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end('Method Not Allowed\n');
}

/** The request listener, with TRACE and TRACK answered 405 first. */
export function refusingUnservedMethods(
  listener: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (REFUSED.has(request.method ?? '')) refuse(response);
    else void listener(request, response);
  };
}

const REFUSAL = `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;

/** Node's own answers to a request it cannot parse (node:http's socketOnError), kept as they were. */
function parserRefusal(code: string | undefined): string {
  if (code === 'HPE_HEADER_OVERFLOW') return '431 Request Header Fields Too Large';
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return '413 Payload Too Large';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return '408 Request Timeout';
  return '400 Bad Request';
}

/**
 * CONNECT never reaches a request listener (node:http emits 'connect' with the raw socket), and
 * TRACK, a method node:http's parser does not know, arrives as a client error.
 */
export function refuseConnectAndTrack(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    // Only where nothing was answered yet on this connection, as node:http does.
    const untouched = !(socket instanceof Socket) || socket.bytesWritten === 0;
    if (socket.writable && untouched) {
      const track = error.code === 'HPE_INVALID_METHOD' && error.rawPacket?.subarray(0, 6).toString() === 'TRACK ';
      socket.write(track ? REFUSAL : `HTTP/1.1 ${parserRefusal(error.code)}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroy(error);
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    socket.end(REFUSAL);
  });
}
