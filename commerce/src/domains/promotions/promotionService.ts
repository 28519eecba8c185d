import type { Kysely } from 'kysely';
import type { Database, SalesCouponTable, SalesRuleTable } from '../../db/tables';

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
}

export interface DiscountOutcome {
  /** Per line key: the discounts the line received, one per rule. */
  perLine: Map<number, AppliedDiscount[]>;
  /** The discounts of the cart, one per rule that took money off. */
  applied: AppliedDiscount[];
  total: number;
  freeShipping: boolean;
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

/**
 * Applies eligible rules in their sort order. A percentage is taken from each line; a fixed
 * amount is spread over the lines in proportion to what is left of them, the last line taking
 * the rounding remainder, so the parts always add up to the rule's amount (or to what is left).
 */
export function applyCartRules(
  lines: readonly DiscountLine[],
  candidates: readonly CandidateRule[],
  today: string,
): DiscountOutcome {
  const subtotal = lines.reduce((sum, l) => sum + l.rowTotal, 0);
  const remaining = new Map(lines.map((l) => [l.key, l.rowTotal]));
  const perLine = new Map<number, AppliedDiscount[]>(lines.map((l) => [l.key, []]));
  const applied: AppliedDiscount[] = [];
  const ruleIds: number[] = [];
  let freeShipping = false;
  const ordered = [...candidates].sort((a, b) => a.rule.sort_order - b.rule.sort_order || a.rule.id - b.rule.id);

  for (const candidate of ordered) {
    if (!isRuleEligible(candidate, subtotal, today)) continue;
    const { rule } = candidate;
    const coupon = candidate.coupon?.code ?? null;
    ruleIds.push(rule.id);
    if (rule.action === 'free_shipping') {
      freeShipping = true;
      continue;
    }
    const parts = new Map<number, number>();
    if (rule.action === 'by_percent') {
      for (const line of lines)
        parts.set(line.key, Math.min(remaining.get(line.key) ?? 0, percentOf(line.rowTotal, rule.amount)));
    } else {
      const left = [...remaining.values()].reduce((a, b) => a + b, 0);
      const target = Math.min(rule.amount, left);
      let given = 0;
      const open = lines.filter((l) => (remaining.get(l.key) ?? 0) > 0);
      open.forEach((line, index) => {
        const rest = remaining.get(line.key) ?? 0;
        const share = index === open.length - 1 ? target - given : Math.min(rest, Math.floor((target * rest) / left));
        parts.set(line.key, share);
        given += share;
      });
    }
    let ruleTotal = 0;
    for (const [key, amount] of parts) {
      if (amount <= 0) continue;
      remaining.set(key, (remaining.get(key) ?? 0) - amount);
      perLine.get(key)?.push({ label: rule.label, amount, coupon });
      ruleTotal += amount;
    }
    if (ruleTotal > 0) applied.push({ label: rule.label, amount: ruleTotal, coupon });
  }
  return { perLine, applied, total: applied.reduce((sum, d) => sum + d.amount, 0), freeShipping, ruleIds };
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
 * Counts one use of each applied rule and of the coupon, refusing (returns false) when a limit
 * was reached meanwhile; the conditions in the UPDATE make this safe against a parallel order.
 */
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

export async function recordRuleUsage(
  db: Kysely<Database>,
  ruleIds: readonly number[],
  couponCode: string | null,
): Promise<boolean> {
  for (const id of ruleIds) {
    const result = await db
      .updateTable('sales_rule')
      .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('uses_limit', 'is', null), eb('times_used', '<', eb.ref('uses_limit'))]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
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
