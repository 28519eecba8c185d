import type { GraphQLResolveInfo } from 'graphql';
import type {
  CustomerReviewsArgs,
  MutationCreateProductReviewArgs,
  SimpleProductReviewsArgs,
} from '../../__generated__/resolvers';
import type { CustomerTable, ProductTable } from '../../db/tables';
import { encodeUid } from '../../kernel/uids';
import type { RequestContext } from '../context';
import { noSuchEntityError } from '../errors';
import { ratingValueUid, reviewedProduct, STARS, type ReviewPage, type ReviewView } from './reviewService';

// Magento's ReviewGraphQl and RatingsGraphQl: the service holds the rules, here Magento's shapes.

function reviewsPage(page: ReviewPage) {
  return {
    items: page.items,
    page_info: {
      current_page: page.currentPage,
      page_size: page.pageSize,
      total_pages: Math.ceil(page.totalCount / page.pageSize),
    },
  };
}

async function reviewSettings(context: RequestContext) {
  const config = await context.services.store.config(context.store);
  return {
    enabled: config.product_reviews_enabled !== '0',
    guestsAllowed: config.allow_guests_to_write_product_reviews !== '0',
  };
}

const productReviews = async (p: ProductTable, args: SimpleProductReviewsArgs, context: RequestContext) =>
  reviewsPage(await context.services.reviews.productReviews(p.id, context.store, args.pageSize, args.currentPage));

/** Every product type answers reviews the same way. */
const productReviewFields = {
  reviews: productReviews,
  rating_summary: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await context.loaders.reviewSummary.load(p.id)).percent,
  review_count: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await context.loaders.reviewSummary.load(p.id)).count,
};

export const reviewResolvers = {
  Query: {
    productReviewRatingsMetadata: async (_root: unknown, _args: unknown, context: RequestContext) => {
      if (!(await reviewSettings(context)).enabled) return { items: [] };
      return {
        items: (await context.services.reviews.ratings(context.store)).map((rating) => ({
          id: encodeUid(rating.id),
          name: rating.label,
          values: STARS.map((stars) => ({ value: String(stars), value_id: ratingValueUid(rating.id, stars) })),
        })),
      };
    },
  },
  Mutation: {
    createProductReview: async (_root: unknown, args: MutationCreateProductReviewArgs, context: RequestContext) => ({
      review: await context.services.reviews.create(
        args.input,
        { customerId: await context.auth.customerId(), client: context.client },
        context.store,
        await reviewSettings(context),
      ),
    }),
  },
  ProductReview: {
    average_rating: (r: ReviewView) =>
      r.votes.length === 0 ? 0 : Math.round((r.votes.reduce((sum, v) => sum + v.value, 0) / r.votes.length) * 10) / 10,
    created_at: (r: ReviewView) => r.review.created_at,
    nickname: (r: ReviewView) => r.review.nickname,
    summary: (r: ReviewView) => r.review.summary,
    text: (r: ReviewView) => r.review.text,
    ratings_breakdown: (r: ReviewView) => r.votes.map((v) => ({ name: v.label, value: String(v.value) })),
    product: async (r: ReviewView, _args: unknown, context: RequestContext, _info: GraphQLResolveInfo) => {
      const product = await reviewedProduct(context.services.db, r.review.product_id);
      if (!product) throw noSuchEntityError('The reviewed product no longer exists.');
      return context.loaders.localizedOne(product);
    },
  },
  SimpleProduct: productReviewFields,
  ConfigurableProduct: productReviewFields,
  BundleProduct: productReviewFields,
  GroupedProduct: productReviewFields,
  VirtualProduct: productReviewFields,
  DownloadableProduct: productReviewFields,
  Customer: {
    reviews: async (c: CustomerTable, args: CustomerReviewsArgs, context: RequestContext) =>
      reviewsPage(
        await context.services.reviews.customerReviews(Number(c.id), context.store, args.pageSize, args.currentPage),
      ),
  },
};
