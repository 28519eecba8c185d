import type { Kysely } from 'kysely';
import { nextId } from '../../db/idSequence';
import type { Database, ProductTable, ReviewStatus, ReviewTable } from '../../db/tables';
import type { Clock } from '../../kernel/clock';
import { sqlTimestamp } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { multiLineText, singleLineText } from '../../kernel/inputRules';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';
import type { StoreScope } from '../../kernel/storeScope';
import { inWriteTransaction } from '../../kernel/transaction';
import { decodeUid, encodeUid } from '../../kernel/uids';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';

// Shoppers' reviews with star ratings (Magento's Review and Rating modules). A review is written
// in one store view and waits ('pending') until staff approve or reject it; only approved
// reviews are shown and counted. Text is kept as plain text: markup is taken out on the way in,
// and every reader escapes it on the way out.

export const STARS = [1, 2, 3, 4, 5] as const;
export const MAX_NICKNAME = 128;
export const MAX_SUMMARY = 255;
export const MAX_REVIEW_TEXT = 5000;

export interface RatingView {
  id: number;
  label: string;
}

export interface ReviewView {
  review: ReviewTable;
  votes: Array<{ ratingId: number; label: string; value: number }>;
}

export interface ReviewPage {
  items: ReviewView[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
}

export interface ReviewSettings {
  /** Store config product_reviews_enabled. */
  enabled: boolean;
  /** Store config allow_guests_to_write_product_reviews. */
  guestsAllowed: boolean;
}

export interface NewReview {
  sku: string;
  nickname: string;
  summary: string;
  text: string;
  ratings: ReadonlyArray<{ id: string; value_id: string } | null>;
}

const required = (field: string) => new DomainError('input', `${field}: This field is required.`, { field });

/** Plain text: tags are taken out (a review is never HTML), then the rules of shoppers' text apply. */
function plain(value: string): string {
  return value.replace(/<[^>]*>/g, '');
}

/** The value id a rating's star value has in Magento's API: the rating and the stars, encoded. */
export const ratingValueUid = (ratingId: number, stars: number) => encodeUid(`${ratingId}/${stars}`);

async function ratingsOf(db: Kysely<Database>, storeId: number): Promise<RatingView[]> {
  const rows = await db
    .selectFrom('rating as r')
    .leftJoin('rating_store as s', (join) => join.onRef('s.rating_id', '=', 'r.id').on('s.store_id', '=', storeId))
    .select(['r.id', 'r.code', 's.label'])
    .where('r.is_active', '=', 1)
    .orderBy('r.position')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), label: r.label ?? r.code }));
}

export async function votesOf(
  db: Kysely<Database>,
  reviews: readonly ReviewTable[],
  storeId: number,
): Promise<ReviewView[]> {
  const ids = reviews.map((r) => Number(r.id));
  const labels = new Map((await ratingsOf(db, storeId)).map((r) => [r.id, r.label]));
  const votes = ids.length
    ? await db
        .selectFrom('review_vote as v')
        .innerJoin('rating as r', 'r.id', 'v.rating_id')
        .select(['v.review_id', 'v.rating_id', 'v.value', 'r.code'])
        .where('v.review_id', 'in', ids)
        .orderBy('r.position')
        .execute()
    : [];
  return reviews.map((review) => ({
    review: { ...review, id: Number(review.id), product_id: Number(review.product_id) },
    votes: votes
      .filter((v) => Number(v.review_id) === Number(review.id))
      .map((v) => ({
        ratingId: Number(v.rating_id),
        label: labels.get(Number(v.rating_id)) ?? v.code,
        value: Number(v.value),
      })),
  }));
}

function pageArgs(pageSize: number | null | undefined, currentPage: number | null | undefined) {
  const size = pageSize ?? 20;
  const page = currentPage ?? 1;
  if (!Number.isInteger(page) || page < 1)
    throw new DomainError('input', 'currentPage value must be greater than 0.', { field: 'currentPage' });
  if (!Number.isInteger(size) || size < 1 || size > 100)
    throw new DomainError('input', 'pageSize value must be between 1 and 100.', { field: 'pageSize' });
  return { size, page };
}

