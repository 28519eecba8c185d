import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readStoreConfigValues } from '../../kernel/storeConfig';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';

/** The sitemaps protocol's limit per file (and 50 MB uncompressed, which 50,000 URLs with a few alternates stay below). */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Rows read per query while a file streams: memory stays flat whatever the catalog's size. */
const PAGE_ROWS = 1_000;

/** A store view whose pages are listed: every active one with addresses of its own (the default one, and each under a URL prefix). */
export interface SitemapStore {
  code: string;
  /** The store's locale as an hreflang value (fr_FR → fr-FR). */
  hreflang: string;
  /** The path the store's pages live under: '/' for the default store, its base_link_url ('/fr/') for another. */
  urlPrefix: string;
  /** The store served at the shop's root, whose files keep the unprefixed names (sitemap-N.xml). */
  isDefault: boolean;
}

export interface SitemapPlan {
  /** Those store views in their order, each with how many files it needs (at least one: its home page). */
  stores: (SitemapStore & { files: number })[];
  /** When the catalog last changed (ISO 8601): every file's <lastmod>. */
  changedAt: string;
  /** Changes whenever a catalog answer may change: an entity tag for every sitemap response. */
  version: number;
}

/** The same page in another store (or `x-default`: the default store's address). */
export interface SitemapAlternate {
  hreflang: string;
  path: string;
}

export interface SitemapEntry {
  /** Relative to the shop's origin, without the leading slash ('' is the default store's home). */
  path: string;
  /** Every store's address of the page, this one's included, then x-default; empty when only one store has it. */
  alternates: SitemapAlternate[];
}

interface StoreContext extends SitemapStore {
  id: number;
  /** CMS pages not listed in this store: its home page under its own identifier, its "no route" page. */
  skipIdentifiers: string[];
}

interface PageRow {
  id: number;
  request_path: string;
  entity_type: 'PRODUCT' | 'CATEGORY' | 'CMS_PAGE';
  entity_id: number;
  identifier: string | null;
}

/** `fr_FR` → `fr-FR`: Magento locales are ISO 639 and ISO 3166 codes joined by an underscore. */
const hreflangOf = (locale: string) => locale.replace(/_/g, '-');

/**
 * The path a store's base_link_url ('/fr/' or 'https://shop.example/fr/') puts it under, with a
 * slash at each end: '/fr/'. '/' when it has none, or one the storefront would not serve a store
 * under (segments of letters, digits, '-' and '_' only, as the server's store directory reads it).
 */
