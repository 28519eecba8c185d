import type { CategoryTable } from '../../db/tables';
import { validatePaging } from './productService';
import { decodeNumericUid } from '../../kernel/uids';

interface EqualInput {
  eq?: string | null;
  in?: readonly (string | null)[] | null;
}
export interface CategoryFilterInput {
  category_uid?: EqualInput | null;
  ids?: EqualInput | null;
  name?: { match?: string | null } | null;
  parent_category_uid?: EqualInput | null;
  parent_id?: EqualInput | null;
  url_key?: EqualInput | null;
  url_path?: EqualInput | null;
}

function values(input: EqualInput | null | undefined): string[] | null {
  if (!input || (input.eq == null && input.in == null)) return null;
  return [...(input.eq != null ? [input.eq] : []), ...(input.in ?? []).filter((v): v is string => v !== null)];
}

export const ROOT_CATEGORY_ID = 2;

/**
 * Category rules over the in-memory tree (a shop has tens or hundreds of categories, so one
 * query per request loads them all and everything else is plain code).
 */
export function filterCategories(
  all: readonly CategoryTable[],
  filters: CategoryFilterInput | null | undefined,
): CategoryTable[] {
  const visible = all.filter((c) => c.level >= 1);
  const conditions: Array<(c: CategoryTable) => boolean> = [];
  const ids = values(filters?.ids);
  if (ids) conditions.push((c) => ids.includes(String(c.id)));
  const uids = values(filters?.category_uid);
  if (uids) conditions.push((c) => uids.map(decodeNumericUid).includes(c.id));
  const parentIds = values(filters?.parent_id);
  if (parentIds) conditions.push((c) => parentIds.includes(String(c.parent_id)));
  const parentUids = values(filters?.parent_category_uid);
  if (parentUids)
    conditions.push((c) => c.parent_id !== null && parentUids.map(decodeNumericUid).includes(c.parent_id));
  const urlKeys = values(filters?.url_key);
  if (urlKeys) conditions.push((c) => urlKeys.includes(c.url_key));
  const urlPaths = values(filters?.url_path);
  if (urlPaths) conditions.push((c) => urlPaths.includes(c.url_path));
  const name = filters?.name?.match?.trim().toLowerCase();
  if (name) conditions.push((c) => c.name.toLowerCase().includes(name));
  if (conditions.length === 0) return visible.filter((c) => c.id === ROOT_CATEGORY_ID);
  return visible.filter((c) => conditions.every((condition) => condition(c)));
}

/** The category Magento's `category(id)` answers with: the one with that id, or the root without an id. */
export function categoryById(all: readonly CategoryTable[], id: number | null | undefined): CategoryTable | null {
  return filterCategories(all, id == null ? null : { ids: { eq: String(id) } })[0] ?? null;
}

export function pageCategories(items: CategoryTable[], pageSize: number, currentPage: number) {
  validatePaging(pageSize, currentPage);
  const totalPages = Math.ceil(items.length / pageSize);
  return {
    items: items.slice((currentPage - 1) * pageSize, currentPage * pageSize),
    total_count: items.length,
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: totalPages },
  };
}

export function childrenOf(all: readonly CategoryTable[], id: number): CategoryTable[] {
  return all.filter((c) => c.parent_id === id).sort((a, b) => a.position - b.position || a.id - b.id);
}

export function descendantCount(all: readonly CategoryTable[], category: CategoryTable): number {
  return all.filter((c) => c.path.startsWith(`${category.path}/`)).length;
}

/** Ancestors below the store root, top first; null for top-level categories, as Magento. */
export function breadcrumbsOf(all: readonly CategoryTable[], category: CategoryTable): CategoryTable[] | null {
  const ids = category.path.split('/').map(Number).slice(0, -1);
  const crumbs = ids
    .map((id) => all.find((c) => c.id === id))
    .filter((c): c is CategoryTable => c !== undefined && c.level >= 2);
  return crumbs.length > 0 ? crumbs : null;
}
