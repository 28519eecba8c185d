/** A message catalogue: message id → ICU message. */
export type Catalogue = Record<string, string>;

/** The catalogue the components' default messages are written in. */
export const DEFAULT_LOCALE = 'en_US';

/**
 * Every other catalogue (src/i18n/<locale>.json), each in a chunk of its own that only staff
 * working in that language download. en_US is not loaded at all: its messages are the default
 * messages written beside each id (the catalogue test keeps both the same).
 */
const lazyCatalogues = import.meta.glob<Catalogue>(['./*.json', '!./en_US.json'], { import: 'default' });

const loaders = new Map(
  Object.entries(lazyCatalogues).map(([file, load]) => [file.replace(/^\.\/(.+)\.json$/, '$1'), load]),
);

/** The locales the back office has a catalogue for, in Magento's spelling (`fr_FR`). */
export const SUPPORTED_LOCALES: readonly string[] = [DEFAULT_LOCALE, ...loaders.keys()].sort();

/** Each language named in itself, as a language switch offers it. */
export const LOCALE_NAMES: Readonly<Record<string, string>> = { en_US: 'English', fr_FR: 'Français' };

/** Magento locales look like `en_US`; Intl wants `en-US`. */
export function toLanguageTag(magentoLocale: string): string {
  return magentoLocale.replace('_', '-');
}

const languageOf = (tag: string) => tag.split(/[-_]/)[0]!.toLowerCase();

/**
 * The catalogue for a staff member: their own choice when it is still offered, else the first of
 * the browser's languages the back office speaks (`fr-CA` gets fr_FR), else en_US.
 */
export function chooseLocale(choice: string | null, browserLanguages: readonly string[]): string {
  if (choice && SUPPORTED_LOCALES.includes(choice)) return choice;
  for (const language of browserLanguages) {
    const exact = SUPPORTED_LOCALES.find((locale) => toLanguageTag(locale).toLowerCase() === language.toLowerCase());
    const sameLanguage = SUPPORTED_LOCALES.find((locale) => languageOf(locale) === languageOf(language));
    const found = exact ?? sameLanguage;
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

/**
 * The locale numbers, money and dates are formatted in: the browser's own when it speaks the
 * catalogue's language (an en-GB browser keeps its day-month dates), else the catalogue's.
 */
export function formattingLocale(magentoLocale: string, browserLanguage: string | undefined): string {
  return browserLanguage && languageOf(browserLanguage) === languageOf(magentoLocale)
    ? browserLanguage
    : toLanguageTag(magentoLocale);
}

/** The messages of a locale: empty for en_US (the default messages are its texts). */
export async function loadMessages(magentoLocale: string): Promise<Catalogue> {
  const load = loaders.get(magentoLocale);
  return load ? await load() : {};
}
