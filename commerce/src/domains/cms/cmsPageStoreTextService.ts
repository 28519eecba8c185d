import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../../kernel/clock';
import { DomainError, isDomainError } from '../../kernel/domainError';
import { MAX_TEXT, multiLineText, singleLineText } from '../../kernel/inputRules';
import { sanitiseHtml } from '../../kernel/safeHtml';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { inWriteTransaction, NO_PRODUCT_CHANGED } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';

// A CMS page's texts in one store view other than the default (cms_page_store): null is "use the
// default value". The content is sanitised as the page's own is. The change bumps the catalog
// version, which drops the storefront's cached answers as a page edit does.

const MAX_META = 1000;
const MAX_CONTENT = 1_000_000;

export interface CmsPageTexts {
  title: string | null;
  contentHeading: string | null;
  content: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
}

function checked<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (isDomainError(error)) throw new DomainError('input', error.message, { field });
    throw error;
  }
}

function checkedTexts(input: CmsPageTexts): CmsPageTexts {
  const content = checked('content', () => multiLineText('Content', input.content, MAX_CONTENT));
  return {
    title: checked('title', () => singleLineText('Title', input.title, MAX_TEXT)),
    contentHeading: checked('contentHeading', () => singleLineText('Content heading', input.contentHeading, MAX_TEXT)),
    content: content === null ? null : sanitiseHtml(content).html || null,
    metaTitle: checked('metaTitle', () => singleLineText('Meta title', input.metaTitle, MAX_META)),
    metaDescription: checked('metaDescription', () =>
      singleLineText('Meta description', input.metaDescription, MAX_META),
    ),
    metaKeywords: checked('metaKeywords', () => singleLineText('Meta keywords', input.metaKeywords, MAX_META)),
  };
}

export function createCmsPageStoreTextService(db: Kysely<Database>, clock: Clock) {
  async function readIn(trx: Kysely<Database>, pageId: number, storeId: number) {
    if (storeId === DEFAULT_STORE_ID)
      throw new DomainError('input', "The default store view's texts are the page's own: edit them above.", {
        field: 'title',
      });
    const store = await trx.selectFrom('store_view').select('id').where('id', '=', storeId).executeTakeFirst();
    if (!store) throw noSuchEntityError(`There is no store view ${storeId}.`);
    const page = await trx.selectFrom('cms_page').selectAll().where('id', '=', pageId).executeTakeFirst();
    if (!page) throw noSuchEntityError(`There is no CMS page ${pageId}.`);
    const own = await trx
      .selectFrom('cms_page_store')
      .selectAll()
      .where('page_id', '=', pageId)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    const defaults: CmsPageTexts = {
      title: page.title,
      contentHeading: page.content_heading ?? null,
      content: page.content,
      metaTitle: page.meta_title ?? null,
      metaDescription: page.meta_description ?? null,
      metaKeywords: page.meta_keywords ?? null,
    };
    const ownTexts: CmsPageTexts = {
      title: own?.title ?? null,
      contentHeading: own?.content_heading ?? null,
      content: own?.content ?? null,
      metaTitle: own?.meta_title ?? null,
      metaDescription: own?.meta_description ?? null,
      metaKeywords: own?.meta_keywords ?? null,
    };
    return { storeId, defaults, own: ownTexts };
  }

  return {
    read: (pageId: number, storeId: number) => readIn(db, pageId, storeId),

    async save(pageId: number, storeId: number, input: CmsPageTexts, actor: Actor) {
      const next = checkedTexts(input);
      return inWriteTransaction(db, { actor, clock }, async (uow) => {
        const before = await readIn(uow.db, pageId, storeId);
        if (JSON.stringify(before.own) === JSON.stringify(next)) return before;
        await uow.db
          .deleteFrom('cms_page_store')
          .where('page_id', '=', pageId)
          .where('store_id', '=', storeId)
          .execute();
        if (Object.values(next).some((v) => v !== null))
          await uow.db
            .insertInto('cms_page_store')
            .values({
              page_id: pageId,
              store_id: storeId,
              title: next.title,
              content_heading: next.contentHeading,
              content: next.content,
              meta_title: next.metaTitle,
              meta_description: next.metaDescription,
              meta_keywords: next.metaKeywords,
            })
            .execute();
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'cms_page.store_texts',
            entityType: 'cms_page',
            entityId: String(pageId),
            before: { storeId, ...before.own },
            after: { storeId, ...next },
          },
          uow.now,
        );
        // Pages and blocks: no product row, word or listing changes.
        uow.catalogChanged(NO_PRODUCT_CHANGED);
        return { ...before, own: next };
      });
    },
  };
}

export type CmsPageStoreTextService = ReturnType<typeof createCmsPageStoreTextService>;
