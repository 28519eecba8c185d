import { readStoreConfigValue } from '../../kernel/storeConfig';
import type { Kysely } from 'kysely';
import type { CategoryTable, CmsPageTable, Database, ProductTable } from '../../db/tables';
import { encodeUid } from '../../kernel/uids';
import { DEFAULT_STORE_ID, type StoreScope } from '../../kernel/storeScope';

export type ResolvedRoute =
  | { type: 'PRODUCT'; entity: ProductTable; redirectCode: number; relativeUrl: string }
  | { type: 'CATEGORY'; entity: CategoryTable; redirectCode: number; relativeUrl: string }
  | { type: 'CMS_PAGE'; entity: CmsPageTable; redirectCode: number; relativeUrl: string };

/** '/women/tops.html?x=1#y' → 'women/tops.html'. */
export function normaliseRequestPath(url: string): string {
  let path = url.trim();
  try {
    if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  } catch {
    // Not a URL after all; treat it as a path.
  }
  return path.split(/[?#]/)[0]!.replace(/^\/+/, '').replace(/\/+$/, '');
}

/** Magento's search result address ("catalogsearch/result/?q=…"): the search term it asks for, else null. */
export function searchTermOfUrl(url: string): string | null {
  if (!/^(catalogsearch\/result)(\/index)?$/.test(normaliseRequestPath(url))) return null;
  const query = url.split('#')[0]!.split('?')[1];
  if (query === undefined) return null;
  const term = new URLSearchParams(query).get('q');
  return term === null || term.trim() === '' ? null : term;
}

/**
 * Finds what a storefront URL shows. Redirects answer with the target entity, its canonical
 * URL and the redirect code, so the storefront can send the shopper on.
 */
export async function resolveRoute(
  db: Kysely<Database>,
  url: string,
  homePageIdentifier: string,
  store: StoreScope | null = null,
): Promise<ResolvedRoute | null> {
  const path = normaliseRequestPath(url);
  if (path === '') {
    const home = await db
      .selectFrom('cms_page')
      .selectAll()
      .where('identifier', '=', homePageIdentifier)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    return home ? { type: 'CMS_PAGE', entity: home, redirectCode: 0, relativeUrl: home.identifier } : null;
  }
  const rewrite = await findRewrite(db, path, store);
  if (!rewrite) return null;
  const redirectCode = rewrite.redirect_type;
  if (rewrite.entity_type === 'PRODUCT') {
    const entity = await db
      .selectFrom('product')
      .selectAll()
      .where('id', '=', rewrite.entity_id)
      .where('visibility', '=', 4)
      .where('status', '=', 1)
      .executeTakeFirst();
    return entity
      ? { type: 'PRODUCT', entity, redirectCode, relativeUrl: redirectCode ? rewrite.target_path : path }
      : null;
  }
  if (rewrite.entity_type === 'CATEGORY') {
    const entity = await db
      .selectFrom('category')
      .selectAll()
      .where('id', '=', rewrite.entity_id)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    return entity
      ? { type: 'CATEGORY', entity, redirectCode, relativeUrl: redirectCode ? rewrite.target_path : path }
      : null;
  }
  const entity = await db
    .selectFrom('cms_page')
    .selectAll()
    .where('id', '=', rewrite.entity_id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return entity
    ? { type: 'CMS_PAGE', entity, redirectCode, relativeUrl: redirectCode ? rewrite.target_path : path }
    : null;
}

/**
 * The rewrite of a path in a store view: its own first, then the default store's. Another store's
 * address of a page redirects permanently to this store's own address of it, so a shopper who
 * switches store (keeping the path) lands on the same page under its address in that store.
 */
async function findRewrite(db: Kysely<Database>, path: string, store: StoreScope | null) {
  const storeId = store?.id ?? DEFAULT_STORE_ID;
  const rows = await db.selectFrom('url_rewrite').selectAll().where('request_path', '=', path).execute();
  const own = rows.find((r) => r.store_id === storeId);
  if (own) return own;
  const rewrite = rows.find((r) => r.store_id === DEFAULT_STORE_ID) ?? rows.find((r) => r.redirect_type === 0);
  if (!rewrite || rewrite.redirect_type !== 0) return rewrite;
  // The page's canonical address in this store, else in the default store (which every store shares).
  const canonical = await db
    .selectFrom('url_rewrite')
    .select(['request_path', 'store_id'])
    .where('entity_type', '=', rewrite.entity_type)
    .where('entity_id', '=', rewrite.entity_id)
    .where('store_id', 'in', [...new Set([storeId, DEFAULT_STORE_ID])])
    .where('redirect_type', '=', 0)
    .execute();
  const target = canonical.find((r) => r.store_id === storeId) ?? canonical[0];
  if (!target) return undefined;
  return target.request_path === path ? rewrite : { ...rewrite, redirect_type: 301, target_path: target.request_path };
}

export function entityUid(route: ResolvedRoute): string {
  return encodeUid(route.entity.id);
}

/** What a URL is, with the store's home page as the answer for "/". */
export function createRouteService(db: Kysely<Database>) {
  return {
    resolve: async (url: string, store: StoreScope | null = null) =>
      resolveRoute(db, url, (await readStoreConfigValue(db, 'cms_home_page')) ?? 'home', store),
  };
}

export type RouteService = ReturnType<typeof createRouteService>;
