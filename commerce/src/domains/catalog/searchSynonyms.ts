// Groups of words a shopper may use for the same thing, per store language: searching one finds
// what the catalog calls by another (Magento's search synonym groups).

/** The demo catalog's groups, by the language part of a store's locale. */
export const DEFAULT_SYNONYM_GROUPS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  en: [
    ['hoodie', 'hoody'],
    ['sweatshirt', 'jumper', 'sweater'],
    ['tee', 't-shirt', 'tshirt'],
    ['backpack', 'rucksack'],
    ['trainer', 'sneaker', 'runner'],
    ['trousers', 'pants'],
  ],
  fr: [
    ['sweat', 'pull'],
    ['basket', 'sneaker'],
  ],
};

export function synonymGroupsOf(locale: string): readonly (readonly string[])[] {
  return DEFAULT_SYNONYM_GROUPS[locale.slice(0, 2).toLowerCase()] ?? [];
}
