import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|graphql-response\+json|manifest\+json|xml)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * A Node stream over any WHATWG body. Yoga answers with @whatwg-node's ponyfilled stream, which
 * Readable.fromWeb rejects, so read through the reader interface every implementation has.
 */
function readableFrom(body: ReadableStream<Uint8Array>): Readable {
  const reader = body.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : value),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}

/** Picks brotli over gzip when the client accepts it; ignores q=0 entries. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compresses HTML, JSON and other text responses on the fly, streaming (the SSR stream stays a
 * stream). Brotli runs at a moderate quality: the best ratio is not worth its CPU per request.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('content-type') ?? '';
    const length = Number(response.headers.get('content-length') ?? Number.NaN);
    if (
      !response.body ||
      c.req.method === 'HEAD' ||
      response.status === 204 ||
      response.status === 304 ||
      response.headers.has('content-encoding') ||
      !COMPRESSIBLE.test(type) ||
      length < MIN_BYTES
    ) {
      return;
    }
    const vary = response.headers.get('vary');
    if (!vary || !/accept-encoding/i.test(vary))
      c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const compressor =
      encoding === 'br'
        ? createBrotliCompress({
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
          })
        : createGzip({ level: 6 });
    // pipeline, not pipe: a body that fails half-way (a proxied upstream that drops) ends this
    // answer with the error instead of an unhandled 'error' event that stops the process.
    const source = readableFrom(response.body);
    const compressed = Readable.toWeb(pipeline(source, compressor, () => {})) as unknown as ReadableStream;
    // Hono copies the old headers onto the new response, so adjust them after the swap.
    c.res = new Response(compressed, response);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    // A strong ETag names the identity bytes; the compressed body is a different representation.
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
