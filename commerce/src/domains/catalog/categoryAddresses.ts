import type { Kysely } from 'kysely';
import type { CategoryStoreTable, CategoryTable, Database } from '../../db/tables';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { setCategoryRequestPath } from '../routing';

// Where categories live: their place in the tree (path, level) and their addresses (url_path, and
// the url_rewrite rows that route `<url_path>.html` to them in each store view). A category's
// address is its parent's address and its own url key, so a move or a new url key changes the
// addresses of its whole subtree; the old addresses stay as permanent redirects.

export const CATEGORY_URL_SUFFIX = '.html';

/** Below this level a category is a root (the catalog's, a store's): no address, never moved. */
export const FIRST_ADDRESSED_LEVEL = 2;

/** Top-level categories (level 2) are addressed by their key alone, as in Magento. */
export function urlPathUnder(parent: Pick<CategoryTable, 'level' | 'url_path'>, urlKey: string): string {
  return parent.level >= FIRST_ADDRESSED_LEVEL ? `${parent.url_path}/${urlKey}` : urlKey;
}

export interface Placement {
  id: number;
  parent_id: number;
  path: string;
  level: number;
  url_key: string;
  url_path: string;
}

/** The category and its descendants once it sits under `parent` with `urlKey`, parents first. */
export function placeSubtree(
  all: readonly CategoryTable[],
  category: CategoryTable,
  parent: CategoryTable,
  urlKey: string,
): Placement[] {
  const children = new Map<number, CategoryTable[]>();
  for (const c of all) {
    if (c.parent_id === null) continue;
    const list = children.get(c.parent_id) ?? [];
    list.push(c);
    children.set(c.parent_id, list);
  }
  const root: Placement = {
    id: category.id,
    parent_id: parent.id,
    path: `${parent.path}/${category.id}`,
    level: parent.level + 1,
    url_key: urlKey,
    url_path: urlPathUnder(parent, urlKey),
  };
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    const node = out[i]!;
    for (const child of children.get(node.id) ?? [])
      out.push({
        id: child.id,
        parent_id: node.id,
        path: `${node.path}/${child.id}`,
        level: node.level + 1,
        url_key: child.url_key,
        url_path: urlPathUnder(node, child.url_key),
      });
  }
  return out;
}

/** A store view's own address of a category (its category_store row names one). */
export interface StorePlacement {
  storeId: number;
  categoryId: number;
  url_path: string;
}

/**
 * The store views' own addresses of a placed subtree: each category that has one of its own gets
 * its store url key under its parent's address in that store (the parent's own, else its default).
 */
export function placeStoreAddresses(
  all: readonly CategoryTable[],
  storeRows: readonly CategoryStoreTable[],
  placed: readonly Placement[],
): StorePlacement[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  const placedById = new Map(placed.map((p) => [p.id, p]));
  const stores = [...new Set(storeRows.map((r) => r.store_id))];
  const out: StorePlacement[] = [];
  for (const storeId of stores) {
    const own = new Map(storeRows.filter((r) => r.store_id === storeId).map((r) => [r.category_id, r]));
    const fresh = new Map<number, string>();
    const addressOf = (id: number): { level: number; url_path: string } | null => {
      const placement = placedById.get(id);
      const category = byId.get(id);
      if (!category) return null;
      const level = placement?.level ?? category.level;
      const ownPath = fresh.get(id) ?? own.get(id)?.url_path;
      return { level, url_path: ownPath ?? placement?.url_path ?? category.url_path };
    };
    for (const node of placed) {
      const row = own.get(node.id);
      if (!row?.url_path) continue;
      const parent = addressOf(node.parent_id);
      const urlPath = urlPathUnder(parent ?? { level: 0, url_path: '' }, row.url_key ?? node.url_key);
      fresh.set(node.id, urlPath);
      if (urlPath !== row.url_path) out.push({ storeId, categoryId: node.id, url_path: urlPath });
    }
  }
  return out;
}

/** Why an address cannot be a category's: another page has it. Null when it is free. */
export async function addressOwner(
  db: Kysely<Database>,
  storeId: number,
  urlPath: string,
  categoryId: number | null,
): Promise<string | null> {
  const requestPath = `${urlPath}${CATEGORY_URL_SUFFIX}`;
  const rewrite = await db
    .selectFrom('url_rewrite')
    .select(['entity_type', 'entity_id'])
    .where('store_id', '=', storeId)
    .where('request_path', '=', requestPath)
    .where('redirect_type', '=', 0)
    .executeTakeFirst();
  if (rewrite && !(rewrite.entity_type === 'CATEGORY' && Number(rewrite.entity_id) === categoryId))
    return `${rewrite.entity_type.toLowerCase().replace('_', ' ')} ${Number(rewrite.entity_id)}`;
  if (storeId !== DEFAULT_STORE_ID) return null;
  const [category, cms, product] = await Promise.all([
    db
      .selectFrom('category')
      .select(['id', 'name'])
      .where('url_path', '=', urlPath)
      .where('level', '>=', FIRST_ADDRESSED_LEVEL)
      .where('id', '!=', categoryId ?? -1)
      .executeTakeFirst(),
    db.selectFrom('cms_page').select('id').where('identifier', 'in', [urlPath, requestPath]).executeTakeFirst(),
    // A product's page is <url key>.html: a top-level category's address has no slash and could be one.
    urlPath.includes('/')
      ? Promise.resolve(undefined)
      : db
          .selectFrom('product')
          .select('sku')
          .where('url_key', '=', urlPath)
          .where('visibility', '!=', 1)
          .executeTakeFirst(),
  ]);
  if (category) return `the category "${category.name}" (${Number(category.id)})`;
  if (cms) return `CMS page ${Number(cms.id)}`;
  if (product) return `product ${product.sku}`;
  return null;
}

/**
 * Makes `<urlPath>.html` the category's address in a store: its previous address (and any older
 * ones) redirect there permanently, so bookmarks and search results keep working.
 */
export function setCategoryAddress(
  db: Kysely<Database>,
  storeId: number,
  categoryId: number,
  urlPath: string,
): Promise<void> {
  return setCategoryRequestPath(db, storeId, categoryId, `${urlPath}${CATEGORY_URL_SUFFIX}`);
}
