import type { Crumb } from '@vela/ui/Breadcrumbs';

interface CategoryLike {
  name: string | null;
  level: number | null;
  url_path: string | null;
  url_suffix: string | null;
  breadcrumbs: ReadonlyArray<{
    category_name: string | null;
    category_level: number | null;
    category_url_path: string | null;
  } | null> | null;
}

function categoryPath(urlPath: string, suffix: string | null): string {
  return `/${urlPath}${suffix ?? '.html'}`;
}

/**
 * Home › ancestors › category › product. Of the product's categories the deepest one gives the
 * most useful trail (a product in both "Women" and "Women/Tops" should show "Tops").
 */
export function productBreadcrumbs(
  productName: string,
  categories: ReadonlyArray<CategoryLike | null> | null | undefined,
  homeLabel: string,
): Crumb[] {
  const usable = (categories ?? []).filter(
    (category): category is CategoryLike => !!category?.name && !!category.url_path,
  );
  const category = usable.reduce<CategoryLike | undefined>(
    (best, candidate) => (!best || (candidate.level ?? 0) > (best.level ?? 0) ? candidate : best),
    undefined,
  );
  const crumbs: Crumb[] = [{ label: homeLabel, to: '/' }];
  if (category) {
    const ancestors = [...(category.breadcrumbs ?? [])]
      .filter((crumb) => !!crumb?.category_name && !!crumb.category_url_path)
      .sort((a, b) => (a?.category_level ?? 0) - (b?.category_level ?? 0));
    for (const ancestor of ancestors) {
      crumbs.push({
        label: ancestor?.category_name ?? '',
        to: categoryPath(ancestor?.category_url_path ?? '', category.url_suffix),
      });
    }
    crumbs.push({ label: category.name ?? '', to: categoryPath(category.url_path ?? '', category.url_suffix) });
  }
  crumbs.push({ label: productName });
  return crumbs;
}
