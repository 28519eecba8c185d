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

/** A size in pixels; a number outside the range is taken as its nearest end. */
function dimensionParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (!/^\d{1,9}$/.test(raw))
    throw new MediaRequestError(400, `${name} must be a whole number between ${MIN_DIMENSION} and ${MAX_DIMENSION}.`);
  return Math.min(MAX_DIMENSION, Math.max(MIN_DIMENSION, Number(raw)));
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
  // Downloadable products' files are sold: they leave only through the download addresses
  // (commerce's downloadDelivery.ts), which check the buyer, never as media.
  if (normalised.split('/')[0]!.toLowerCase() === 'downloadable') throw new MediaRequestError(404, 'Not found.');
  const params = url.searchParams;
  // Magento serves a media file whatever the query string says, and clients written for it add a
  // CDN's parameters (Venia: format=pjpg, quality=85, auto, fit, crop). A format or quality we do
  // not offer is ignored like any unknown parameter, so it neither fails nor makes a new variant.
  const format = params.get('format');
  const quality = Number(params.get('quality'));
  return {
    relativePath: normalised,
    width: roundUpToSize(dimensionParam(params, 'width'), sizes),
    height: roundUpToSize(dimensionParam(params, 'height'), sizes),
    format: format !== null && FORMATS.has(format as OutputFormat) ? (format as OutputFormat) : undefined,
    quality: QUALITIES.includes(quality) ? quality : undefined,
  };
}
