import type { ImgHTMLAttributes } from 'react';

const DEFAULT_WIDTHS = [160, 240, 320, 480, 640, 960];

interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  src: string;
  alt: string;
  /** Intrinsic size, so the browser reserves the box before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** Candidate widths for srcset; the media endpoint resizes and re-encodes on demand. */
  widths?: readonly number[];
  /** The largest image above the fold: loaded eagerly with high priority. */
  priority?: boolean;
}

export function resizedUrl(src: string, width: number, format = 'webp'): string {
  const separator = src.includes('?') ? '&' : '?';
  return `${src}${separator}width=${width}&format=${format}`;
}

export function Image({
  src,
  alt,
  width,
  height,
  widths = DEFAULT_WIDTHS,
  priority = false,
  sizes,
  ...rest
}: ImageProps) {
  const candidates = widths.filter((w) => w <= width * 2);
  const srcSet = candidates.map((w) => `${resizedUrl(src, w)} ${w}w`).join(', ');
  return (
    <img
      src={resizedUrl(src, width)}
      srcSet={srcSet || undefined}
      sizes={sizes ?? `${width}px`}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      {...rest}
    />
  );
}
