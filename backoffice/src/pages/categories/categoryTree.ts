import { graphql } from '../../__generated__';
import type { AdminCategoryTreeQuery } from '../../__generated__/graphql';

export const CategoryTreeQuery = graphql(`
  query AdminCategoryTree {
    categoryTree {
      id
      parentId
      level
      position
      name
      urlPath
      includeInMenu
      active
      productCount
      childCount
    }
  }
`);

export type TreeCategory = AdminCategoryTreeQuery['categoryTree'][number];

/** The tree's rows by parent, each list in the storefront's order (the server sends them so). */
export function childrenByParent(categories: readonly TreeCategory[]): Map<string | null, TreeCategory[]> {
  const map = new Map<string | null, TreeCategory[]>();
  for (const category of categories) {
    const list = map.get(category.parentId ?? null) ?? [];
    list.push(category);
    map.set(category.parentId ?? null, list);
  }
  return map;
}
