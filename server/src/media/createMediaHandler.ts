import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type SharpModule from 'sharp';
import { MAX_IMAGE_PIXELS } from '@vela/commerce';
import { MediaRequestError, parseMediaRequest, type MediaRequest, type OutputFormat } from './mediaRequest';

export interface MediaHandlerOptions {
  mediaDir: string;
  cacheDir: string;
  /** Draws sources that are not files, such as the demo catalog's product illustrations. */
  renderSource?: (mediaPath: string) => string | null;
  /** Widths and heights variants are made in (MEDIA_SIZES); others are rounded up to one of them. */
  sizes?: readonly number[];
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
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
  });
}

/**
 * A source with more pixels than the budget uploads and imports keep to: decoding one 16000×16000
 * PNG (31 KB on disk) took the server from 526 MB to 1 GB. Refused from its header, undecoded.
 */
class ImageTooLargeError extends Error {}

function extensionOf(file: string): string {
  return path.extname(file).slice(1).toLowerCase();
}

interface Source {
  data: Buffer;
  /** Vector sources are rasterised at the requested size rather than scaled up afterwards. */
  isSvg: boolean;
  /** Encoding used when the URL names no format. */
  defaultFormat: string;
}

async function readSource(options: MediaHandlerOptions, request: MediaRequest): Promise<Source | null> {
  const root = path.resolve(options.mediaDir);
  const file = path.resolve(root, request.relativePath);
  // parseMediaRequest already refuses `..`; this second check guards against future edits.
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const data = await readFile(file);
    const extension = extensionOf(file);
    return { data, isSvg: extension === 'svg', defaultFormat: extension === 'svg' ? 'png' : extension };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'ENOTDIR') throw error;
  }
  const svg = options.renderSource?.(`/media/${request.relativePath}`);
  if (!svg) return null;
  const extension = extensionOf(request.relativePath);
  return {
    data: Buffer.from(svg),
    isSvg: true,
    defaultFormat: CONTENT_TYPES[extension] && extension !== 'svg' ? extension : 'png',
  };
}

// libvips and its codecs cost the process memory from the moment they load, and most requests
// never draw an image (variants are made once and then read from disk): loaded on first use.
let sharpLoading: Promise<typeof SharpModule> | undefined;
function loadSharp(): Promise<typeof SharpModule> {
  sharpLoading ??= import('sharp').then((module) => module.default);
  return sharpLoading;
}

/** librsvg draws at 72 dpi; a higher density makes the vector render at least as large as the output. */
async function svgDensity(source: Buffer, request: MediaRequest): Promise<number> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(source).metadata();
  const scale = Math.max(
    request.width && width ? request.width / width : 1,
    request.height && height ? request.height / height : 1,
  );
  return Math.min(72 * Math.max(1, scale), 72 * 8);
}

async function encode(source: Source, request: MediaRequest): Promise<{ body: Buffer; format: string }> {
  const targetFormat: string = request.format ?? source.defaultFormat;
  const sharp = await loadSharp();
  if (!source.isSvg) {
    // The header alone: libvips reads the size without decoding a pixel.
    const { width, height } = await sharp(source.data, { limitInputPixels: false }).metadata();
    if ((width ?? 0) * (height ?? 0) > MAX_IMAGE_PIXELS) throw new ImageTooLargeError();
  }
  // libvips' own bound as well, for whatever the header check does not see (a drawn SVG's raster).
  let pipeline = sharp(source.data, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    ...(source.isSvg ? { density: await svgDensity(source.data, request) } : {}),
  });
  if (request.width || request.height) {
    pipeline = pipeline.resize({
      width: request.width,
      height: request.height,
      fit: 'inside',
      withoutEnlargement: !source.isSvg,
    });
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
      // A format sharp does not write (gif, …) without an explicit format: the file as stored.
      return { body: source.data, format: targetFormat };
  }
  return { body: await pipeline.toBuffer(), format: targetFormat };
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
}

/**
 * `/media/*`: files from the media folder or drawn sources, resized and re-encoded on request.
 * Each variant is made once: kept on disk, and concurrent requests for it share one render.
 */
export function createMediaHandler(options: MediaHandlerOptions): (request: Request) => Promise<Response> {
  const inFlight = new Map<string, Promise<Variant | null>>();

  async function produce(request: MediaRequest, key: string): Promise<Variant | null> {
    const cacheFile = path.join(options.cacheDir, key.slice(0, 2), key);
    const metaFile = `${cacheFile}.json`;
    try {
      const [body, meta] = await Promise.all([readFile(cacheFile), readFile(metaFile, 'utf8')]);
      const { contentType, etag } = JSON.parse(meta) as { contentType: string; etag: string };
      return { body, contentType, etag };
    } catch {
      // Not made yet (or half written by a process that died): make it.
    }
    const source = await readSource(options, request);
    if (!source) return null;
    const { body, format } = await encode(source, request);
    const variant: Variant = {
      body,
      contentType: CONTENT_TYPES[format] ?? 'application/octet-stream',
      etag: etagOf(body),
    };
    await mkdir(path.dirname(cacheFile), { recursive: true });
    // Write then rename, so a reader in another process never sees half a file.
    const suffix = `${process.pid}.${randomUUID()}.tmp`;
    await writeFile(`${metaFile}.${suffix}`, JSON.stringify({ contentType: variant.contentType, etag: variant.etag }));
    await writeFile(`${cacheFile}.${suffix}`, body);
    await rename(`${metaFile}.${suffix}`, metaFile);
    await rename(`${cacheFile}.${suffix}`, cacheFile);
    return variant;
  }

  return async (incoming: Request) => {
    if (incoming.method !== 'GET' && incoming.method !== 'HEAD')
      return text(405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    let request: MediaRequest;
    try {
      request = parseMediaRequest(new URL(incoming.url), options.sizes);
    } catch (error) {
      if (error instanceof MediaRequestError) return text(error.status, error.message);
      throw error;
    }
    // One key per variant: the same URL parameters always name the same cached output.
    const key = createHash('sha256')
      .update(JSON.stringify([request.relativePath, request.width, request.height, request.format, request.quality]))
      .digest('hex');
    let pending = inFlight.get(key);
    if (!pending) {
      pending = produce(request, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    let variant: Variant | null;
    try {
      variant = await pending;
    } catch (error) {
      if (error instanceof ImageTooLargeError || (error instanceof Error && /pixel limit/i.test(error.message)))
        return text(
          422,
          `This image has more than ${MAX_IMAGE_PIXELS / 1e6} megapixels: it is not rendered. Upload a smaller one.`,
        );
      return text(415, 'This image could not be processed.');
    }
    if (!variant) return text(404, 'Not found.');
    const headers = {
      'Content-Type': variant.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: variant.etag,
    };
    if (
      incoming.headers
        .get('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim() === variant.etag)
    ) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(incoming.method === 'HEAD' ? null : new Uint8Array(variant.body), {
      status: 200,
      headers: { ...headers, 'Content-Length': String(variant.body.length) },
    });
  };
}
