import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../../kernel/clock';
import { DomainError, isDomainError } from '../../kernel/domainError';
import { MAX_TEXT, multiLineText, singleLineText } from '../../kernel/inputRules';
import { sanitiseHtml } from '../../kernel/safeHtml';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';

// A category's texts in one store view other than the default (Magento's store-view scope): null
// is "use the default value". Its URL key per store is left to the category's own page for now,
// since a key moves the addresses of everything below it (categoryAddresses.ts). Each save
// refreshes the search index and listings and bumps the catalog version, as a category edit does.

const MAX_META = 1000;
const MAX_HTML = 1_000_000;

export interface CategoryTexts {
  name: string | null;
  description: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

export interface CategoryStoreTextsRecord {
  storeId: number;
  defaults: CategoryTexts;
  own: CategoryTexts;
}

function checked<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (isDomainError(error)) throw new DomainError('input', error.message, { field });
    throw error;
  }
}

function checkedTexts(input: CategoryTexts): CategoryTexts {
  const description = checked('description', () => multiLineText('Description', input.description, MAX_HTML));
  return {
    name: checked('name', () => singleLineText('Name', input.name, MAX_TEXT)),
    description: description === null ? null : sanitiseHtml(description).html || null,
    metaTitle: checked('metaTitle', () => singleLineText('Meta title', input.metaTitle, MAX_META)),
    metaDescription: checked('metaDescription', () =>
      singleLineText('Meta description', input.metaDescription, MAX_META),
    ),
  };
}

export function createCategoryStoreTextService(db: Kysely<Database>, clock: Clock) {
  async function readIn(trx: Kysely<Database>, categoryId: number, storeId: number): Promise<CategoryStoreTextsRecord> {
    if (storeId === DEFAULT_STORE_ID)
      throw new DomainError('input', "The default store view's texts are the category's own: edit them above.", {
        field: 'name',
      });
    const store = await trx.selectFrom('store_view').select('id').where('id', '=', storeId).executeTakeFirst();
    if (!store) throw noSuchEntityError(`There is no store view ${storeId}.`);
    const category = await trx
      .selectFrom('category')
      .select(['id', 'name', 'description', 'meta_title', 'meta_description'])
      .where('id', '=', categoryId)
      .executeTakeFirst();
    if (!category) throw noSuchEntityError(`There is no category ${categoryId}.`);
    const own = await trx
      .selectFrom('category_store')
      .selectAll()
      .where('category_id', '=', categoryId)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return {
      storeId,
      defaults: {
        name: category.name,
        description: category.description ?? null,
        metaTitle: category.meta_title ?? null,
        metaDescription: category.meta_description ?? null,
      },
      own: {
        name: own?.name ?? null,
        description: own?.description ?? null,
        metaTitle: own?.meta_title ?? null,
        metaDescription: own?.meta_description ?? null,
      },
    };
  }

  return {
    read: (categoryId: number, storeId: number) => readIn(db, categoryId, storeId),

    async save(
      categoryId: number,
      storeId: number,
      input: CategoryTexts,
      actor: Actor,
    ): Promise<CategoryStoreTextsRecord> {
      const next = checkedTexts(input);
      return inWriteTransaction(db, { actor, clock }, async (uow) => {
        const before = await readIn(uow.db, categoryId, storeId);
        if (JSON.stringify(before.own) === JSON.stringify(next)) return before;
        const row = await uow.db
          .selectFrom('category_store')
          .select(['url_key', 'url_path'])
          .where('category_id', '=', categoryId)
          .where('store_id', '=', storeId)
          .executeTakeFirst();
        await uow.db
          .deleteFrom('category_store')
          .where('category_id', '=', categoryId)
          .where('store_id', '=', storeId)
          .execute();
        // The store's own URL key and path, if any, stay as they were.
        if (Object.values(next).some((v) => v !== null) || row?.url_key || row?.url_path)
          await uow.db
            .insertInto('category_store')
            .values({
              category_id: categoryId,
              store_id: storeId,
              name: next.name,
              url_key: row?.url_key ?? null,
              url_path: row?.url_path ?? null,
              description: next.description,
              meta_title: next.metaTitle,
              meta_description: next.metaDescription,
            })
            .execute();
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'category.store_texts',
            entityType: 'category',
            entityId: String(categoryId),
            before: { storeId, ...before.own },
            after: { storeId, ...next },
          },
          uow.now,
        );
        // A store view's category texts are in no search document, listing row, facet count or
        // vocabulary (those hold the default names): no product changed, but the version moves
        // so cached answers (labels, the category tree) drop (issue 33).
        uow.catalogChanged({ products: [] });
        return { ...before, own: next };
      });
    },
  };
}

export type CategoryStoreTextService = ReturnType<typeof createCategoryStoreTextService>;
