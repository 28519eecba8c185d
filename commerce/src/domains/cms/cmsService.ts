import type { Kysely } from 'kysely';
import type { CmsBlockTable, CmsPageTable, Database } from '../../db/tables';
import { noSuchEntityError } from '../errors';

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

/** Pages and blocks for the resolvers, bound to the shop's database. */
export function createCmsService(db: Kysely<Database>) {
  return {
    page: (args: Parameters<typeof findCmsPage>[1]) => findCmsPage(db, args),
    blocks: (identifiers: readonly string[]) => findCmsBlocks(db, identifiers),
  };
}

export type CmsService = ReturnType<typeof createCmsService>;
