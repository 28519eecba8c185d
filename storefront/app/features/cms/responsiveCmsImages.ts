import { resizedUrl } from '@vela/ui/Image';

const CANDIDATE_WIDTHS = [360, 480, 640, 800, 1000, 1280, 1600];
/** CMS content spans the page container (1280 px less its padding) or the viewport below that. */
const CONTENT_SIZES = '(min-width: 1280px) 1248px, calc(100vw - 32px)';

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
}

/**
 * Merchants paste plain `<img src="/media/…" width height>` into CMS pages. This gives each one
 * a WebP srcset from the media endpoint, so a phone does not fetch a 1000 px PNG. With
 * `priorityFirst` (a page's main content, whose hero is usually its largest paint) the first image
 * loads eagerly with high priority; every other image loads lazily. Images from elsewhere, or
 * that already carry a srcset, are left as they are.
 */
export function responsiveCmsImages(html: string, { priorityFirst = false } = {}): string {
  let first = priorityFirst;
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const isFirst = first;
    first = false;
    const src = attribute(tag, 'src');
    const width = Number(attribute(tag, 'width'));
    if (!src?.startsWith('/media/') || src.includes('?') || attribute(tag, 'srcset') !== undefined || !(width > 0))
      return tag;
    const widths = CANDIDATE_WIDTHS.filter((w) => w <= width);
    if (widths.length === 0) return tag;
    const added = [
      `srcset="${widths.map((w) => `${resizedUrl(src, w)} ${w}w`).join(', ')}"`,
      attribute(tag, 'sizes') === undefined ? `sizes="${CONTENT_SIZES}"` : '',
      attribute(tag, 'loading') === undefined ? `loading="${isFirst ? 'eager' : 'lazy'}"` : '',
      isFirst && attribute(tag, 'fetchpriority') === undefined ? 'fetchpriority="high"' : '',
      attribute(tag, 'decoding') === undefined ? `decoding="${isFirst ? 'sync' : 'async'}"` : '',
    ].filter(Boolean);
    const fallback = resizedUrl(src, Math.min(width, 800));
    return tag
      .replace(/\ssrc\s*=\s*"[^"]*"/i, ` src="${fallback}"`)
      .replace(/\s*\/?>$/, (end) => ` ${added.join(' ')}${end.trim() === '/>' ? ' />' : '>'}`);
  });
}

/** The image responsiveCmsImages marked high priority, for a `<link rel="preload">` in the head. */
export function priorityImageOf(html: string): { src: string; srcSet: string; sizes: string } | null {
  const tag = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i.exec(html)?.[0];
  const src = tag && attribute(tag, 'src');
  const srcSet = tag && attribute(tag, 'srcset');
  if (!tag || !src || !srcSet) return null;
  return { src, srcSet, sizes: attribute(tag, 'sizes') ?? '100vw' };
}
