import { createIntl } from 'react-intl';
import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from '../i18n/locale';

export interface PageMeta {
  title: string;
  description?: string | null;
  /** Absolute canonical URL. */
  canonical?: string;
  /** Pages that should not be indexed (search results, 404). */
  noindex?: boolean;
}

export interface TitleConfig {
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
  return descriptors;
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
