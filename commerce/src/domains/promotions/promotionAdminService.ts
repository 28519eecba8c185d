import { sql, type Kysely } from 'kysely';
import type { Database, SalesCouponTable, SalesRuleTable } from '../../db/tables';
import { lockedForWrite } from '../../db/rowLocks';
import type { Clock } from '../../kernel/clock';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { inWriteTransaction, NO_PRODUCT_CHANGED } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { inputError, noSuchEntityError } from '../errors';
import { normalizeCouponCode } from './promotionService';
import { checkCodeCount, checkCodePrefix, checkCouponCode, generatedCode } from './couponCodes';
import {
  promotionFieldError,
  promotionFieldsOf,
  referencedIds,
  usesLimitOf,
  type PromotionFields,
  type PromotionInput,
} from './promotionInput';

// Cart price rules and their coupon codes as the back office manages them. The storefront reads
// the same rows (promotionService.ts) on every cart it prices, so a change here applies to the
// next cart request; each write still bumps the catalog version, so no cached answer outlives it.
//
// A rule without coupons applies by itself to every cart that qualifies. So a rule can be
// created with its first code in the same transaction, and the last code of an active rule
// cannot be removed (it would turn into a discount for everyone). Uses are history: a rule or
// code that an order used is never deleted — disable the rule, or limit the code, instead.

export const MAX_PROMOTION_PAGE_SIZE = 100;
export const MAX_COUPON_PAGE_SIZE = 200;
const INSERT_BATCH = 200;

export interface PromotionListFilter {
  search?: string | null;
  active?: boolean | null;
}

export interface PromotionRecord {
  rule: SalesRuleTable;
  couponCount: number;
  /** Uses of all its coupons together. */
  couponUses: number;
  /** The base currency, which money amounts of rules are in. */
  currency: string;
}

