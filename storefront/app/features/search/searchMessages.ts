import { type MessageDescriptor, createIntl } from 'react-intl';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from '../../i18n/locale';

export const searchMessages: Record<'resultsTitle' | 'title', MessageDescriptor> = {
  resultsTitle: { id: 'search.page.resultsTitle', defaultMessage: 'Search results for “{term}”' },
  title: { id: 'search.page.title', defaultMessage: 'Search' },
};

/**
 * The document title of the search page. Route `meta` runs outside the React tree, so it formats
 * with its own intl object for the store's locale.
 */
export function searchPageTitle(term: string, locale: string | undefined): string {
  const tag = locale ?? DEFAULT_LOCALE;
  const intl = createIntl({ locale: toLanguageTag(tag), messages: messagesFor(tag), defaultLocale: 'en-US' });
  return term ? intl.formatMessage(searchMessages.resultsTitle, { term }) : intl.formatMessage(searchMessages.title);
}
