import enUS from './en_US.json';

/** A message catalogue: ICU strings in tests and on the dev server, precompiled ASTs in a build (vitePlugins/precompiledMessages.ts). */
export type Catalogue = Record<string, string>;

export const DEFAULT_LOCALE = 'en_US';

/**
 * Every other catalogue (app/i18n/<locale>.json), each in a chunk of its own: only the pages of
 * its locale load it (entry.client.tsx before hydration; entry.server.tsx loads them all).
 */
const lazyCatalogues = import.meta.glob<Catalogue>(['./*.json', '!./en_US.json'], { import: 'default' });

const loaders = new Map(
  Object.entries(lazyCatalogues).map(([file, load]) => [file.replace(/^\.\/(.+)\.json$/, '$1'), load]),
);

/** The Magento locales the storefront has a catalogue for. */
export const SUPPORTED_LOCALES: readonly string[] = [DEFAULT_LOCALE, ...loaders.keys()].sort();

const loaded = new Map<string, Catalogue>([[DEFAULT_LOCALE, enUS]]);

/** Magento store locales look like `en_US`; Intl wants `en-US`. */
export function toLanguageTag(magentoLocale: string): string {
  return magentoLocale.replace('_', '-');
}

/** `<html lang="fr-FR">` back to Magento's `fr_FR`. */
export function fromLanguageTag(languageTag: string): string {
  return languageTag.replace('-', '_');
}

/** Loads a locale's catalogue once; later calls and locales without a catalogue resolve at once. */
export async function loadMessages(magentoLocale: string): Promise<void> {
  if (loaded.has(magentoLocale)) return;
  const load = loaders.get(magentoLocale);
  if (!load) return;
  loaded.set(magentoLocale, await load());
}

/** Every catalogue, as the server needs them before it renders any page. */
export async function loadAllMessages(): Promise<void> {
  await Promise.all(SUPPORTED_LOCALES.map(loadMessages));
}

/**
 * The catalogue of a locale, synchronously: it must have been loaded (loadMessages). The en_US
 * catalogue stands in for a locale the storefront does not translate or has not loaded.
 */
export function messagesFor(magentoLocale: string): Catalogue {
  return loaded.get(magentoLocale) ?? enUS;
}
