import type {
  AdminPromotionAction,
  AdminPromotionFreeShipping,
  AdminPromotionCouponsArgs,
  MutationAddCouponArgs,
  MutationCreatePromotionArgs,
  MutationDeletePromotionArgs,
  MutationGenerateCouponsArgs,
  MutationRemoveCouponArgs,
  MutationSetCouponUsageLimitArgs,
  MutationSetPromotionActiveArgs,
  MutationUpdatePromotionArgs,
  QueryPromotionArgs,
  QueryPromotionsArgs,
} from '../../__generated__/backOfficeResolvers';
import { inputError } from '../../domains/errors';
import {
  ruleGroups,
  type PromotionAdminService,
  type PromotionRecord,
  type PromotionInput,
} from '../../domains/promotions';
import { money } from '../../kernel/money';
import type { BackOfficeContext } from '../backOfficeContext';

// Cart price rules and coupon codes in the back office. The service holds the rules; here
// arguments go in (an enum becomes the stored action) and the back office's types come out.

function promotionsOf(context: BackOfficeContext): PromotionAdminService {
  return context.services.promotions;
}

function promotionId(id: string): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) throw inputError(`"${String(id).slice(0, 20)}" is not a promotion id.`);
  return n;
}

function promotionView({ rule, couponCount, couponUses, currency }: PromotionRecord) {
  return {
    id: String(rule.id),
    name: rule.name,
    label: rule.label,
    action: rule.action.toUpperCase() as AdminPromotionAction,
    percent: rule.action === 'by_percent' ? rule.amount / 100 : null,
    fixedAmount: rule.action === 'cart_fixed' || rule.action === 'by_fixed' ? money(rule.amount, currency) : null,
    freeQuantity: rule.action === 'buy_x_get_y' ? rule.amount : null,
    discountStep: rule.discount_step,
    discountQty: rule.discount_qty,
    conditions: rule.conditions,
    actionConditions: rule.action_conditions,
    customerGroupIds: ruleGroups(rule) ?? [],
    usesPerCustomer: rule.uses_per_customer,
    stopRulesProcessing: rule.stop_rules_processing === 1,
    freeShipping: FREE_SHIPPING_NAMES[rule.free_shipping] ?? 'NONE',
    storeLabels: storeLabelsOf(rule.store_labels),
    minSubtotal: money(rule.min_subtotal, currency),
    fromDate: rule.from_date,
    toDate: rule.to_date,
    usesLimit: rule.uses_limit,
    timesUsed: rule.times_used,
    sortOrder: rule.sort_order,
    active: rule.is_active === 1,
    couponCount,
    couponUses,
  };
}

type PromotionView = ReturnType<typeof promotionView>;

const FREE_SHIPPING_NAMES: readonly AdminPromotionFreeShipping[] = ['NONE', 'MATCHING_ITEMS', 'CART'];

function storeLabelsOf(stored: string | null): { storeId: number; label: string }[] {
  if (stored === null) return [];
  const parsed: unknown = JSON.parse(stored);
  if (typeof parsed !== 'object' || parsed === null) return [];
  return Object.entries(parsed).flatMap(([storeId, label]) =>
    typeof label === 'string' ? [{ storeId: Number(storeId), label }] : [],
  );
}

function inputOf(input: MutationUpdatePromotionArgs['input']): PromotionInput {
  return {
    ...input,
    action: input.action.toLowerCase(),
    freeShipping: input.freeShipping?.toLowerCase() ?? null,
  };
}

export const promotionResolvers = {
  Query: {
    async promotions(_: unknown, args: QueryPromotionsArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 20;
      const result = await promotionsOf(context).list(args.filter ?? {}, page, pageSize);
      return {
        items: result.items.map(promotionView),
        totalCount: result.totalCount,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(result.totalCount / pageSize)),
      };
    },
    async promotion(_: unknown, args: QueryPromotionArgs, context: BackOfficeContext) {
      const id = Number(args.id);
      // A nonsense id finds nothing, like a missing one.
      if (!Number.isInteger(id) || id < 1) return null;
      const record = await promotionsOf(context).load(id);
      return record ? promotionView(record) : null;
    },
  },
  AdminPromotion: {
    async coupons(parent: PromotionView, args: AdminPromotionCouponsArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 50;
      const result = await promotionsOf(context).coupons(Number(parent.id), page, pageSize);
      return {
        items: result.items.map((c) => ({ code: c.code, usageLimit: c.usage_limit, timesUsed: c.times_used })),
        totalCount: result.totalCount,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(result.totalCount / pageSize)),
      };
    },
  },
  Mutation: {
    createPromotion: async (_: unknown, args: MutationCreatePromotionArgs, context: BackOfficeContext) =>
      promotionView(
        await promotionsOf(context).create(
          { ...inputOf(args.input), couponCode: args.input.couponCode },
          context.actor,
        ),
      ),
    updatePromotion: async (_: unknown, args: MutationUpdatePromotionArgs, context: BackOfficeContext) =>
      promotionView(await promotionsOf(context).update(promotionId(args.id), inputOf(args.input), context.actor)),
    setPromotionActive: async (_: unknown, args: MutationSetPromotionActiveArgs, context: BackOfficeContext) =>
      promotionView(await promotionsOf(context).setActive(promotionId(args.id), args.active, context.actor)),
    async deletePromotion(_: unknown, args: MutationDeletePromotionArgs, context: BackOfficeContext) {
      const id = promotionId(args.id);
      await promotionsOf(context).remove(id, context.actor);
      return String(id);
    },
    async addCoupon(_: unknown, args: MutationAddCouponArgs, context: BackOfficeContext) {
      const { input } = args;
      const added = await promotionsOf(context).addCoupon(
        promotionId(input.promotionId),
        input.code,
        input.usageLimit,
        context.actor,
      );
      return { promotion: promotionView(added.record), codes: added.codes };
    },
    async generateCoupons(_: unknown, args: MutationGenerateCouponsArgs, context: BackOfficeContext) {
      const { input } = args;
      const added = await promotionsOf(context).generateCoupons(promotionId(input.promotionId), input, context.actor);
      return { promotion: promotionView(added.record), codes: added.codes };
    },
    removeCoupon: async (_: unknown, args: MutationRemoveCouponArgs, context: BackOfficeContext) =>
      promotionView(await promotionsOf(context).removeCoupon(args.code, context.actor)),
    setCouponUsageLimit: async (_: unknown, args: MutationSetCouponUsageLimitArgs, context: BackOfficeContext) =>
      promotionView(await promotionsOf(context).setCouponUsageLimit(args.code, args.usageLimit, context.actor)),
  },
};
