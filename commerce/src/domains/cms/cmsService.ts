import type { Kysely } from 'kysely';
import type { CmsBlockTable, CmsPageTable, Database } from '../../db/tables';
import { noSuchEntityError } from '../errors';
import type { StoreScope } from '../../kernel/storeScope';
import { renderConfigDirectives } from './cmsDirectives';

export async function findCmsPage(
  db: Kysely<Database>,
  by: { id?: number | null; identifier?: string | null },
): Promise<CmsPageTable> {
  let query = db.selectFrom('cms_page').selectAll().where('is_active', '=', 1);
  if (by.identifier != null) query = query.where('identifier', '=', by.identifier);
  else if (by.id != null) query = query.where('id', '=', by.id);
  else throw noSuchEntityError('Page id/identifier should be specified');
  const page = await query.executeTakeFirst();
  if (!page) throw noSuchEntityError(`The CMS page with the "${by.identifier ?? by.id}" ID doesn't exist.`);
  return page;
}

/** Blocks in the order asked for; a missing identifier is an error, as in Magento. */
export async function findCmsBlocks(db: Kysely<Database>, identifiers: readonly string[]): Promise<CmsBlockTable[]> {
  if (identifiers.length === 0) return [];
  const rows = await db
    .selectFrom('cms_block')
    .selectAll()
    .where('identifier', 'in', [...identifiers])
    .where('is_active', '=', 1)
    .execute();
  return identifiers.map((identifier) => {
    const block = rows.find((r) => r.identifier === identifier);
    if (!block) throw noSuchEntityError(`The CMS block with the "${identifier}" ID doesn't exist.`);
    return block;
  });
}

function withOwnText<T extends object>(row: T, own: Partial<Record<keyof T, unknown>> | undefined): T {
  if (!own) return row;
  const merged = { ...row };
  for (const [key, value] of Object.entries(own)) {
    if (value !== null && value !== undefined && key in row) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** A page with the store view's own title, content and meta over the default store's. */
export async function localizeCmsPage(db: Kysely<Database>, page: CmsPageTable, store: StoreScope) {
  if (store.isDefault) return page;
  const own = await db
    .selectFrom('cms_page_store')
    .select(['title', 'content_heading', 'content', 'meta_title', 'meta_description', 'meta_keywords'])
    .where('store_id', '=', store.id)
    .where('page_id', '=', page.id)
    .executeTakeFirst();
  return withOwnText(page, own);
}

async function localizeCmsBlocks(db: Kysely<Database>, blocks: CmsBlockTable[], store: StoreScope) {
  if (store.isDefault || blocks.length === 0) return blocks;
  const own = await db
    .selectFrom('cms_block_store')
    .select(['block_id', 'title', 'content'])
    .where('store_id', '=', store.id)
    .where(
      'block_id',
      'in',
      blocks.map((b) => b.id),
    )
    .execute();
  const byId = new Map(own.map(({ block_id, ...texts }) => [block_id, texts]));
  return blocks.map((b) => withOwnText(b, byId.get(b.id)));
}

/** Pages and blocks for the resolvers, bound to the shop's database, in the request's store view. */
export function createCmsService(db: Kysely<Database>) {
  return {
    page: async (args: Parameters<typeof findCmsPage>[1], store: StoreScope) =>
      localizeCmsPage(db, await findCmsPage(db, args), store),
    blocks: async (identifiers: readonly string[], store: StoreScope) =>
      localizeCmsBlocks(db, await findCmsBlocks(db, identifiers), store),
    localizePage: (page: CmsPageTable, store: StoreScope) => localizeCmsPage(db, page, store),
    /** A text with the settings it names written in, for the request's store view and currency. */
    withSettings: (html: string, store: StoreScope) => renderConfigDirectives(db, html, store),
  };
}

export type CmsService = ReturnType<typeof createCmsService>;
