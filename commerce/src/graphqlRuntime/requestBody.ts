// The API's limit on a request body, checked before Yoga sees the request.
//
// Yoga's own check (maxRequestBodySize) asks every request for `request.body`, a GET too. On
// the Node server that turns the host's lightweight request into a full WHATWG Request with web
// streams, and then pipes the body through a TransformStream into a second Request: about a
// third of a millisecond of CPU on a GET and more on a POST, on every request (issue 14). Here a
// declared length is checked from the header, so the body is read once, by Yoga's JSON parser,
// through the host's fast path. Only a body of undeclared length (chunked) is read and counted
// here, and handed on as bytes.

/** The largest storefront mutation is a few KB; a bigger body is a mistake or an attack. */
export const MAX_GRAPHQL_BODY_BYTES = 256 * 1024;

const DECIMAL = /^\d+$/;

function refusal(status: 400 | 413, message: string, code: string): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function tooLarge(limit: number): Response {
  return refusal(413, `Request body larger than ${limit} bytes.`, 'REQUEST_ENTITY_TOO_LARGE');
}

/**
 * The request to execute, or the answer that refuses it: 413 for a body over `limit` bytes,
 * 400 for a Content-Length that is not one decimal number.
 */
export async function withinBodyLimit(request: Request, limit = MAX_GRAPHQL_BODY_BYTES): Promise<Request | Response> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    // One number only: a list ("10, 10") is how request smuggling starts.
    if (!DECIMAL.test(declared)) return refusal(400, 'The Content-Length header is invalid.', 'BAD_REQUEST');
    // The HTTP server holds a body to its declared length, so the header is enough.
    return Number(declared) > limit ? tooLarge(limit) : request;
  }
  if (request.body === null) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body });
}
