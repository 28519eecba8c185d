// Test support only: a real HTTP endpoint whose answers each test scripts, so the data layer is
// exercised over the wire exactly as in the browser (node:http, never imported by the app).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Responder = (request: RecordedRequest, response: ServerResponse, attempt: number) => void;

export interface GraphqlTestServer {
  uri: string;
  requests: RecordedRequest[];
  respondWith(responder: Responder): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

export async function startGraphqlTestServer(): Promise<GraphqlTestServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = (_request, response) => sendJson(response, 200, { data: {} });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: RecordedRequest = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      requests.push(request);
      responder(request, res, requests.length);
    });
  });
  // An ephemeral port: test files run in parallel and must not collide.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    uri: `http://127.0.0.1:${port}/graphql`,
    requests,
    respondWith(next) {
      responder = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
