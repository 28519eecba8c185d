import type { Kysely } from 'kysely';
import type { Database, SalesCouponTable, SalesRuleTable } from '../../db/tables';
import {
  buyXGetYQuantity,
  cartMatches,
  itemMatches,
  needsItemFacts,
  type CartFacts,
  type ItemFacts,
} from './conditionEvaluation';
import { parseCartCondition, parseItemCondition, storedCondition } from './ruleConditions';

/** A rule that may apply to a cart, with the coupon that unlocks it (null for automatic rules). */
export interface CandidateRule {
  rule: SalesRuleTable;
  coupon: SalesCouponTable | null;
}

export interface AppliedDiscount {
  label: string;
  amount: number;
  coupon: string | null;
}

export interface DiscountLine {
  key: number;
  rowTotal: number;
  quantity: number;
  /** Minor units per unit, before discounts (rowTotal = unitPrice × quantity). */
  unitPrice: number;
  /** What item conditions read; null when no rule asks about items (then only qty and totals). */
  facts?: ItemFacts | null;
}

/** Who and where a cart is priced for: rules may be limited to groups, customers, countries. */
export interface RuleContext {
  today: string;
  /** The customer group of the cart's owner (0 for guests). */
  groupId: number;
  /** The store view whose label shoppers read. */
  storeId: number;
  shippingCountry: string | null;
  /** Null for guests: per-customer limits count signed-in customers' orders, as Magento's do. */
  customerId: number | null;
  /** Rule id → orders this customer placed with it (only rules with a per-customer limit). */
  customerUses: ReadonlyMap<number, number>;
}

export interface DiscountOutcome {
  /** Per line key: the discounts the line received, one per rule. */
  perLine: Map<number, AppliedDiscount[]>;
  /** The discounts of the cart, one per rule that took money off. */
  applied: AppliedDiscount[];
  total: number;
  /** The whole cart ships free. */
  freeShipping: boolean;
  /** Lines that ship free (a rule's free shipping for its matching items). */
  freeShippingKeys: Set<number>;
  /** The rules that applied (including free shipping), for counting their uses. */
  ruleIds: number[];
}

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Today as YYYY-MM-DD in UTC, the form rule dates are stored in. */
export function isoDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a rule may be used right now for a cart with this subtotal (before discounts). */
export function isRuleEligible(candidate: CandidateRule, subtotal: number, today: string): boolean {
  const { rule, coupon } = candidate;
  if (rule.is_active !== 1) return false;
  if (rule.from_date !== null && today < rule.from_date) return false;
  if (rule.to_date !== null && today > rule.to_date) return false;
  if (rule.uses_limit !== null && rule.times_used >= rule.uses_limit) return false;
  if (coupon && coupon.usage_limit !== null && coupon.times_used >= coupon.usage_limit) return false;
  return subtotal >= rule.min_subtotal;
}

function percentOf(amount: number, basisPoints: number): number {
  // Half up, in integers: basis points are 1/10000 of the amount.
  return Math.floor((amount * basisPoints + 5000) / 10000);
}

/** The label shoppers of a store view read: the view's own, else the rule's default. */
export function ruleLabel(rule: SalesRuleTable, storeId: number): string {
  if (rule.store_labels === null) return rule.label;
  try {
    const labels: unknown = JSON.parse(rule.store_labels);
    if (typeof labels === 'object' && labels !== null) {
      const own = (labels as Record<string, unknown>)[String(storeId)];
      if (typeof own === 'string' && own.trim() !== '') return own;
    }
  } catch {
    // A label map written by hand that does not parse: the default label still reads well.
  }
  return rule.label;
}

