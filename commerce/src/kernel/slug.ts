/**
 * A url key from a name, the way Magento makes them: lower case, accents dropped, words joined by
 * hyphens ('Écharpe en lin' → 'echarpe-en-lin'). The demo catalog, the import and the back office
 * use the same rule.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
