import path from 'node:path';

export type OutputFormat = 'webp' | 'avif' | 'jpeg' | 'png';

export interface MediaRequest {
  /** The path below /media/, normalised, never escaping the media root. */
  relativePath: string;
  width?: number;
  height?: number;
  format?: OutputFormat;
  quality?: number;
}

export class MediaRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const FORMATS = new Set<OutputFormat>(['webp', 'avif', 'jpeg', 'png']);
export const MIN_DIMENSION = 16;
export const MAX_DIMENSION = 2000;

/**
 * The sizes variants are made in. Every new size of a large image costs a few hundred ms of CPU,
 * so a client asking for every width from 16 to 2000 could keep the server busy: a requested
 * width or height is rounded up to the next size here, which bounds the variants per image.
 * The list holds every size the storefront asks for, so its images are never rounded.
 */
export const DEFAULT_MEDIA_SIZES: readonly number[] = [
  48, 56, 64, 80, 96, 112, 120, 160, 192, 200, 240, 280, 320, 360, 400, 480, 560, 640, 800, 960, 1000, 1280, 1600, 2000,
];
/** Encoder qualities a URL may choose; without one each format has its own default. */
export const QUALITIES: readonly number[] = [50, 75, 90];

function integerParam(params: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw new MediaRequestError(400, `${name} must be a whole number between ${min} and ${max}.`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new MediaRequestError(400, `${name} must be a whole number between ${min} and ${max}.`);
  return value;
}

/** The smallest allowed size at least as large as asked for (the largest if none is). */
function roundUpToSize(value: number | undefined, sizes: readonly number[]): number | undefined {
  if (value === undefined) return undefined;
  return sizes.find((size) => size >= value) ?? sizes.at(-1);
}

/**
 * Validates everything a client can put in a media URL before any file is touched. `sizes` must
 * be sorted ascending.
 */
export function parseMediaRequest(url: URL, sizes: readonly number[] = DEFAULT_MEDIA_SIZES): MediaRequest {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    throw new MediaRequestError(400, 'Malformed path.');
  }
  if (!decoded.startsWith('/media/') || decoded.includes('\0') || decoded.includes('\\')) {
    throw new MediaRequestError(404, 'Not found.');
  }
  const rest = decoded.slice('/media/'.length);
  const normalised = path.posix.normalize(rest);
  if (
    rest.split('/').some((segment) => segment === '..' || segment === '.') ||
    normalised.startsWith('/') ||
    normalised.startsWith('..') ||
    normalised === '' ||
    normalised === '.'
  ) {
    throw new MediaRequestError(404, 'Not found.');
  }
  const params = url.searchParams;
  const format = params.get('format');
  if (format !== null && !FORMATS.has(format as OutputFormat)) {
    throw new MediaRequestError(400, 'format must be one of webp, avif, jpeg, png.');
  }
  const quality = integerParam(params, 'quality', 1, 100);
  if (quality !== undefined && !QUALITIES.includes(quality)) {
    throw new MediaRequestError(400, `quality must be one of ${QUALITIES.join(', ')}.`);
  }
  return {
    relativePath: normalised,
    width: roundUpToSize(integerParam(params, 'width', MIN_DIMENSION, MAX_DIMENSION), sizes),
    height: roundUpToSize(integerParam(params, 'height', MIN_DIMENSION, MAX_DIMENSION), sizes),
    format: (format as OutputFormat | null) ?? undefined,
    quality,
  };
}
