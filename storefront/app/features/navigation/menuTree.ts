export interface MenuItem {
  uid: string;
  name: string;
  /** Storefront path, e.g. `/women/tops.html`. */
  url: string;
  /** The category's picture, where the merchant gave one (the home page's tiles show it). */
  image?: string;
  children: MenuItem[];
}

/** The shape of a category in the menu query, at any depth. */
export interface MenuCategory {
  uid: string;
  name?: string | null;
  url_path?: string | null;
  include_in_menu?: number | null;
  position?: number | null;
  image?: string | null;
  children?: readonly (MenuCategory | null)[] | null;
}

export const DEFAULT_CATEGORY_URL_SUFFIX = '.html';

export function categoryUrl(urlPath: string, suffix: string | null | undefined): string {
  return `/${urlPath}${suffix ?? DEFAULT_CATEGORY_URL_SUFFIX}`;
}

/**
 * The categories a shopper navigates by: hidden ones (include_in_menu 0) and ones without a
 * name or URL are left out together with their subtrees, siblings are ordered by position.
 */
export function toMenuTree(
  categories: readonly (MenuCategory | null)[] | null | undefined,
  suffix: string | null | undefined,
): MenuItem[] {
  return (categories ?? [])
    .filter((c): c is MenuCategory & { name: string; url_path: string } =>
      Boolean(c && c.include_in_menu !== 0 && c.name && c.url_path),
    )
    .map((c, index) => ({ category: c, position: c.position ?? Number.MAX_SAFE_INTEGER, index }))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map(({ category }) => ({
      uid: category.uid,
      name: category.name,
      url: categoryUrl(category.url_path, suffix),
      ...(category.image ? { image: category.image } : {}),
      children: toMenuTree(category.children, suffix),
    }));
}