function basePathOf(baseLinkUrl: string | undefined): string {
  if (!baseLinkUrl) return '/';
  let path: string;
  try {
    path = new URL(baseLinkUrl, 'http://shop.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return '/';
  }
  return /^(\/[A-Za-z0-9_-]+)+$/.test(path) ? `${path}/` : '/';
}

/**
 * The active store views with addresses of their own: the default one (id 1, served at the root)
 * and every other served under the path of its base_link_url. Another store without such a
 * path has no address the default store does not have, so it has no sitemap. A shop without
 * store views yet is its one default store.
 */
async function loadStores(db: Kysely<Database>): Promise<StoreContext[]> {
  const [views, shop, own] = await Promise.all([
    db
      .selectFrom('store_view')
      .select(['id', 'code', 'locale'])
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    readStoreConfigValues(db, ['cms_home_page', 'cms_no_route', 'locale', 'store_code']),
    db
      .selectFrom('store_view_config')
      .select(['store_id', 'key', 'value'])
      .where('key', 'in', ['base_link_url', 'cms_home_page', 'cms_no_route'])
      .execute(),
  ]);
  const rows =
    views.length > 0
      ? views
      : [{ id: DEFAULT_STORE_ID, code: shop.store_code ?? 'default', locale: shop.locale ?? 'en_US' }];
  const defaultId = rows.some((r) => r.id === DEFAULT_STORE_ID) ? DEFAULT_STORE_ID : rows[0]!.id;
  const setting = (storeId: number, key: string) =>
    own.find((r) => r.store_id === storeId && r.key === key)?.value ?? (shop as Partial<Record<string, string>>)[key];
  return rows
    .map((row) => {
      const isDefault = row.id === defaultId;
      return {
        id: row.id,
        code: row.code,
        hreflang: hreflangOf(row.locale),
        urlPrefix: isDefault ? '/' : basePathOf(setting(row.id, 'base_link_url')),
        isDefault,
        skipIdentifiers: [setting(row.id, 'cms_home_page') ?? 'home', setting(row.id, 'cms_no_route') ?? 'no-route'],
      };
    })
    .filter((store) => store.isDefault || store.urlPrefix !== '/');
}

/**
 * Every page of `store` a search engine should find, once each: per product shown on its own,
 * active category and active CMS page (not the store's home page under its own identifier, not
 * the "no route" page), the store's own canonical rewrite if it has one, else the default
 * store's (which serves every store); in rewrite order. An entity has one canonical rewrite
 * per store (its other addresses redirect to it), as the routing reads them.
 */
function indexableRewrites(db: Kysely<Database>, store: StoreContext) {
  return db
    .selectFrom('url_rewrite as r')
    .leftJoin('product as p', (join) => join.onRef('p.id', '=', 'r.entity_id').on('r.entity_type', '=', 'PRODUCT'))
    .leftJoin('category as c', (join) => join.onRef('c.id', '=', 'r.entity_id').on('r.entity_type', '=', 'CATEGORY'))
    .leftJoin('cms_page as m', (join) => join.onRef('m.id', '=', 'r.entity_id').on('r.entity_type', '=', 'CMS_PAGE'))
    .where('r.redirect_type', '=', 0)
    .where((eb) =>
      store.id === DEFAULT_STORE_ID
        ? eb('r.store_id', '=', DEFAULT_STORE_ID)
        : eb.or([
            eb('r.store_id', '=', store.id),
            eb.and([
              eb('r.store_id', '=', DEFAULT_STORE_ID),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('url_rewrite as o')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('o.entity_type', '=', 'r.entity_type')
                    .whereRef('o.entity_id', '=', 'r.entity_id')
                    .where('o.store_id', '=', store.id)
                    .where('o.redirect_type', '=', 0),
                ),
              ),
            ]),
          ]),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('p.visibility', '=', 4), eb('p.status', '=', 1)]),
        eb('c.is_active', '=', 1),
        eb.and([eb('m.is_active', '=', 1), eb('m.identifier', 'not in', store.skipIdentifiers)]),
      ]),
    );
}

/** A store's address of a page: relative to the origin, under the store's prefix. */
const addressIn = (store: StoreContext, requestPath: string) => `${store.urlPrefix.slice(1)}${requestPath}`;

/**
 * The alternates of a list of addresses (one per store that has the page, in store order): each
 * store's hreflang, then x-default for the default store's. None when only one store has the page.
 */
function alternatesOf(stores: StoreContext[], addresses: (string | null)[]): SitemapAlternate[] {
  const alternates: SitemapAlternate[] = [];
  const seen = new Set<string>();
  let fallback: string | null = null;
  stores.forEach((store, i) => {
    const path = addresses[i];
    if (path == null || seen.has(store.hreflang)) return;
    seen.add(store.hreflang);
    alternates.push({ hreflang: store.hreflang, path });
    if (store.isDefault) fallback = path;
  });
  if (alternates.length < 2) return [];
  if (fallback !== null) alternates.push({ hreflang: 'x-default', path: fallback });
  return alternates;
}

/** The column of a page's row holding an entity's canonical request path in a store. */
const pathIn = (storeId: number) => `path_${storeId}`;

/**
 * A page's rows with each entity's canonical request path in every store that may have one of
 * its own (the default store and the listed ones), as columns of the same query: one index
 * search per row and store, never a query per URL.
 */
function withStorePaths<Q extends ReturnType<typeof indexableRewrites>>(query: Q, storeIds: number[]): Q {
  return storeIds.reduce(
    (q, storeId) =>
      q.select((eb) =>
        eb
          .selectFrom('url_rewrite as a')
          .select('a.request_path')
          .whereRef('a.entity_type', '=', 'r.entity_type')
          .whereRef('a.entity_id', '=', 'r.entity_id')
          .where('a.store_id', '=', storeId)
          .where('a.redirect_type', '=', 0)
          .orderBy('a.id')
          .limit(1)
          .as(pathIn(storeId)),
      ) as Q,
    query,
  );
}

