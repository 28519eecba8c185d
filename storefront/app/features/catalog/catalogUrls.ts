/** Magento's default suffix when neither the entity nor the store configuration names one. */
const DEFAULT_SUFFIX = '.html';

export function productPath(product: { url_key?: string | null; url_suffix?: string | null }): string {
  return `/${product.url_key ?? ''}${product.url_suffix ?? DEFAULT_SUFFIX}`;
}

export function categoryPath(
  category: { url_path?: string | null; url_suffix?: string | null },
  storeSuffix?: string | null,
): string {
  return `/${category.url_path ?? ''}${category.url_suffix ?? storeSuffix ?? DEFAULT_SUFFIX}`;
}
