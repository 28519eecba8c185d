// The front door of domains/promotions: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createPromotionAdminService, type PromotionAdminService, type PromotionRecord } from './promotionAdminService';
export type { PromotionInput } from './promotionInput';
export {
  applyCartRules,
  findCoupon,
  isRuleEligible,
  isoDate,
  loadCandidateRules,
  loadRulesWithoutCoupon,
  normalizeCouponCode,
  recordRuleUsage,
  releaseCouponUse,
  ruleGroups,
  type AppliedDiscount,
  type CandidateRule,
} from './promotionService';
export { loadCustomerRuleUses, rulesNeedItemFacts, type RuleContext } from './promotionService';
export type { ItemFacts } from './conditionEvaluation';
