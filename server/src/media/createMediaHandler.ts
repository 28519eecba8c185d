import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MediaRequestError, parseMediaRequest, type MediaRequest, type OutputFormat } from './mediaRequest';

export interface MediaHandlerOptions {
  mediaDir: string;
  cacheDir: string;
  /** Draws sources that are not files, such as the demo catalog's product illustrations. */
  renderSource?: (mediaPath: string) => string | null;
}

interface Variant {
  body: Buffer;
  contentType: string;
  etag: string;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  gif: 'image/gif',
};

function text(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra } });
}

function extensionOf(file: string): string {
  return path.extname(file).slice(1).toLowerCase();
}

async function readSource(options: MediaHandlerOptions, request: MediaRequest): Promise<Buffer | null> {
  const file = path.join(options.mediaDir, request.relativePath);
  // parseMediaRequest already refuses `..`; this second check guards against symlinked roots and future edits.
  if (!file.startsWith(path.resolve(options.mediaDir) + path.sep)) return null;
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
  }
  const svg = options.renderSource?.(`/media/${request.relativePath}`);
  return svg ? Buffer.from(svg) : null;
}

async function encode(source: Buffer, request: MediaRequest, sourceFormat: string): Promise<{ body: Buffer; format: string }> {
  const targetFormat: string = request.format ?? (sourceFormat === 'svg' ? 'png' : sourceFormat);
  let pipeline = sharp(source, { density: sourceFormat === 'svg' ? 144 : undefined });
  if (request.width || request.height) {
    pipeline = pipeline.resize({ width: request.width, height: request.height, fit: 'inside', withoutEnlargement: sourceFormat !== 'svg' });
  }
  const quality = request.quality;
  switch (targetFormat as OutputFormat | 'jpg') {
    case 'webp':
      pipeline = pipeline.webp({ quality: quality ?? 78 });
      break;
    case 'avif':
      // AVIF encodes slowly; effort 2 keeps a first request under a second for product sizes.
      pipeline = pipeline.avif({ quality: quality ?? 55, effort: 2 });
      break;
    case 'jpeg':
    case 'jpg':
      pipeline = pipeline.jpeg({ quality: quality ?? 80, mozjpeg: true });
      break;
    case 'png':
      pipeline = pipeline.png({ compressionLevel: 9 });
      break;
    default:
      return { body: source, format: sourceFormat };
  }
  return { body: await pipeline.toBuffer(), format: targetFormat };
}

/**
 * `/media/*`: files from the media folder or drawn sources, resized and re-encoded on request.
 * Each variant is made once: kept on disk, and concurrent requests for it share one render.
 */
export function createMediaHandler(options: MediaHandlerOptions): (request: Request) => Promise<Response> {
  const inFlight = new Map<string, Promise<Variant | null>>();

  async function produce(request: MediaRequest, key: string): Promise<Variant | null> {
    const cacheFile = path.join(options.cacheDir, key.slice(0, 2), key);
    const metaFile = `${cacheFile}.type`;
    try {
      const [body, contentType] = await Promise.all([readFile(cacheFile), readFile(metaFile, 'utf8')]);
      return { body, contentType, etag: `"${key.slice(0, 32)}"` };
    } catch {
      // Not made yet.
    }
    const source = await readSource(options, request);
    if (!source) return null;
    const { body, format } = await encode(source, request, extensionOf(request.relativePath));
    const contentType = CONTENT_TYPES[format] ?? 'application/octet-stream';
    await mkdir(path.dirname(cacheFile), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${cacheFile}.${process.pid}.tmp`;
    await writeFile(temp, body);
    await writeFile(metaFile, contentType);
    await rename(temp, cacheFile);
    return { body, contentType, etag: `"${key.slice(0, 32)}"` };
  }

  return async (incoming: Request) => {
    if (incoming.method !== 'GET' && incoming.method !== 'HEAD') return text(405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    let request: MediaRequest;
    try {
      request = parseMediaRequest(new URL(incoming.url));
    } catch (error) {
      if (error instanceof MediaRequestError) return text(error.status, error.message);
      throw error;
    }
    // The key names the output, so the ETag is stable across processes and restarts.
    const key = createHash('sha256').update(JSON.stringify([request.relativePath, request.width, request.height, request.format, request.quality])).digest('hex');
    let pending = inFlight.get(key);
    if (!pending) {
      pending = produce(request, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    let variant: Variant | null;
    try {
      variant = await pending;
    } catch {
      return text(415, 'This image could not be processed.');
    }
    if (!variant) return text(404, 'Not found.');
    const headers = {
      'Content-Type': variant.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: variant.etag,
    };
    if (incoming.headers.get('if-none-match')?.split(',').some((tag) => tag.trim() === variant.etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(incoming.method === 'HEAD' ? null : new Uint8Array(variant.body), {
      status: 200,
      headers: { ...headers, 'Content-Length': String(variant.body.length) },
    });
  };
}
