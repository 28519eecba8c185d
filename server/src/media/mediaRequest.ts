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

function integerParam(params: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw new MediaRequestError(400, `${name} must be a whole number between ${min} and ${max}.`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new MediaRequestError(400, `${name} must be a whole number between ${min} and ${max}.`);
  return value;
}

/** Validates everything a client can put in a media URL before any file is touched. */
export function parseMediaRequest(url: URL): MediaRequest {
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
  return {
    relativePath: normalised,
    width: integerParam(params, 'width', MIN_DIMENSION, MAX_DIMENSION),
    height: integerParam(params, 'height', MIN_DIMENSION, MAX_DIMENSION),
    format: (format as OutputFormat | null) ?? undefined,
    quality: integerParam(params, 'quality', 1, 100),
  };
}