export interface CouponPage {
  items: SalesCouponTable[];
  totalCount: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function assertPaging(page: number, pageSize: number, max: number): void {
  if (!Number.isInteger(page) || page < 1) throw inputError('"page" must be a whole number, 1 or more.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > max)
    throw inputError(`"pageSize" must be a whole number from 1 to ${max}.`);
}

/** The audited view of a rule: what staff see in the form. */
function audited(rule: PromotionFields): Record<string, unknown> {
  return {
    name: rule.name,
    label: rule.label,
    action: rule.action,
    amount: rule.amount,
    minSubtotal: rule.min_subtotal,
    fromDate: rule.from_date,
    toDate: rule.to_date,
    usesLimit: rule.uses_limit,
    sortOrder: rule.sort_order,
    active: rule.is_active === 1,
    conditions: rule.conditions,
    actionConditions: rule.action_conditions,
    customerGroupIds: rule.customer_group_ids,
    usesPerCustomer: rule.uses_per_customer,
    stopRulesProcessing: rule.stop_rules_processing === 1,
    discountStep: rule.discount_step,
    discountQty: rule.discount_qty,
    freeShipping: rule.free_shipping,
    storeLabels: rule.store_labels,
  };
}

/** Refuses groups and store views the shop does not have (inside the writing transaction). */
async function assertReferencesExist(trx: Kysely<Database>, fields: PromotionFields): Promise<void> {
  const { groups, stores } = referencedIds(fields);
  if (groups.length > 0) {
    const found = await trx
      .selectFrom('customer_group')
      .select('customer_group_id')
      .where('customer_group_id', 'in', groups)
      .execute();
    const missing = groups.find((g) => !found.some((f) => Number(f.customer_group_id) === g));
    if (missing !== undefined)
      throw promotionFieldError('customerGroupIds', `Customer groups: there is no group ${missing}.`);
  }
  if (stores.length > 0) {
    const found = await trx.selectFrom('store_view').select('id').where('id', 'in', stores).execute();
    const missing = stores.find((id) => !found.some((f) => Number(f.id) === id));
    if (missing !== undefined)
      throw promotionFieldError('storeLabels', `Labels per store view: there is no store view ${missing}.`);
  }
}

function duplicateCode(code: string) {
  return promotionFieldError('couponCode', `Coupon code: ${code} exists already (codes ignore case).`);
}

export function createPromotionAdminService(db: Kysely<Database>, clock: Clock) {
  async function couponCounts(ids: number[]): Promise<Map<number, { count: number; uses: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('sales_coupon')
      .select(['rule_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('times_used').as('uses')])
      .where('rule_id', 'in', ids)
      .groupBy('rule_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.rule_id), { count: Number(r.n), uses: Number(r.uses ?? 0) }]));
  }

  async function list(filter: PromotionListFilter, page: number, pageSize: number) {
    assertPaging(page, pageSize, MAX_PROMOTION_PAGE_SIZE);
    const text = filter.search?.trim().slice(0, 100) ?? '';
    let query = db.selectFrom('sales_rule as r');
    if (filter.active !== null && filter.active !== undefined)
      query = query.where('r.is_active', '=', filter.active ? 1 : 0);
    if (text) {
      const pattern = likePattern(text.toLowerCase());
      const codePattern = likePattern(text.toUpperCase());
      // ESCAPE spelled out: SQLite's LIKE has no escape character unless one is named.
      query = query.where(
        sql<boolean>`(lower(r.name) like ${pattern} escape '\\' or lower(r.label) like ${pattern} escape '\\'
          or exists (select 1 from sales_coupon c where c.rule_id = r.id and c.code like ${codePattern} escape '\\'))`,
      );
    }
    const [rows, total, currency] = await Promise.all([
      query
        .selectAll('r')
        .orderBy('r.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      baseCurrencyCode(db),
    ]);
    const counts = await couponCounts(rows.map((r) => r.id));
    return {
      items: rows.map((rule): PromotionRecord => ({
        rule,
        couponCount: counts.get(rule.id)?.count ?? 0,
        couponUses: counts.get(rule.id)?.uses ?? 0,
        currency,
      })),
      totalCount: Number(total.n),
    };
  }

  async function load(id: number): Promise<PromotionRecord | null> {
    const rule = await db.selectFrom('sales_rule').selectAll().where('id', '=', id).executeTakeFirst();
    if (!rule) return null;
    const [counts, currency] = await Promise.all([couponCounts([id]), baseCurrencyCode(db)]);
    const mine = counts.get(id);
    return { rule, couponCount: mine?.count ?? 0, couponUses: mine?.uses ?? 0, currency };
  }

  async function coupons(ruleId: number, page: number, pageSize: number): Promise<CouponPage> {
    assertPaging(page, pageSize, MAX_COUPON_PAGE_SIZE);
    const query = db.selectFrom('sales_coupon').where('rule_id', '=', ruleId);
    const [items, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('code')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, totalCount: Number(total.n) };
  }

  async function loaded(id: number): Promise<PromotionRecord> {
    const record = await load(id);
    if (!record) throw noSuchEntityError(`There is no promotion ${id}.`);
    return record;
  }

  async function lockedRule(trx: Kysely<Database>, id: number): Promise<SalesRuleTable> {
    // Two edits of one rule take turns, and each audits the state it really replaced.
    const rule = await lockedForWrite(
      trx,
      trx.selectFrom('sales_rule').selectAll().where('id', '=', id),
    ).executeTakeFirst();
    if (!rule) throw noSuchEntityError(`There is no promotion ${id}.`);
    return rule;
  }

  /** Inserts codes the primary key does not hold yet; returns those it inserted. */
  async function insertNew(trx: Kysely<Database>, ruleId: number, codes: string[], usageLimit: number | null) {
    const inserted: string[] = [];
    for (let i = 0; i < codes.length; i += INSERT_BATCH) {
      const rows = await trx
        .insertInto('sales_coupon')
        .values(
          codes
            .slice(i, i + INSERT_BATCH)
            .map((code) => ({ code, rule_id: ruleId, usage_limit: usageLimit, times_used: 0 })),
        )
        // The primary key decides, atomically, even against a parallel transaction: the loser's
        // row is skipped here (not an aborted transaction) and reported as taken.
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .execute();
      inserted.push(...rows.map((r) => r.code));
    }
    return inserted;
  }

  async function create(
    input: PromotionInput & { couponCode?: string | null },
    actor: Actor,
  ): Promise<PromotionRecord> {
    const currency = await baseCurrencyCode(db);
    const fields = promotionFieldsOf(input, currency);
    const code = input.couponCode?.trim() ? checkCouponCode(input.couponCode) : null;
    const id = await inWriteTransaction(db, { actor, clock }, async ({ db: trx, catalogChanged }) => {
      // Ids are max + 1 under the primary key: a parallel create that took the same id makes
      // this insert fail, and inWriteTransaction runs the whole transaction again.
      const top = await trx
        .selectFrom('sales_rule')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      const ruleId = Number(top?.max ?? 0) + 1;
      await assertReferencesExist(trx, fields);
      await trx
        .insertInto('sales_rule')
        .values({ id: ruleId, ...fields, times_used: 0 })
        .execute();
      if (code && (await insertNew(trx, ruleId, [code], null)).length === 0) throw duplicateCode(code);
      await recordAudit(
        trx,
        actor,
        {
          action: 'promotion.create',
          entityType: 'promotion',
          entityId: ruleId,
          after: { ...audited(fields), coupons: code ? [code] : [] },
        },
        clock(),
      );
      // Cart rules: no product row, word or listing changes.
      catalogChanged(NO_PRODUCT_CHANGED);
      return ruleId;
    });
    return loaded(id);
  }

  async function update(id: number, input: PromotionInput, actor: Actor): Promise<PromotionRecord> {
    const currency = await baseCurrencyCode(db);
    const fields = promotionFieldsOf(input, currency);
    await inWriteTransaction(db, { actor, clock }, async ({ db: trx, catalogChanged }) => {
      const rule = await lockedRule(trx, id);
      await assertReferencesExist(trx, fields);
      const before = audited(rule);
      const after = audited(fields);
      if (JSON.stringify(before) === JSON.stringify(after)) return;
      await trx.updateTable('sales_rule').set(fields).where('id', '=', id).execute();
      await recordAudit(
        trx,
        actor,
        { action: 'promotion.update', entityType: 'promotion', entityId: id, before, after },
        clock(),
      );
      // Cart rules: no product row, word or listing changes.
      catalogChanged(NO_PRODUCT_CHANGED);
    });
    return loaded(id);
  }

  async function setActive(id: number, active: boolean, actor: Actor): Promise<PromotionRecord> {
    await inWriteTransaction(db, { actor, clock }, async ({ db: trx, catalogChanged }) => {
      const rule = await lockedRule(trx, id);
      if ((rule.is_active === 1) === active) return;
      await trx
        .updateTable('sales_rule')
        .set({ is_active: active ? 1 : 0 })
        .where('id', '=', id)
        .execute();
      await recordAudit(
        trx,
        actor,
        {
          action: active ? 'promotion.enable' : 'promotion.disable',
          entityType: 'promotion',
          entityId: id,
          before: { active: !active },
          after: { active },
        },
        clock(),
      );
      // Cart rules: no product row, word or listing changes.
      catalogChanged(NO_PRODUCT_CHANGED);
    });
    return loaded(id);
  }

  /** Only a rule nobody used: its uses are part of orders' history. */
  async function remove(id: number, actor: Actor): Promise<void> {
    await inWriteTransaction(db, { actor, clock }, async ({ db: trx, catalogChanged }) => {
      const rule = await lockedRule(trx, id);
      const used = await trx
        .selectFrom('sales_coupon')
        .select((eb) => eb.fn.sum<number>('times_used').as('uses'))
        .where('rule_id', '=', id)
        .executeTakeFirst();
      const uses = rule.times_used + Number(used?.uses ?? 0);
      if (uses > 0)
        throw inputError(
          `The promotion "${rule.name}" was used ${rule.times_used === 1 ? 'once' : `${rule.times_used} times`} and stays for the record; disable it instead.`,
        );
      const codes = await trx.selectFrom('sales_coupon').select('code').where('rule_id', '=', id).execute();
      await trx.deleteFrom('sales_coupon').where('rule_id', '=', id).execute();
      await trx.deleteFrom('sales_rule').where('id', '=', id).execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'promotion.delete',
          entityType: 'promotion',
          entityId: id,
          before: { ...audited(rule), coupons: codes.map((c) => c.code) },
        },
        clock(),
      );
      // Cart rules: no product row, word or listing changes.
      catalogChanged(NO_PRODUCT_CHANGED);
    });
  }

  async function addCoupon(ruleId: number, rawCode: string, rawLimit: number | null | undefined, actor: Actor) {
    const code = checkCouponCode(rawCode);
    const usageLimit = usesLimitOf('usageLimit', 'Usage limit', rawLimit);
    await inWriteTransaction(db, { actor, clock }, async ({ db: trx, catalogChanged }) => {
      await lockedRule(trx, ruleId);
      if ((await insertNew(trx, ruleId, [code], usageLimit)).length === 0) throw duplicateCode(code);
      await recordAudit(
        trx,
        actor,
        { action: 'coupon.add', entityType: 'promotion', entityId: ruleId, after: { code, usageLimit } },
        clock(),
      );
      // Cart rules: no product row, word or listing changes.
      catalogChanged(NO_PRODUCT_CHANGED);
    });
    return { record: await loaded(ruleId), codes: [code] };
  }

  /** `count` new codes: the prefix and a random suffix each; a suffix that collides is drawn again. */
  async function generateCoupons(
    ruleId: number,
    input: { count: number; prefix?: string | null; usageLimit?: number | null },
    actor: Actor,
  ) {
    const count = checkCodeCount(input.count);
    const prefix = checkCodePrefix(input.prefix);
    const usageLimit = usesLimitOf('usageLimit', 'Usage limit', input.usageLimit);
    const codes = await inWriteTransaction(db, { actor, clock }, async ({ db: trx, catalogChanged }) => {
      await lockedRule(trx, ruleId);
      const made = new Set<string>();
      // A collision among 31^12 suffixes is next to impossible; the bound only stops a loop.
      for (let round = 0; made.size < count; round++) {
        if (round >= 5) throw new Error('could not draw unused coupon codes');
        const fresh = new Set<string>();
        while (fresh.size < count - made.size) {
          const code = generatedCode(prefix);
          if (!made.has(code)) fresh.add(code);
        }
        for (const code of await insertNew(trx, ruleId, [...fresh], usageLimit)) made.add(code);
      }
      const all = [...made].sort();
      await recordAudit(
        trx,
        actor,
        {
          action: 'coupon.generate',
          entityType: 'promotion',
          entityId: ruleId,
          after: { count, prefix, usageLimit, codes: all },
        },
        clock(),
      );
      // Cart rules: no product row, word or listing changes.
      catalogChanged(NO_PRODUCT_CHANGED);
      return all;
    });
    return { record: await loaded(ruleId), codes };
  }

  async function lockedCoupon(trx: Kysely<Database>, rawCode: string): Promise<SalesCouponTable> {
    const code = normalizeCouponCode(String(rawCode ?? '').slice(0, 200));
    const coupon = await lockedForWrite(
      trx,
      trx.selectFrom('sales_coupon').selectAll().where('code', '=', code),
    ).executeTakeFirst();
    if (!coupon) throw noSuchEntityError(`There is no coupon code ${code.slice(0, 40)}.`);
    return coupon;
  }

  async function removeCoupon(rawCode: string, actor: Actor): Promise<PromotionRecord> {
    const ruleId = await inWriteTransaction(db, { actor, clock }, async ({ db: trx, catalogChanged }) => {
      const coupon = await lockedCoupon(trx, rawCode);
      const rule = await lockedRule(trx, coupon.rule_id);
      if (coupon.times_used > 0)
        throw inputError(
          `The coupon ${coupon.code} was used ${coupon.times_used === 1 ? 'once' : `${coupon.times_used} times`} and stays for the record; set its usage limit to stop it.`,
        );
      const others = await trx
        .selectFrom('sales_coupon')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('rule_id', '=', rule.id)
        .where('code', '!=', coupon.code)
        .executeTakeFirstOrThrow();
      if (rule.is_active === 1 && Number(others.n) === 0)
        throw inputError(
          `${coupon.code} is the last code of an active promotion: without codes it would apply to every cart. Disable the promotion first.`,
        );
      await trx.deleteFrom('sales_coupon').where('code', '=', coupon.code).execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'coupon.remove',
          entityType: 'promotion',
          entityId: rule.id,
          before: { code: coupon.code, usageLimit: coupon.usage_limit },
        },
        clock(),
      );
      // Cart rules: no product row, word or listing changes.
      catalogChanged(NO_PRODUCT_CHANGED);
      return rule.id;
    });
    return loaded(ruleId);
  }

  async function setCouponUsageLimit(
    rawCode: string,
    rawLimit: number | null | undefined,
    actor: Actor,
  ): Promise<PromotionRecord> {
    const usageLimit = usesLimitOf('usageLimit', 'Usage limit', rawLimit);
    const ruleId = await inWriteTransaction(db, { actor, clock }, async ({ db: trx, catalogChanged }) => {
      const coupon = await lockedCoupon(trx, rawCode);
      if (coupon.usage_limit === usageLimit) return coupon.rule_id;
      await trx.updateTable('sales_coupon').set({ usage_limit: usageLimit }).where('code', '=', coupon.code).execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'coupon.usageLimit',
          entityType: 'promotion',
          entityId: coupon.rule_id,
          before: { code: coupon.code, usageLimit: coupon.usage_limit },
          after: { code: coupon.code, usageLimit },
        },
        clock(),
      );
      // Cart rules: no product row, word or listing changes.
      catalogChanged(NO_PRODUCT_CHANGED);
      return coupon.rule_id;
    });
    return loaded(ruleId);
  }

  return {
    list,
    load,
    coupons,
    create,
    update,
    setActive,
    remove,
    addCoupon,
    generateCoupons,
    removeCoupon,
    setCouponUsageLimit,
  };
}

export type PromotionAdminService = ReturnType<typeof createPromotionAdminService>;
