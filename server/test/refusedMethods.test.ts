import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './serverProcess';

// Issue 28, defect 7: `TRACE /` with a Host other than PUBLIC_URL's answered 500 (the request is
// rebuilt on the public origin, and the runtime refuses the method). TRACE, TRACK and CONNECT
// answer 405 everywhere, before any route sees them. fetch() refuses to send TRACE: node:http.

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ PUBLIC_URL: 'https://shop.example' });
}, 60_000);
afterAll(async () => server?.dispose());

function send(method: string, path: string, host: string): Promise<{ status: number; allow?: string; body: string }> {
  const url = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method, path, headers: { Host: host }, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** CONNECT as a proxy client sends it: node:http hands it to the server's 'connect' event. */
function connect(target: string): Promise<string> {
  const url = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`),
    );
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('TRACE, TRACK and CONNECT', () => {
  it('answer 405 with Allow on every path and host, never 500', async () => {
    for (const method of ['TRACE', 'TRACK'])
      for (const path of ['/', '/graphql', '/admin', '/media/x.png', '/healthz'])
        for (const host of [new URL(server.origin).host, 'other.example']) {
          const answer = await send(method, path, host);
          expect({ method, path, host, status: answer.status }).toEqual({ method, path, host, status: 405 });
          expect(answer.allow).toBe('GET, HEAD, POST, OPTIONS');
          // TRACE's point is to echo the request back; nothing of it comes back here.
          expect(answer.body).not.toContain(host);
        }
    expect(await connect('other.example:443')).toMatch(
      /^HTTP\/1\.1 405 Method Not Allowed\r\n(.*\r\n)*Allow: GET, HEAD, POST, OPTIONS\r\n/,
    );
    // Other methods are answered as before.
    expect((await send('GET', '/healthz', 'other.example')).status).toBe(200);
  });
});
