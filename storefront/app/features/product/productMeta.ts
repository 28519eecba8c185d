import type { PageMeta } from '../../shared/pageMeta';

export const DESCRIPTION_LENGTH = 160;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of an HTML fragment: tags dropped, common entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (ENTITIES[lower]) return ENTITIES[lower];
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
      return entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts at a word boundary and marks the cut with an ellipsis, so snippets never end mid-word. */
export function truncate(text: string, max = DESCRIPTION_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export function productPath(product: { url_key: string | null; url_suffix: string | null }): string {
  return `/${product.url_key ?? ''}${product.url_suffix ?? '.html'}`;
}

interface MetaSource {
  name: string | null;
  url_key: string | null;
  url_suffix: string | null;
  meta_title: string | null;
  meta_description: string | null;
  short_description: { html: string } | null;
}

export function productMeta(product: MetaSource, origin: string): PageMeta {
  const description = product.meta_description?.trim() || truncate(htmlToText(product.short_description?.html ?? ''));
  return {
    title: product.meta_title?.trim() || product.name || '',
    description: description || null,
    canonical: `${origin}${productPath(product)}`,
  };
}
