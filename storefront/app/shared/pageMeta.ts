import { createIntl } from 'react-intl';
import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from '../i18n/locale';
import type { JsonLd } from './structuredData';

export interface PageMeta {
  title: string;
  description?: string | null;
  /** Absolute canonical URL. */
  canonical?: string;
  /** Pages that should not be indexed (search results, 404). */
  noindex?: boolean;
  /** Set on pages worth sharing (product, category, CMS): they get Open Graph and Twitter card tags. */
  share?: {
    type: 'website' | 'product' | 'article';
    /** Absolute URL of the picture a shared link shows. */
    image?: string | null;
  };
  /** schema.org JSON-LD for the head. */
  structuredData?: JsonLd[];
}

export interface TitleConfig {
  store_name?: string | null;
  title_prefix?: string | null;
  title_suffix?: string | null;
  default_title?: string | null;
  default_description?: string | null;
}

/** The words of a title or affix without separators, lower case: "| Vela" → "vela". */
function affixWords(affix: string): string {
  return affix
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The store's prefix and suffix around a page title, as Magento does, except where the title
 * already names them: a merchant's "Vela - clothing" must not become "Vela - clothing | Vela".
 */
function withAffixes(base: string, store: TitleConfig | undefined): string {
  const titleWords = ` ${affixWords(base)} `;
  const affix = (part: string | null | undefined) => {
    const trimmed = part?.trim();
    if (!trimmed) return undefined;
    const words = affixWords(trimmed);
    return words && titleWords.includes(` ${words} `) ? undefined : trimmed;
  };
  return [affix(store?.title_prefix), base.trim(), affix(store?.title_suffix)].filter(Boolean).join(' ');
}

/** Title, description and canonical link for a route's `meta` export. */
export function pageMeta(meta: PageMeta | undefined, store: TitleConfig | undefined): MetaDescriptor[] {
  const title = withAffixes(meta?.title || store?.default_title || '', store);
  const descriptors: MetaDescriptor[] = [{ title }];
  const description = meta?.description || store?.default_description;
  if (description) descriptors.push({ name: 'description', content: description });
  if (meta?.canonical) descriptors.push({ tagName: 'link', rel: 'canonical', href: meta.canonical });
  if (meta?.noindex) descriptors.push({ name: 'robots', content: 'noindex, follow' });
  if (meta?.share) descriptors.push(...shareMeta(meta, meta.share, title, description, store));
  for (const node of meta?.structuredData ?? []) descriptors.push({ 'script:ld+json': node });
  return descriptors;
}

/** What a link shared in a chat or a social network shows: Open Graph, which Twitter reads too. */
function shareMeta(
  meta: PageMeta,
  share: NonNullable<PageMeta['share']>,
  title: string,
  description: string | null | undefined,
  store: TitleConfig | undefined,
): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { property: 'og:type', content: share.type },
    { property: 'og:title', content: meta.title || title },
  ];
  if (description) tags.push({ property: 'og:description', content: description });
  if (meta.canonical) tags.push({ property: 'og:url', content: meta.canonical });
  if (store?.store_name) tags.push({ property: 'og:site_name', content: store.store_name });
  if (share.image) tags.push({ property: 'og:image', content: share.image });
  tags.push({ name: 'twitter:card', content: share.image ? 'summary_large_image' : 'summary' });
  return tags;
}

/** The head of an error page: meta functions run outside React, so the title is formatted here. */
export function errorPageMeta(
  status: number,
  locale: string | undefined,
  store: TitleConfig | undefined,
): MetaDescriptor[] {
  const magentoLocale = locale ?? DEFAULT_LOCALE;
  const intl = createIntl({
    locale: toLanguageTag(magentoLocale),
    messages: messagesFor(magentoLocale),
    defaultLocale: 'en-US',
  });
  const title =
    status === 404
      ? intl.formatMessage({ id: 'layout.error.notFoundTitle', defaultMessage: "We can't find that page" })
      : intl.formatMessage({ id: 'layout.error.failureTitle', defaultMessage: 'Something went wrong' });
  return pageMeta({ title, noindex: true }, { ...store, default_description: null });
}
