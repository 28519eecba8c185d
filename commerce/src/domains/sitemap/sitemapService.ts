import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readStoreConfigValues } from '../../kernel/storeConfig';

/** The sitemaps protocol's limit per file (and 50 MB uncompressed, which 50,000 short URLs stay far below). */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Rows read per query while a file streams: memory stays flat whatever the catalog's size. */
const PAGE_ROWS = 1_000;

export interface SitemapPlan {
  /** How many sitemap files the catalog needs (at least one: the home page is always there). */
  files: number;
  /** When the catalog last changed (ISO 8601): every file's <lastmod>. */
  changedAt: string;
  /** Changes whenever a catalog answer may change: an entity tag for every sitemap response. */
  version: number;
}

/**
 * Every page a search engine should find: the home page, then each URL rewrite that is not a
 * redirect and leads to a product shown on its own, an active category or an active CMS page
 * (not the home page under its own identifier, not the "no route" page), in rewrite order.
 */
function indexableRewrites(db: Kysely<Database>, skipIdentifiers: string[]) {
  return db
    .selectFrom('url_rewrite as r')
    .leftJoin('product as p', (join) => join.onRef('p.id', '=', 'r.entity_id').on('r.entity_type', '=', 'PRODUCT'))
    .leftJoin('category as c', (join) => join.onRef('c.id', '=', 'r.entity_id').on('r.entity_type', '=', 'CATEGORY'))
    .leftJoin('cms_page as m', (join) => join.onRef('m.id', '=', 'r.entity_id').on('r.entity_type', '=', 'CMS_PAGE'))
    .where('r.redirect_type', '=', 0)
    .where((eb) =>
      eb.or([
        eb('p.visibility', '=', 4),
        eb('c.is_active', '=', 1),
        eb.and([eb('m.is_active', '=', 1), eb('m.identifier', 'not in', skipIdentifiers)]),
      ]),
    );
}

async function skippedIdentifiers(db: Kysely<Database>): Promise<string[]> {
  const config = await readStoreConfigValues(db, ['cms_home_page', 'cms_no_route']);
  return [config.cms_home_page ?? 'home', config.cms_no_route ?? 'no-route'];
}

export function createSitemapService(db: Kysely<Database>, urlsPerFile = SITEMAP_URLS_PER_FILE) {
  return {
    async plan(): Promise<SitemapPlan> {
      const [skip, version] = await Promise.all([
        skippedIdentifiers(db),
        db.selectFrom('catalog_version').select(['version', 'changed_at']).where('id', '=', 1).executeTakeFirst(),
      ]);
      const row = await indexableRewrites(db, skip)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      const urls = 1 + Number(row.count);
      return {
        files: Math.ceil(urls / urlsPerFile),
        changedAt: version?.changed_at ?? new Date(0).toISOString(),
        version: Number(version?.version ?? 0),
      };
    },

    /**
     * The paths (relative to the shop's origin, '' for home) of file `part` (1-based), a page of
     * rows at a time. Yields nothing for a part past the end.
     */
    async *paths(part: number): AsyncGenerator<string[]> {
      if (!Number.isInteger(part) || part < 1) return;
      const skip = await skippedIdentifiers(db);
      // The home page takes the first place of file 1, so file N starts at rewrite (N-1)·size - 1.
      let remaining = urlsPerFile;
      let offset = (part - 1) * urlsPerFile - 1;
      if (part === 1) {
        yield [''];
        remaining -= 1;
        offset = 0;
      }
      let afterId: number | null = null;
      while (remaining > 0) {
        let query = indexableRewrites(db, skip)
          .select(['r.id', 'r.request_path'])
          .orderBy('r.id')
          .limit(Math.min(PAGE_ROWS, remaining));
        // The first page finds the file's start by position; later pages continue from the last id.
        query = afterId === null ? query.offset(offset) : query.where('r.id', '>', afterId);
        const rows = await query.execute();
        if (rows.length === 0) return;
        yield rows.map((r) => r.request_path);
        remaining -= rows.length;
        afterId = rows[rows.length - 1]!.id;
        if (rows.length < PAGE_ROWS) return;
      }
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