export function createReviewService(db: Kysely<Database>, clock: Clock, rateLimits: RateLimiter) {
  async function page(
    filter: { productId?: number; storeId?: number; customerId?: number; status?: ReviewStatus },
    pageSize: number | null | undefined,
    currentPage: number | null | undefined,
    storeId: number,
  ): Promise<ReviewPage> {
    const { size, page: current } = pageArgs(pageSize, currentPage);
    let query = db.selectFrom('review');
    if (filter.productId !== undefined) query = query.where('product_id', '=', filter.productId);
    if (filter.storeId !== undefined) query = query.where('store_id', '=', filter.storeId);
    if (filter.customerId !== undefined) query = query.where('customer_id', '=', filter.customerId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: await votesOf(db, rows, storeId),
      currentPage: current,
      pageSize: size,
      totalCount: Number(total.n),
    };
  }

  return {
    /** The ratings asked in the store view, with their labels there. */
    ratings: (store: StoreScope) => ratingsOf(db, store.id),

    /** Approved reviews of a product in the store view, newest first. */
    productReviews: (productId: number, store: StoreScope, pageSize?: number | null, currentPage?: number | null) =>
      page({ productId, storeId: store.id, status: 'approved' }, pageSize, currentPage, store.id),

    /** Every review a customer wrote, whatever its state, newest first. */
    customerReviews: (customerId: number, store: StoreScope, pageSize?: number | null, currentPage?: number | null) =>
      page({ customerId }, pageSize, currentPage, store.id),

    /**
     * Writes a pending review. Refused, with nothing written, when reviews are off, a guest
     * writes where guests may not, a field is missing or too long, the ratings are not one valid
     * value for each rating of the store, the product is not one a shopper can see, or the client
     * wrote too many reviews this hour.
     */
    async create(
      input: NewReview,
      author: { customerId: number | null; client: string },
      store: StoreScope,
      settings: ReviewSettings,
    ): Promise<ReviewView> {
      if (!settings.enabled) throw new DomainError('input', 'Product reviews are not enabled in this store.');
      if (author.customerId === null && !settings.guestsAllowed)
        throw new DomainError('authorization', 'Guest customers aren’t allowed to add product reviews.');
      const nickname = singleLineText('nickname', plain(input.nickname), MAX_NICKNAME);
      const summary = singleLineText('summary', plain(input.summary), MAX_SUMMARY);
      const text = multiLineText('text', plain(input.text), MAX_REVIEW_TEXT);
      if (!nickname) throw required('nickname');
      if (!summary) throw required('summary');
      if (!text) throw required('text');

      const ratings = await ratingsOf(db, store.id);
      const given = new Map<number, number>();
      for (const rating of input.ratings) {
        if (!rating) continue;
        const ratingId = Number(decodeUid(rating.id));
        const known = ratings.find((r) => r.id === ratingId);
        const [valueRating, stars] = decodeUid(rating.value_id).split('/').map(Number);
        if (!known || valueRating !== ratingId || !STARS.some((s) => s === stars))
          throw new DomainError('input', 'A rating or its value is not one of this store’s.', { field: 'ratings' });
        if (given.has(ratingId)) throw new DomainError('input', `${known.label} is rated twice.`, { field: 'ratings' });
        given.set(ratingId, stars as number);
      }
      const missing = ratings.filter((r) => !given.has(r.id)).map((r) => r.label);
      if (missing.length > 0)
        throw new DomainError('input', `Rate ${missing.join(', ')}: This field is required.`, { field: 'ratings' });

      const product = await db
        .selectFrom('product')
        .select(['id'])
        .where('sku', '=', input.sku.trim())
        .where('visibility', '=', 4)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!product) throw noSuchEntityError(`Could not find a product with SKU "${input.sku}"`);
      // Counted only for a review that would be written: a refused one costs the shopper nothing.
      if (author.client !== 'unknown') await rateLimits.consume(RATE_RULES.reviewPerClient, author.client);

      const review = await inWriteTransaction(db, async (uow) => {
        const row: ReviewTable = {
          id: await nextId(uow.db, 'review'),
          product_id: Number(product.id),
          store_id: store.id,
          customer_id: author.customerId,
          nickname,
          summary,
          text,
          status: 'pending',
          created_at: sqlTimestamp(clock()),
        };
        await uow.db.insertInto('review').values(row).execute();
        await uow.db
          .insertInto('review_vote')
          .values([...given].map(([rating_id, value]) => ({ review_id: row.id, rating_id, value })))
          .execute();
        return row;
      });
      const [view] = await votesOf(db, [review], store.id);
      return view as ReviewView;
    },

    /** Sku and name of the reviewed products, for the back office. */
    async productNames(ids: readonly number[]): Promise<Map<number, { sku: string; name: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('product')
        .select(['id', 'sku', 'name'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [Number(r.id), { sku: r.sku, name: r.name }]));
    },

    async storeCodes(): Promise<Map<number, string>> {
      const rows = await db.selectFrom('store_view').select(['id', 'code']).execute();
      return new Map(rows.map((r) => [Number(r.id), r.code]));
    },

    /** The back office's list: every review, or those in one state, newest first. */
    list: (status: ReviewStatus | null, pageSize: number, currentPage: number) =>
      page(status ? { status } : {}, pageSize, currentPage, 1),

    /** Approves or rejects a review; audited. Shoppers see the change on their next request. */
    async moderate(id: number, status: 'approved' | 'rejected', actor: Actor): Promise<ReviewView> {
      const updated = await inWriteTransaction(db, { actor, clock }, async (uow) => {
        const before = await uow.db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw noSuchEntityError(`There is no review ${id}.`);
        if (before.status === status) return before;
        await uow.db.updateTable('review').set({ status }).where('id', '=', id).execute();
        await recordAudit(
          uow.db,
          actor,
          {
            action: `review.${status === 'approved' ? 'approve' : 'reject'}`,
            entityType: 'review',
            entityId: id,
            before: { status: before.status },
            after: { status },
          },
          uow.now,
        );
        // The product's count, stars and list change: cached catalog answers must go. Its words,
        // facets and listing rows do not, so it is logged as that product alone.
        uow.catalogChanged({ products: [Number(before.product_id)] });
        return { ...before, status };
      });
      const [view] = await votesOf(db, [updated], updated.store_id);
      return view as ReviewView;
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;

/** The product a review is about, for `ProductReview.product`. */
export async function reviewedProduct(db: Kysely<Database>, productId: number): Promise<ProductTable | undefined> {
  return db
    .selectFrom('product')
    .select([
      'id',
      'type',
      'parent_id',
      'sku',
      'name',
      'url_key',
      'visibility',
      'description',
      'short_description',
      'meta_title',
      'meta_description',
      'currency',
      'price',
      'special_price',
      'min_price',
      'max_price',
      'min_regular_price',
      'max_regular_price',
      'stock_qty',
      'in_stock',
      'position',
    ])
    .where('id', '=', productId)
    .executeTakeFirst();
}
