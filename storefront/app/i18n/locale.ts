import enUS from './en_US.json';

export const DEFAULT_LOCALE = 'en_US';

const catalogues: Record<string, Record<string, string>> = { en_US: enUS };

/** Magento store locales look like `en_US`; Intl wants `en-US`. */
export function toLanguageTag(magentoLocale: string): string {
  return magentoLocale.replace('_', '-');
}

export function messagesFor(magentoLocale: string): Record<string, string> {
  return catalogues[magentoLocale] ?? enUS;
}
