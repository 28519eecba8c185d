import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import type { Clock } from '../../kernel/clock';
import { isDomainError } from '../../kernel/domainError';
import { multiLineText, singleLineText, MAX_TEXT } from '../../kernel/inputRules';
import { sanitiseHtml } from '../../kernel/safeHtml';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';
import { refreshProductsAfterEdit } from './catalogRefresh';
import { productFieldError, urlKeyOf, type ProductField } from './productEditService';
import { transferDb, type TransferDatabase } from './transferTables';

// A product's texts in one store view other than the default, as Magento's admin edits them with
// its store-view switch: a text left at "Use default value" is null here and the store shows the
// product's own text; a text given is that store's only. Rich text is sanitised as the product's
// own is. Each save refreshes the search index (it holds every store's names) and bumps the
// catalog version, so the storefront's caches follow.

const MAX_META = 1000;
const MAX_HTML = 1_000_000;

export interface ProductTexts {
  name: string | null;
  urlKey: string | null;
  description: string | null;
  shortDescription: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

export interface ProductStoreTextsRecord {
  storeId: number;
  /** The product's own texts: what the store shows where its own is null. */
  defaults: ProductTexts;
  own: ProductTexts;
}

type StoreRow = TransferDatabase['product_store'];

function ownOf(row: Pick<StoreRow, keyof StoreRow> | undefined): ProductTexts {
  return {
    name: row?.name ?? null,
    urlKey: row?.url_key ?? null,
    description: row?.description ?? null,
    shortDescription: row?.short_description ?? null,
    metaTitle: row?.meta_title ?? null,
    metaDescription: row?.meta_description ?? null,
  };
}

function checked<T>(field: ProductField, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (isDomainError(error)) throw productFieldError(field, error.message);
    throw error;
  }
}

/** Each text checked as the product form checks it; an empty text is "use the default value". */
function checkedTexts(input: ProductTexts): ProductTexts {
  const html = (field: 'description' | 'shortDescription', label: string, value: string | null) => {
    const text = checked(field, () => multiLineText(label, value, MAX_HTML));
    return text === null ? null : sanitiseHtml(text).html || null;
  };
  return {
    name: checked('name', () => singleLineText('Name', input.name, MAX_TEXT)),
    urlKey: input.urlKey === null || input.urlKey.trim() === '' ? null : urlKeyOf(input.urlKey),
    description: html('description', 'Description', input.description),
    shortDescription: html('shortDescription', 'Short description', input.shortDescription),
    metaTitle: checked('metaTitle', () => singleLineText('Meta title', input.metaTitle, MAX_META)),
    metaDescription: checked('metaDescription', () =>
      singleLineText('Meta description', input.metaDescription, MAX_META),
    ),
  };
}

export function createProductStoreTextService(db: Kysely<Database>, searchIndex: SearchIndex, clock: Clock) {
  const tdb = transferDb(db);

  async function storeOf(trx: Kysely<TransferDatabase>, storeId: number): Promise<void> {
    if (storeId === DEFAULT_STORE_ID)
      throw productFieldError('name', "The default store view's texts are the product's own: edit them above.");
    const store = await trx.selectFrom('store_view').select('id').where('id', '=', storeId).executeTakeFirst();
    if (!store) throw noSuchEntityError(`There is no store view ${storeId}.`);
  }

  async function productOf(trx: Kysely<TransferDatabase>, sku: string) {
    const product = await trx
      .selectFrom('product')
      .select(['id', 'name', 'url_key', 'description', 'short_description', 'meta_title', 'meta_description'])
      .where('sku', '=', sku.trim())
      .executeTakeFirst();
    if (!product) throw noSuchEntityError(`There is no product with the sku "${sku.slice(0, 64)}".`);
    return product;
  }

  async function readIn(trx: Kysely<TransferDatabase>, sku: string, storeId: number): Promise<ProductStoreTextsRecord> {
    await storeOf(trx, storeId);
    const product = await productOf(trx, sku);
    const own = await trx
      .selectFrom('product_store')
      .selectAll()
      .where('product_id', '=', product.id)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return {
      storeId,
      defaults: {
        name: product.name,
        urlKey: product.url_key,
        description: product.description,
        shortDescription: product.short_description,
        metaTitle: product.meta_title ?? null,
        metaDescription: product.meta_description ?? null,
      },
      own: ownOf(own),
    };
  }

  /** One url key, one product, in this store: its own keys and the keys it inherits. */
  async function checkStoreUrlKey(trx: Kysely<TransferDatabase>, key: string, productId: number, storeId: number) {
    const own = await trx
      .selectFrom('product_store')
      .select('product_id')
      .where('store_id', '=', storeId)
      .where('url_key', '=', key)
      .where('product_id', '!=', productId)
      .executeTakeFirst();
    const inherited = await trx
      .selectFrom('product as p')
      .leftJoin('product_store as s', (join) => join.onRef('s.product_id', '=', 'p.id').on('s.store_id', '=', storeId))
      .select('p.sku')
      .where('p.url_key', '=', key)
      .where('p.id', '!=', productId)
      .where((eb) => eb.or([eb('s.url_key', 'is', null), eb('s.url_key', '=', key)]))
      .executeTakeFirst();
    if (own || inherited)
      throw productFieldError('urlKey', `The URL key "${key}" is taken in this store view by another product.`);
  }

  return {
    read: (sku: string, storeId: number) => readIn(tdb, sku, storeId),

    async save(sku: string, storeId: number, input: ProductTexts, actor: Actor): Promise<ProductStoreTextsRecord> {
      const next = checkedTexts(input);
      return inWriteTransaction(db, { actor, clock }, async (uow) => {
        const trx = transferDb(uow.db);
        const before = await readIn(trx, sku, storeId);
        const product = await productOf(trx, sku);
        if (next.urlKey !== null) await checkStoreUrlKey(trx, next.urlKey, product.id, storeId);
        if (JSON.stringify(before.own) === JSON.stringify(next)) return before;
        await trx
          .deleteFrom('product_store')
          .where('product_id', '=', product.id)
          .where('store_id', '=', storeId)
          .execute();
        if (Object.values(next).some((value) => value !== null))
          await trx
            .insertInto('product_store')
            .values({
              product_id: product.id,
              store_id: storeId,
              name: next.name,
              url_key: next.urlKey,
              description: next.description,
              short_description: next.shortDescription,
              meta_title: next.metaTitle,
              meta_description: next.metaDescription,
            })
            .execute();
        await recordAudit(
          uow.db,
          actor,
          {
            action: 'product.store_texts',
            entityType: 'product',
            entityId: sku.trim(),
            before: { storeId, ...before.own },
            after: { storeId, ...next },
          },
          uow.now,
        );
        // The search index and the store's vocabulary hold every store's names: this product's
        // document and words are made again, and the change log tells every process (issue 33).
        await refreshProductsAfterEdit(uow, searchIndex, [product.id]);
        return { ...before, own: next };
      });
    },
  };
}

export type ProductStoreTextService = ReturnType<typeof createProductStoreTextService>;
