import type { Kysely } from 'kysely';
import type { Database, UrlRewriteTable } from '../../db/tables';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';

// The shop's addresses as their owners change them. url_rewrite is routing's (domains/tableOwners.ts):
// the catalog, its importer and the CMS set, move and drop their addresses through these, and
// routeService.ts reads them to answer route(url:).

/** A new address row, with an id the caller allocated (the importer counts its ids itself). */
export async function insertAddress(db: Kysely<Database>, row: UrlRewriteTable): Promise<void> {
  await db.insertInto('url_rewrite').values(row).execute();
}

/** Drops every address of an entity, its redirects included (the entity is deleted). */
export async function dropAddresses(
  db: Kysely<Database>,
  entityType: UrlRewriteTable['entity_type'],
  entityId: number,
): Promise<void> {
  await db.deleteFrom('url_rewrite').where('entity_type', '=', entityType).where('entity_id', '=', entityId).execute();
}

/**
 * The next address id: max + 1, as the catalog writer does. On PostgreSQL two concurrent inserts
 * collide on the primary key and the write transaction runs again (kernel/transaction.ts).
 */
export async function nextRewriteId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('url_rewrite')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/**
 * Makes `requestPath` (`<url path>.html`) the category's address in a store: its previous address
 * (and any older ones) redirect there permanently, so bookmarks and search results keep working.
 */
export async function setCategoryRequestPath(
  db: Kysely<Database>,
  storeId: number,
  categoryId: number,
  requestPath: string,
): Promise<void> {
  const canonical = await db
    .selectFrom('url_rewrite')
    .select(['id', 'request_path'])
    .where('entity_type', '=', 'CATEGORY')
    .where('entity_id', '=', categoryId)
    .where('store_id', '=', storeId)
    .where('redirect_type', '=', 0)
    .executeTakeFirst();
  if (canonical?.request_path === requestPath) return;
  // A redirect that had this address (an old address of this category, say) gives it up.
  await db
    .deleteFrom('url_rewrite')
    .where('store_id', '=', storeId)
    .where('request_path', '=', requestPath)
    .where('redirect_type', '!=', 0)
    .execute();
  await db
    .updateTable('url_rewrite')
    .set({ target_path: requestPath, redirect_type: 301 })
    .where('entity_type', '=', 'CATEGORY')
    .where('entity_id', '=', categoryId)
    .where('store_id', '=', storeId)
    .execute();
  await db
    .insertInto('url_rewrite')
    .values({
      id: await nextRewriteId(db),
      request_path: requestPath,
      target_path: `catalog/category/view/id/${categoryId}`,
      entity_type: 'CATEGORY',
      entity_id: categoryId,
      redirect_type: 0,
      store_id: storeId,
    })
    .execute();
}

/**
 * A product's address in a store: `<urlKey>.html` while it is visible on its own, none while it is
 * not. A changed address leaves the old one as a permanent redirect to the new. `nextId` allocates
 * the new row's id (the importer counts its ids itself).
 */
export async function setProductAddress(
  db: Kysely<Database>,
  address: { productId: number; storeId: number; urlKey: string; visible: boolean },
  nextId: () => Promise<number>,
): Promise<void> {
  const { productId: id, storeId, urlKey, visible } = address;
  const canonical = await db
    .selectFrom('url_rewrite')
    .select(['id', 'request_path'])
    .where('entity_type', '=', 'PRODUCT')
    .where('entity_id', '=', id)
    .where('store_id', '=', storeId)
    .where('redirect_type', '=', 0)
    .execute();
  const path = `${urlKey}.html`;
  if (!visible) {
    if (canonical.length > 0)
      await db
        .deleteFrom('url_rewrite')
        .where(
          'id',
          'in',
          canonical.map((c) => Number(c.id)),
        )
        .execute();
    return;
  }
  const current = canonical[0];
  if (current?.request_path === path) return;
  if (current) {
    // The old address keeps working as a permanent redirect to the new one.
    await db
      .updateTable('url_rewrite')
      .set({ target_path: path, redirect_type: 301 })
      .where('id', '=', Number(current.id))
      .execute();
  }
  await db.deleteFrom('url_rewrite').where('store_id', '=', storeId).where('request_path', '=', path).execute();
  await db
    .insertInto('url_rewrite')
    .values({
      id: await nextId(),
      request_path: path,
      target_path: `catalog/product/view/id/${id}`,
      entity_type: 'PRODUCT',
      entity_id: id,
      redirect_type: 0,
      store_id: storeId,
    })
    .execute();
}

/** Points the page's default-store address at `identifier`, leaving the old one as a permanent redirect. */
export async function movePageAddress(trx: Kysely<Database>, pageId: number, from: string, to: string): Promise<void> {
  const targetPath = `cms/page/view/page_id/${pageId}`;
  // An earlier redirect of this page from the new address makes way for the address itself.
  await trx
    .deleteFrom('url_rewrite')
    .where('entity_type', '=', 'CMS_PAGE')
    .where('entity_id', '=', pageId)
    .where('request_path', '=', to)
    .where('redirect_type', '!=', 0)
    .execute();
  const canonical = await trx
    .selectFrom('url_rewrite')
    .select('id')
    .where('entity_type', '=', 'CMS_PAGE')
    .where('entity_id', '=', pageId)
    .where('store_id', '=', DEFAULT_STORE_ID)
    .where('redirect_type', '=', 0)
    .executeTakeFirst();
  if (canonical) {
    await trx.updateTable('url_rewrite').set({ request_path: to }).where('id', '=', canonical.id).execute();
    // Older redirects go straight to the new address, never through a chain.
    await trx
      .updateTable('url_rewrite')
      .set({ target_path: to })
      .where('entity_type', '=', 'CMS_PAGE')
      .where('entity_id', '=', pageId)
      .where('redirect_type', '!=', 0)
      .execute();
    await trx
      .insertInto('url_rewrite')
      .values({
        id: await nextRewriteId(trx),
        request_path: from,
        target_path: to,
        entity_type: 'CMS_PAGE',
        entity_id: pageId,
        redirect_type: 301,
        store_id: DEFAULT_STORE_ID,
      })
      .execute();
    return;
  }
  await trx
    .insertInto('url_rewrite')
    .values({
      id: await nextRewriteId(trx),
      request_path: to,
      target_path: targetPath,
      entity_type: 'CMS_PAGE',
      entity_id: pageId,
      redirect_type: 0,
      store_id: DEFAULT_STORE_ID,
    })
    .execute();
}
