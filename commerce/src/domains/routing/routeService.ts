import { readStoreConfigValue } from '../../kernel/storeConfig';
import type { Kysely } from 'kysely';
import type { CategoryTable, CmsPageTable, Database, ProductTable } from '../../db/tables';
import { encodeUid } from '../../kernel/uids';

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

/**
 * Finds what a storefront URL shows. Redirects answer with the target entity, its canonical
 * URL and the redirect code, so the storefront can send the shopper on.
 */
export async function resolveRoute(
  db: Kysely<Database>,
  url: string,
  homePageIdentifier: string,
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
  const rewrite = await db.selectFrom('url_rewrite').selectAll().where('request_path', '=', path).executeTakeFirst();
  if (!rewrite) return null;
  const redirectCode = rewrite.redirect_type;
  if (rewrite.entity_type === 'PRODUCT') {
    const entity = await db
      .selectFrom('product')
      .selectAll()
      .where('id', '=', rewrite.entity_id)
      .where('visibility', '=', 4)
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

export function entityUid(route: ResolvedRoute): string {
  return encodeUid(route.entity.id);
}

/** What a URL is, with the store's home page as the answer for "/". */
export function createRouteService(db: Kysely<Database>) {
  return {
    resolve: async (url: string) => resolveRoute(db, url, (await readStoreConfigValue(db, 'cms_home_page')) ?? 'home'),
  };
}

export type RouteService = ReturnType<typeof createRouteService>;
