import type { MutationModerateReviewArgs, QueryReviewsArgs } from '../../__generated__/backOfficeResolvers';
import type { ReviewView } from '../../domains/catalog';
import type { BackOfficeContext } from '../backOfficeContext';

// Review moderation in the back office; the service holds the rules.

const upper = (status: string) => status.toUpperCase() as 'PENDING';

async function reviewView(views: readonly ReviewView[], context: BackOfficeContext) {
  const products = await context.services.reviews.productNames(views.map((v) => v.review.product_id));
  const stores = await context.services.reviews.storeCodes();
  return views.map(({ review, votes }) => ({
    id: String(review.id),
    status: upper(review.status),
    productSku: products.get(review.product_id)?.sku ?? '',
    productName: products.get(review.product_id)?.name ?? '',
    storeCode: stores.get(Number(review.store_id)) ?? String(review.store_id),
    nickname: review.nickname,
    summary: review.summary,
    text: review.text,
    byCustomer: review.customer_id !== null,
    createdAt: review.created_at,
    ratings: votes.map((v) => ({ label: v.label, value: v.value })),
  }));
}

export const reviewResolvers = {
  Query: {
    reviews: async (_: unknown, args: QueryReviewsArgs, context: BackOfficeContext) => {
      const page = await context.services.reviews.list(
        args.status ? (args.status.toLowerCase() as 'pending') : null,
        args.pageSize ?? 20,
        args.page ?? 1,
      );
      return {
        items: await reviewView(page.items, context),
        totalCount: page.totalCount,
        page: page.currentPage,
        pageSize: page.pageSize,
        totalPages: Math.ceil(page.totalCount / page.pageSize),
      };
    },
  },
  Mutation: {
    moderateReview: async (_: unknown, args: MutationModerateReviewArgs, context: BackOfficeContext) => {
      const id = Number(args.id);
      const view = await context.services.reviews.moderate(
        Number.isSafeInteger(id) ? id : 0,
        args.status === 'APPROVED' ? 'approved' : 'rejected',
        context.actor,
      );
      const [shaped] = await reviewView([view], context);
      return shaped;
    },
  },
};