/** A row's addresses in every store (its own, else the default store's), as alternates. */
function alternatesOfRow(stores: StoreContext[], row: PageRow): SitemapAlternate[] {
  const paths = row as unknown as Record<string, string | null>;
  return alternatesOf(
    stores,
    stores.map((store) => {
      if (row.identifier !== null && store.skipIdentifiers.includes(row.identifier)) return null;
      const path = paths[pathIn(store.id)] ?? paths[pathIn(DEFAULT_STORE_ID)];
      return path == null ? null : addressIn(store, path);
    }),
  );
}

export function createSitemapService(db: Kysely<Database>, urlsPerFile = SITEMAP_URLS_PER_FILE) {
  /** The store's home page, then its rewrites, in files of `urlsPerFile`. */
  const countFiles = async (store: StoreContext) => {
    const row = await indexableRewrites(db, store)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Math.ceil((1 + Number(row.count)) / urlsPerFile);
  };
  const readVersion = async (): Promise<{ version: number; changedAt: string }> => {
    const row = await db
      .selectFrom('catalog_version')
      .select(['version', 'changed_at'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return { version: Number(row?.version ?? 0), changedAt: row?.changed_at ?? new Date(0).toISOString() };
  };
  return {
    /** The active store views and their URL prefixes (for robots.txt): two small queries, no count. */
    async stores(): Promise<SitemapStore[]> {
      return (await loadStores(db)).map(({ code, hreflang, urlPrefix, isDefault }) => ({
        code,
        hreflang,
        urlPrefix,
        isDefault,
      }));
    },

    /** The catalog's version and last change: the entity tag and <lastmod> of every sitemap response. */
    version: readVersion,

    /** How many files a store's pages need (one count query); null for a store without a sitemap. */
    async files(storeCode: string): Promise<number | null> {
      const store = (await loadStores(db)).find((s) => s.code === storeCode);
      return store ? countFiles(store) : null;
    },

    /** Every store with its files, and the catalog's version: what the sitemap index lists. */
    async plan(): Promise<SitemapPlan> {
      const [stores, version] = await Promise.all([loadStores(db), readVersion()]);
      const files = await Promise.all(stores.map(countFiles));
      return {
        stores: stores.map(({ code, hreflang, urlPrefix, isDefault }, i) => ({
          code,
          hreflang,
          urlPrefix,
          isDefault,
          files: files[i]!,
        })),
        ...version,
      };
    },

    /**
     * The pages of file `part` (1-based) of store `storeCode`, a page of rows at a time (one
     * query each), each with its addresses in the other stores. Yields nothing for an unknown or
     * inactive store or a part past the end.
     */
    async *paths(storeCode: string, part: number): AsyncGenerator<SitemapEntry[]> {
      if (!Number.isInteger(part) || part < 1) return;
      const stores = await loadStores(db);
      const store = stores.find((s) => s.code === storeCode);
      if (!store) return;
      // The home page takes the first place of file 1, so file N starts at rewrite (N-1)·size - 1.
      let remaining = urlsPerFile;
      let offset = (part - 1) * urlsPerFile - 1;
      if (part === 1) {
        yield [
          {
            path: addressIn(store, ''),
            alternates: alternatesOf(
              stores,
              stores.map((s) => addressIn(s, '')),
            ),
          },
        ];
        remaining -= 1;
        offset = 0;
      }
      let afterId: number | null = null;
      // With one store there are no alternates to look up.
      const storeIds = stores.length > 1 ? [...new Set([DEFAULT_STORE_ID, ...stores.map((s) => s.id)])] : [];
      while (remaining > 0) {
        let query = withStorePaths(indexableRewrites(db, store), storeIds)
          .select(['r.id', 'r.request_path', 'r.entity_type', 'r.entity_id', 'm.identifier'])
          .orderBy('r.id')
          .limit(Math.min(PAGE_ROWS, remaining));
        // The first page finds the file's start by position; later pages continue from the last id.
        query = afterId === null ? query.offset(offset) : query.where('r.id', '>', afterId);
        const rows: PageRow[] = await query.execute();
        if (rows.length === 0) return;
        yield rows.map((r) => ({
          path: addressIn(store, r.request_path),
          alternates: storeIds.length > 0 ? alternatesOfRow(stores, r) : [],
        }));
        remaining -= rows.length;
        afterId = rows[rows.length - 1]!.id;
        if (rows.length < PAGE_ROWS) return;
      }
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
