import anyAscii from 'any-ascii';

/**
 * A url key from a name, the way Magento makes them (its TranslitUrl filter): every letter
 * transliterated to Latin ('Straße' → 'strasse', 'Імпорт' → 'import', '日本' → 'riben'), lower
 * case, anything else but letters and digits a hyphen between words ('Écharpe en lin' →
 * 'echarpe-en-lin', 'url_key with spaces' → 'url-key-with-spaces'). The demo catalog, the import
 * and the back office use the same rule.
 *
 * Transliteration is any-ascii's: one table for every Unicode script (Magento's own table covers
 * Latin and Cyrillic only, and leaves other scripts to become nothing), small, without
 * dependencies. Its Cyrillic differs from Magento's in a few letters (й → y where Magento writes j).
 */
export function slugify(text: string): string {
  return anyAscii(text.replace(/&/g, ' '))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