export function ruleGroups(rule: SalesRuleTable): number[] | null {
  if (rule.customer_group_ids === null) return null;
  try {
    const ids: unknown = JSON.parse(rule.customer_group_ids);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Whether the rule's group, customer and cart conditions let it apply to this cart. */
function ruleQualifies(rule: SalesRuleTable, context: RuleContext, cart: CartFacts): boolean {
  const groups = ruleGroups(rule);
  if (groups !== null && !groups.includes(context.groupId)) return false;
  if (
    rule.uses_per_customer !== null &&
    context.customerId !== null &&
    (context.customerUses.get(rule.id) ?? 0) >= rule.uses_per_customer
  )
    return false;
  const condition = storedCondition(rule.conditions, (v) => parseCartCondition(v));
  if (condition === 'invalid') return false;
  return condition === null || cartMatches(condition, cart);
}

const NO_FACTS: Omit<ItemFacts, 'quantity' | 'rowTotal'> = { skus: [], categoryIds: [], attributes: new Map() };

/** The money a rule takes off each matching line, before what earlier rules took is subtracted. */
function ruleParts(rule: SalesRuleTable, matching: readonly DiscountLine[], remaining: Map<number, number>) {
  const parts = new Map<number, number>();
  const units = (line: DiscountLine) =>
    rule.discount_qty === null ? line.quantity : Math.min(line.quantity, rule.discount_qty);
  switch (rule.action) {
    case 'free_shipping':
      break;
    case 'by_percent':
      for (const line of matching) parts.set(line.key, percentOf(line.unitPrice * units(line), rule.amount));
      break;
    case 'by_fixed':
      for (const line of matching) parts.set(line.key, rule.amount * units(line));
      break;
    case 'buy_x_get_y':
      for (const line of matching)
        parts.set(line.key, line.unitPrice * buyXGetYQuantity(units(line), rule.discount_step, rule.amount));
      break;
    case 'cart_fixed': {
      const open = matching.filter((l) => (remaining.get(l.key) ?? 0) > 0);
      const left = open.reduce((sum, l) => sum + (remaining.get(l.key) ?? 0), 0);
      const target = Math.min(rule.amount, left);
      let given = 0;
      open.forEach((line, index) => {
        const rest = remaining.get(line.key) ?? 0;
        const share = index === open.length - 1 ? target - given : Math.min(rest, Math.floor((target * rest) / left));
        parts.set(line.key, share);
        given += share;
      });
      break;
    }
  }
  return parts;
}

/**
 * Applies the rules in their sort order (Magento's priority): each rule whose groups, dates,
 * limits and cart conditions are met takes its action on the lines its item condition matches.
 * A percentage and a fixed amount per unit are taken from each matching line; buy X get Y gives
 * Y of every X + Y units; a fixed amount for the cart is spread over the matching lines in
 * proportion to what is left of them, the last line taking the rounding remainder. No line goes
 * below zero. A rule marked "stop further rules" ends the run once it applied.
 */
export function applyCartRules(
  lines: readonly DiscountLine[],
  candidates: readonly CandidateRule[],
  context: RuleContext,
): DiscountOutcome {
  const subtotal = lines.reduce((sum, l) => sum + l.rowTotal, 0);
  const facts = new Map(
    lines.map((l) => [l.key, { ...NO_FACTS, ...l.facts, quantity: l.quantity, rowTotal: l.rowTotal }]),
  );
  const cart: CartFacts = {
    subtotal,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    shippingCountry: context.shippingCountry,
    items: [...facts.values()],
  };
  const remaining = new Map(lines.map((l) => [l.key, l.rowTotal]));
  const perLine = new Map<number, AppliedDiscount[]>(lines.map((l) => [l.key, []]));
  const applied: AppliedDiscount[] = [];
  const ruleIds: number[] = [];
  const freeShippingKeys = new Set<number>();
  let freeShipping = false;
  const ordered = [...candidates].sort((a, b) => a.rule.sort_order - b.rule.sort_order || a.rule.id - b.rule.id);

  for (const candidate of ordered) {
    const { rule } = candidate;
    if (!isRuleEligible(candidate, subtotal, context.today) || !ruleQualifies(rule, context, cart)) continue;
    const itemCondition = storedCondition(rule.action_conditions, (v) => parseItemCondition(v));
    if (itemCondition === 'invalid') continue;
    const matching = lines.filter((l) => itemCondition === null || itemMatches(itemCondition, facts.get(l.key)!));
    if (matching.length === 0) continue;
    const coupon = candidate.coupon?.code ?? null;
    const label = ruleLabel(rule, context.storeId);
    const parts = ruleParts(rule, matching, remaining);
    let ruleTotal = 0;
    for (const [key, wanted] of parts) {
      const amount = Math.min(wanted, remaining.get(key) ?? 0);
      if (amount <= 0) continue;
      remaining.set(key, (remaining.get(key) ?? 0) - amount);
      perLine.get(key)?.push({ label, amount, coupon });
      ruleTotal += amount;
    }
    const wholeCartShipsFree = rule.action === 'free_shipping' || rule.free_shipping === 2;
    if (wholeCartShipsFree) freeShipping = true;
    if (rule.free_shipping === 1) for (const line of matching) freeShippingKeys.add(line.key);
    if (ruleTotal > 0) applied.push({ label, amount: ruleTotal, coupon });
    if (ruleTotal > 0 || wholeCartShipsFree || rule.free_shipping === 1) {
      ruleIds.push(rule.id);
      if (rule.stop_rules_processing === 1) break;
    }
  }
  if (lines.length > 0 && lines.every((l) => freeShippingKeys.has(l.key))) freeShipping = true;
  return {
    perLine,
    applied,
    total: applied.reduce((sum, d) => sum + d.amount, 0),
    freeShipping,
    freeShippingKeys,
    ruleIds,
  };
}

/** Whether any of the rules has an item condition, so the cart's lines need their facts. */
export function rulesNeedItemFacts(candidates: readonly CandidateRule[]): boolean {
  return candidates.some(({ rule }) => {
    if (rule.action_conditions !== null) return true;
    const condition = storedCondition(rule.conditions, (v) => parseCartCondition(v));
    return condition !== null && condition !== 'invalid' && needsItemFacts(condition);
  });
}

/** The uses a customer made of the rules that limit them per customer. */
export async function loadCustomerRuleUses(
  db: Kysely<Database>,
  customerId: number | null,
  candidates: readonly CandidateRule[],
): Promise<Map<number, number>> {
  const limited = candidates.filter((c) => c.rule.uses_per_customer !== null).map((c) => c.rule.id);
  if (customerId === null || limited.length === 0) return new Map();
  const rows = await db
    .selectFrom('sales_rule_customer')
    .select(['rule_id', 'times_used'])
    .where('customer_id', '=', customerId)
    .where('rule_id', 'in', limited)
    .execute();
  return new Map(rows.map((r) => [Number(r.rule_id), Number(r.times_used)]));
}

/** Automatic rules plus the rule of the cart's coupon, if the coupon exists. */
export async function loadCandidateRules(db: Kysely<Database>, couponCode: string | null): Promise<CandidateRule[]> {
  const [rules, couponRuleIds, coupon] = await Promise.all([
    db.selectFrom('sales_rule').selectAll().where('is_active', '=', 1).execute(),
    db.selectFrom('sales_coupon').select('rule_id').distinct().execute(),
    couponCode
      ? db.selectFrom('sales_coupon').selectAll().where('code', '=', normalizeCouponCode(couponCode)).executeTakeFirst()
      : undefined,
  ]);
  const withCoupons = new Set(couponRuleIds.map((r) => r.rule_id));
  return rules.flatMap((rule): CandidateRule[] => {
    if (!withCoupons.has(rule.id)) return [{ rule, coupon: null }];
    return coupon && coupon.rule_id === rule.id ? [{ rule, coupon }] : [];
  });
}

/**
 * The candidates of a cart without a coupon: the active rules no coupon is attached to, and
 * whether any of them has a use limit (its count changes with every order).
 */
export async function loadRulesWithoutCoupon(
  db: Kysely<Database>,
): Promise<{ candidates: CandidateRule[]; limited: boolean }> {
  const candidates = await loadCandidateRules(db, null);
  return { candidates, limited: candidates.some((c) => c.rule.uses_limit !== null) };
}

export async function findCoupon(db: Kysely<Database>, code: string): Promise<CandidateRule | null> {
  const coupon = await db
    .selectFrom('sales_coupon')
    .selectAll()
    .where('code', '=', normalizeCouponCode(code))
    .executeTakeFirst();
  if (!coupon) return null;
  const rule = await db.selectFrom('sales_rule').selectAll().where('id', '=', coupon.rule_id).executeTakeFirst();
  return rule ? { rule, coupon } : null;
}

/**
 * Gives a coupon's use back (an order canceled because its card payment failed: the shopper
 * retries with the same coupon). Never below zero.
 */
export async function releaseCouponUse(db: Kysely<Database>, couponCode: string): Promise<void> {
  await db
    .updateTable('sales_coupon')
    .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
    .where('code', '=', normalizeCouponCode(couponCode))
    .where('times_used', '>', 0)
    .execute();
}

/**
 * Counts one use of each applied rule and of the coupon (and the customer's use of rules limited per customer), refusing (returns false) when a limit
 * was reached meanwhile; the conditions in the UPDATE make this safe against a parallel order.
 */
export async function recordRuleUsage(
  db: Kysely<Database>,
  ruleIds: readonly number[],
  couponCode: string | null,
  customerId: number | null = null,
): Promise<boolean> {
  for (const id of ruleIds) {
    const result = await db
      .updateTable('sales_rule')
      .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('uses_limit', 'is', null), eb('times_used', '<', eb.ref('uses_limit'))]))
      .returning('uses_per_customer')
      .executeTakeFirst();
    if (!result) return false;
    if (customerId !== null && result.uses_per_customer !== null) {
      const limit = result.uses_per_customer;
      // One statement decides, against a parallel order of the same customer: the row is made
      // with its first use, or counted up only while under the limit (the conflict's WHERE).
      const counted = await db
        .insertInto('sales_rule_customer')
        .values({ rule_id: id, customer_id: customerId, times_used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['rule_id', 'customer_id'])
            .doUpdateSet((eb) => ({ times_used: eb('sales_rule_customer.times_used', '+', 1) }))
            .where('sales_rule_customer.times_used', '<', limit),
        )
        .returning('times_used')
        .executeTakeFirst();
      if (!counted || limit < 1) return false;
    }
  }
  if (couponCode) {
    const result = await db
      .updateTable('sales_coupon')
      .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
      .where('code', '=', normalizeCouponCode(couponCode))
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
  }
  return true;
}
