import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  newCart,
  openShop,
  PLACE_ORDER,
  prepareCheckout,
  readCart,
  simpleProduct,
  type Fixture,
  type Shop,
} from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';

// Promotions in the back office: cart price rules and their coupon codes, created and changed
// through /admin/graphql, and what a shopper's cart on the storefront's /graphql makes of them.

let shop: Shop;
const clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
let staff: StaffBrowser;
let viewer: StaffBrowser;
let product: Fixture;

const FIELDS = `id name label action percent fixedAmount { value currency } minSubtotal { value currency }
  fromDate toDate usesLimit timesUsed sortOrder active couponCount couponUses`;
const LIST = `query($f: AdminPromotionFilter, $p: Int, $n: Int) { promotions(filter: $f, page: $p, pageSize: $n) {
  items { id name couponCount } totalCount page pageSize totalPages } }`;
const DETAIL = `query($id: ID!, $p: Int, $n: Int) { promotion(id: $id) { ${FIELDS}
  coupons(page: $p, pageSize: $n) { items { code usageLimit timesUsed } totalCount totalPages } } }`;
const CREATE = `mutation($i: AdminNewPromotionInput!) { createPromotion(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $i: AdminPromotionInput!) { updatePromotion(id: $id, input: $i) { ${FIELDS} } }`;
const ACTIVE = `mutation($id: ID!, $a: Boolean!) { setPromotionActive(id: $id, active: $a) { id active } }`;
const DELETE = `mutation($id: ID!) { deletePromotion(id: $id) }`;
const ADD = `mutation($i: AdminAddCouponInput!) { addCoupon(input: $i) { codes promotion { couponCount } } }`;
const GENERATE = `mutation($i: AdminGenerateCouponsInput!) { generateCoupons(input: $i) { codes promotion { couponCount } } }`;
const REMOVE = `mutation($c: String!) { removeCoupon(code: $c) { couponCount } }`;
const LIMIT = `mutation($c: String!, $l: Int) { setCouponUsageLimit(code: $c, usageLimit: $l) { id } }`;
const APPLY = `mutation($id: String!, $code: String!) { applyCouponToCart(input: { cart_id: $id, coupon_code: $code }) {
  cart { prices { grand_total { value } discounts { amount { value } label coupon { code } } } } } }`;

const count = (table: string) => (shop.sql.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
const lastAudit = () =>
  shop.sql
    .prepare(
      'select staff_email, action, entity_type, entity_id, before, after from audit_log order by id desc limit 1',
    )
    .get() as {
    staff_email: string;
    action: string;
    entity_type: string;
    entity_id: string;
    before: string | null;
    after: string | null;
  };
const ruleRow = (id: string) => shop.sql.prepare('select * from sales_rule where id = ?').get(Number(id));

const BASE = { name: 'Winter sale', label: 'Winter sale 10 %', action: 'BY_PERCENT', amount: 10 };

async function created(input: Record<string, unknown>): Promise<any> {
  const result = await staff.gql(CREATE, { i: { ...BASE, ...input } });
  if (result.errors) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.data.createPromotion;
}

/** A guest cart on the storefront with the product in it ($25 each). */
async function cartWith(quantity: number): Promise<string> {
  const id = await newCart(shop);
  const added = await addToCart(shop, id, [{ sku: product.sku, quantity }]);
  if (added.errors) throw new Error(added.errors[0]!.message);
  return id;
}

beforeAll(async () => {
  shop = await openShop({ now });
  product = simpleProduct(shop, { price: 2500, stock: 1000 });
  await createStaff(shop, 'staff@example.com', 'staff');
  await createStaff(shop, 'viewer@example.com', 'viewer');
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
  viewer = (await signedIn(shop, 'viewer@example.com', now)).browser;
}, 120_000);
afterAll(async () => shop?.close());

describe('creating and editing a rule', () => {
  it('stores a percentage as basis points and money in minor units, with its first code', async () => {
    const rule = await created({ couponCode: ' winter-10 ', minSubtotal: 20.5, usesLimit: 100, toDate: '2026-12-31' });
    expect(rule).toMatchObject({
      name: 'Winter sale',
      label: 'Winter sale 10 %',
      action: 'BY_PERCENT',
      percent: 10,
      fixedAmount: null,
      minSubtotal: { value: 20.5, currency: 'USD' },
      fromDate: null,
      toDate: '2026-12-31',
      usesLimit: 100,
      timesUsed: 0,
      active: true,
      couponCount: 1,
    });
    expect(ruleRow(rule.id)).toMatchObject({ action: 'by_percent', amount: 1000, min_subtotal: 2050, is_active: 1 });
    const detail = (await viewer.gql(DETAIL, { id: rule.id })).data.promotion;
    expect(detail.coupons.items).toEqual([{ code: 'WINTER-10', usageLimit: null, timesUsed: 0 }]);
    expect(lastAudit()).toMatchObject({
      staff_email: 'staff@example.com',
      action: 'promotion.create',
      entity_id: rule.id,
    });
    expect(JSON.parse(lastAudit().after!)).toMatchObject({ amount: 1000, coupons: ['WINTER-10'] });
  });

  it('edits every field and audits the values before and after', async () => {
    const rule = await created({ name: 'To edit', couponCode: 'EDIT-ME' });
    const result = await staff.gql(UPDATE, {
      id: rule.id,
      i: {
        name: 'Edited',
        label: '€5 off',
        action: 'CART_FIXED',
        amount: 5,
        fromDate: '2026-11-01',
        toDate: '2026-11-30',
        sortOrder: 3,
        active: false,
      },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.updatePromotion).toMatchObject({
      name: 'Edited',
      action: 'CART_FIXED',
      percent: null,
      fixedAmount: { value: 5, currency: 'USD' },
      usesLimit: null,
      sortOrder: 3,
      active: false,
    });
    expect(ruleRow(rule.id)).toMatchObject({ amount: 500, from_date: '2026-11-01', to_date: '2026-11-30' });
    const audit = lastAudit();
    expect(audit.action).toBe('promotion.update');
    expect(JSON.parse(audit.before!)).toMatchObject({
      name: 'To edit',
      action: 'by_percent',
      amount: 1000,
      active: true,
    });
    expect(JSON.parse(audit.after!)).toMatchObject({
      name: 'Edited',
      action: 'cart_fixed',
      amount: 500,
      active: false,
    });

    // The same values again: nothing to record.
    const audits = count('audit_log');
    await staff.gql(UPDATE, {
      id: rule.id,
      i: {
        name: 'Edited',
        label: '€5 off',
        action: 'CART_FIXED',
        amount: 5,
        fromDate: '2026-11-01',
        toDate: '2026-11-30',
        sortOrder: 3,
        active: false,
      },
    });
    expect(count('audit_log')).toBe(audits);
  });

  const bad: Array<[string, Record<string, unknown>, string, string]> = [
    ['an empty name', { name: '  ' }, 'Name: This field is required.', 'name'],
    ['an empty label', { label: '' }, 'Label: This field is required.', 'label'],
    [
      'a name with control characters',
      { name: 'A\u0000B' },
      'Name: "Name" contains characters that are not allowed.',
      'name',
    ],
    ['a percentage of 0', { amount: 0 }, 'Amount: a percentage must be more than 0 and at most 100 (got 0).', 'amount'],
    [
      'a percentage over 100',
      { amount: 100.5 },
      'Amount: a percentage must be more than 0 and at most 100 (got 100.5).',
      'amount',
    ],
    [
      'a percentage with 3 decimals',
      { amount: 10.125 },
      'Amount: a percentage has at most 2 decimals (got 10.125).',
      'amount',
    ],
    ['no amount', { amount: null }, 'Amount: This field is required.', 'amount'],
    ['a fixed amount of 0', { action: 'CART_FIXED', amount: 0 }, 'Amount: must be more than 0 (got 0).', 'amount'],
    [
      'cents of a cent',
      { action: 'CART_FIXED', amount: 4.999 },
      'Amount: USD has at most 2 decimals (got 4.999).',
      'amount',
    ],
    [
      'a negative minimum subtotal',
      { minSubtotal: -1 },
      'Minimum subtotal: must be 0 or more (got -1).',
      'minSubtotal',
    ],
    [
      'a date that does not exist',
      { fromDate: '2026-02-30' },
      'Starts: enter a real date as YYYY-MM-DD (got "2026-02-30").',
      'fromDate',
    ],
    [
      'an end before the start',
      { fromDate: '2026-12-10', toDate: '2026-12-09' },
      'Ends: must be on or after the start (2026-12-10).',
      'toDate',
    ],
    [
      'a uses limit of 0',
      { usesLimit: 0 },
      'Uses limit: enter a whole number from 1 to 1000000000, or leave it empty for no limit.',
      'usesLimit',
    ],
    [
      'a coupon code with a space',
      { couponCode: 'TWO WORDS' },
      'Coupon code: use only letters A–Z, digits, hyphens and underscores.',
      'couponCode',
    ],
    ['a coupon code too short', { couponCode: 'AB' }, 'Coupon code: use 3 to 32 characters (got 2).', 'couponCode'],
    [
      'a coupon code too long',
      { couponCode: 'A'.repeat(33) },
      'Coupon code: use 3 to 32 characters (got 33).',
      'couponCode',
    ],
    [
      'a coupon code that exists',
      { couponCode: 'welcome10' },
      'Coupon code: WELCOME10 exists already (codes ignore case).',
      'couponCode',
    ],
  ];

  it.each(bad)('refuses %s with a message naming the field, and writes nothing', async (_, input, message, field) => {
    const before = [count('sales_rule'), count('sales_coupon'), count('audit_log')];
    const result = await staff.gql(CREATE, { i: { ...BASE, ...input } });
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { category: 'graphql-input', field } });
    expect([count('sales_rule'), count('sales_coupon'), count('audit_log')]).toEqual(before);
  });

  it('refuses a bad edit and leaves the rule as it was', async () => {
    const rule = await created({ name: 'Stays', couponCode: 'STAYS' });
    const row = ruleRow(rule.id);
    const audits = count('audit_log');
    for (const input of [{ amount: 101 }, { name: '' }, { toDate: '2020-01-01', fromDate: '2021-01-01' }]) {
      const result = await staff.gql(UPDATE, { id: rule.id, i: { ...BASE, ...input } });
      expect(result.errors?.[0]?.extensions?.category).toBe('graphql-input');
    }
    expect(ruleRow(rule.id)).toEqual(row);
    expect(count('audit_log')).toBe(audits);
    const missing = await staff.gql(UPDATE, { id: '999999', i: BASE });
    expect(missing.errors?.[0]?.message).toBe('There is no promotion 999999.');
  });

  it('two rules created at once get ids of their own', async () => {
    const other = (await signedIn(shop, 'staff@example.com', now)).browser;
    const [a, b] = await Promise.all([
      staff.gql(CREATE, { i: { ...BASE, name: 'Parallel A', couponCode: 'PARALLEL-A' } }),
      other.gql(CREATE, { i: { ...BASE, name: 'Parallel B', couponCode: 'PARALLEL-B' } }),
    ]);
    expect([a.errors, b.errors]).toEqual([undefined, undefined]);
    expect(a.data.createPromotion.id).not.toBe(b.data.createPromotion.id);
    expect(ruleRow(a.data.createPromotion.id)).toMatchObject({ name: 'Parallel A' });
    expect(ruleRow(b.data.createPromotion.id)).toMatchObject({ name: 'Parallel B' });
  });

  it('lets a viewer read but not write', async () => {
    const result = await viewer.gql(CREATE, { i: BASE });
    expect(result.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
  });
});

describe('the list', () => {
  it('pages on the server and searches name, label and coupon code; filters by state', async () => {
    const a = await created({ name: 'Alpha list rule', label: 'Alpha', couponCode: 'LIST-ALPHA' });
    const b = await created({
      name: 'Beta list rule',
      label: 'Shown as Gamma',
      couponCode: 'LIST-BETA',
      active: false,
    });
    const ids = async (filter: Record<string, unknown>) =>
      ((await viewer.gql(LIST, { f: filter })).data.promotions.items as Array<{ id: string }>).map((r) => r.id);
    expect(await ids({ search: 'alpha LIST' })).toEqual([a.id]);
    expect(await ids({ search: 'gamma' })).toEqual([b.id]);
    expect(await ids({ search: 'list-be' })).toEqual([b.id]);
    expect(await ids({ search: 'list rule', active: false })).toEqual([b.id]);
    expect(await ids({ search: 'list rule', active: true })).toEqual([a.id]);
    expect(await ids({ search: '100%' })).toEqual([]);

    const total = count('sales_rule');
    const page = (await viewer.gql(LIST, { p: 2, n: 2 })).data.promotions;
    expect(page).toMatchObject({ totalCount: total, page: 2, pageSize: 2, totalPages: Math.ceil(total / 2) });
    expect(page.items).toHaveLength(2);
    expect((await viewer.gql(LIST, { n: 101 })).errors?.[0]?.message).toBe(
      '"pageSize" must be a whole number from 1 to 100.',
    );
  });
});

describe('coupon codes', () => {
  it('adds a typed code, refusing one that exists in any case', async () => {
    const rule = await created({ name: 'Codes', couponCode: 'CODES-1' });
    const added = await staff.gql(ADD, { i: { promotionId: rule.id, code: 'codes-2', usageLimit: 5 } });
    expect(added.data.addCoupon).toEqual({ codes: ['CODES-2'], promotion: { couponCount: 2 } });
    expect(lastAudit()).toMatchObject({ action: 'coupon.add', entity_id: rule.id });
    const before = [count('sales_coupon'), count('audit_log')];
    const again = await staff.gql(ADD, { i: { promotionId: rule.id, code: 'Codes-2' } });
    expect(again.errors?.[0]?.message).toBe('Coupon code: CODES-2 exists already (codes ignore case).');
    const other = await staff.gql(ADD, { i: { promotionId: rule.id, code: 'SAVE20' } });
    expect(other.errors?.[0]?.message).toBe('Coupon code: SAVE20 exists already (codes ignore case).');
    expect([count('sales_coupon'), count('audit_log')]).toEqual(before);
    const unknownRule = await staff.gql(ADD, { i: { promotionId: '999999', code: 'ORPHAN' } });
    expect(unknownRule.errors?.[0]?.message).toBe('There is no promotion 999999.');
  });

  it('two staff adding the same code at once: one wins, the other is told', async () => {
    const rule = await created({ name: 'Race', couponCode: 'RACE-0' });
    const other = (await signedIn(shop, 'staff@example.com', now)).browser;
    const results = await Promise.all([
      staff.gql(ADD, { i: { promotionId: rule.id, code: 'RACE-1' } }),
      other.gql(ADD, { i: { promotionId: rule.id, code: 'race-1' } }),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.flatMap((r) => r.errors ?? []).map((e) => e.message)).toEqual([
      'Coupon code: RACE-1 exists already (codes ignore case).',
    ]);
    expect(shop.sql.prepare("select count(*) as n from sales_coupon where code = 'RACE-1'").get()).toEqual({ n: 1 });
  });

  it('generates unguessable codes with a prefix, up to 1000 at a time', async () => {
    const rule = await created({ name: 'Generated', couponCode: 'GEN-FIRST' });
    const result = await staff.gql(GENERATE, {
      i: { promotionId: rule.id, count: 250, prefix: 'spring-', usageLimit: 1 },
    });
    expect(result.errors).toBeUndefined();
    const codes: string[] = result.data.generateCoupons.codes;
    expect(codes).toHaveLength(250);
    expect(new Set(codes).size).toBe(250);
    for (const code of codes) expect(code).toMatch(/^SPRING-[2-9A-HJKMNP-Z]{12}$/);
    expect(result.data.generateCoupons.promotion.couponCount).toBe(251);
    expect(lastAudit()).toMatchObject({ action: 'coupon.generate', entity_id: rule.id });
    expect(JSON.parse(lastAudit().after!).codes).toHaveLength(250);
    const page = (await viewer.gql(DETAIL, { id: rule.id, p: 2, n: 100 })).data.promotion.coupons;
    expect(page).toMatchObject({ totalCount: 251, totalPages: 3 });
    expect(page.items).toHaveLength(100);

    const before = [count('sales_coupon'), count('audit_log')];
    for (const [input, message] of [
      [{ count: 1001 }, 'Number of codes: enter a whole number from 1 to 1000 (got 1001).'],
      [{ count: 0 }, 'Number of codes: enter a whole number from 1 to 1000 (got 0).'],
      [{ count: 1, prefix: 'no spaces' }, 'Prefix: use only letters A–Z, digits, hyphens and underscores.'],
      [{ count: 1, prefix: 'P'.repeat(21) }, 'Prefix: at most 20 characters.'],
      [
        { count: 1, usageLimit: -1 },
        'Usage limit: enter a whole number from 1 to 1000000000, or leave it empty for no limit.',
      ],
    ] as const) {
      const refused = await staff.gql(GENERATE, { i: { promotionId: rule.id, ...input } });
      expect(refused.errors?.[0]?.message).toBe(message);
    }
    expect([count('sales_coupon'), count('audit_log')]).toEqual(before);
  });

  it('removes an unused code but never the last code of an active rule', async () => {
    const rule = await created({ name: 'Removal', couponCode: 'REMOVE-A' });
    await staff.gql(ADD, { i: { promotionId: rule.id, code: 'REMOVE-B' } });
    expect((await staff.gql(REMOVE, { c: 'remove-b' })).data.removeCoupon.couponCount).toBe(1);
    expect(lastAudit()).toMatchObject({ action: 'coupon.remove', entity_id: rule.id });
    const last = await staff.gql(REMOVE, { c: 'REMOVE-A' });
    expect(last.errors?.[0]?.message).toBe(
      'REMOVE-A is the last code of an active promotion: without codes it would apply to every cart. Disable the promotion first.',
    );
    await staff.gql(ACTIVE, { id: rule.id, a: false });
    expect((await staff.gql(REMOVE, { c: 'REMOVE-A' })).data.removeCoupon.couponCount).toBe(0);
    expect((await staff.gql(REMOVE, { c: 'REMOVE-A' })).errors?.[0]?.message).toBe('There is no coupon code REMOVE-A.');
  });

  it("sets and clears a code's usage limit", async () => {
    const rule = await created({ name: 'Limited', couponCode: 'LIMITED' });
    await staff.gql(LIMIT, { c: 'limited', l: 3 });
    expect(shop.sql.prepare("select usage_limit from sales_coupon where code = 'LIMITED'").get()).toEqual({
      usage_limit: 3,
    });
    expect(JSON.parse(lastAudit().after!)).toEqual({ code: 'LIMITED', usageLimit: 3 });
    await staff.gql(LIMIT, { c: 'LIMITED', l: null });
    expect(shop.sql.prepare("select usage_limit from sales_coupon where code = 'LIMITED'").get()).toEqual({
      usage_limit: null,
    });
    expect((await staff.gql(LIMIT, { c: 'LIMITED', l: 0 })).errors?.[0]?.extensions?.field).toBe('usageLimit');
    expect(rule.id).toBeTruthy();
  });
});

describe('on the storefront', () => {
  it('a rule made in the back office applies to a cart at once, and stops when disabled', async () => {
    const rule = await created({ name: 'Storefront', label: 'Back office 10%', couponCode: 'BO-TEN' });
    const cartId = await cartWith(2);
    const applied = await shop.gql(APPLY, { id: cartId, code: 'bo-ten' });
    expect(applied.errors).toBeUndefined();
    expect(applied.data.applyCouponToCart.cart.prices.discounts).toEqual([
      { amount: { value: 5 }, label: 'Back office 10%', coupon: { code: 'BO-TEN' } },
    ]);
    expect(applied.data.applyCouponToCart.cart.prices.grand_total.value).toBe(45);

    // Raised to 20 %: the cart that carries the code shows the new discount on its next read.
    await staff.gql(UPDATE, { id: rule.id, i: { ...BASE, name: 'Storefront', label: 'Back office 20%', amount: 20 } });
    expect((await readCart(shop, cartId)).prices.discounts).toEqual([
      { amount: { value: 10 }, label: 'Back office 20%', applied_to: 'ITEM', coupon: { code: 'BO-TEN' } },
    ]);

    await staff.gql(ACTIVE, { id: rule.id, a: false });
    expect(lastAudit()).toMatchObject({ action: 'promotion.disable', entity_id: rule.id });
    expect((await readCart(shop, cartId)).prices.discounts).toEqual([]);
    const other = await cartWith(1);
    expect((await shop.gql(APPLY, { id: other, code: 'BO-TEN' })).errors?.[0]?.message).toBe(
      'The coupon code "BO-TEN" is not valid.',
    );
    await staff.gql(ACTIVE, { id: rule.id, a: true });
    expect((await shop.gql(APPLY, { id: other, code: 'BO-TEN' })).errors).toBeUndefined();
  });

  it('counts uses after an order, and then refuses to delete what was used', async () => {
    const rule = await created({ name: 'Used', label: 'Used 10%', couponCode: 'USED-1', usesLimit: 100 });
    await staff.gql(ADD, { i: { promotionId: rule.id, code: 'USED-2' } });
    const cartId = await cartWith(1);
    expect((await shop.gql(APPLY, { id: cartId, code: 'used-1' })).errors).toBeUndefined();
    await prepareCheckout(shop, cartId);
    const placed = await shop.gql(PLACE_ORDER, { id: cartId });
    expect(placed.errors).toBeUndefined();
    expect(placed.data.placeOrder.orderV2.applied_coupons).toEqual([{ code: 'USED-1' }]);

    const detail = (await viewer.gql(DETAIL, { id: rule.id })).data.promotion;
    expect(detail).toMatchObject({ timesUsed: 1, usesLimit: 100, couponUses: 1 });
    expect(detail.coupons.items).toEqual([
      { code: 'USED-1', usageLimit: null, timesUsed: 1 },
      { code: 'USED-2', usageLimit: null, timesUsed: 0 },
    ]);

    const before = [count('sales_rule'), count('sales_coupon'), count('audit_log')];
    expect((await staff.gql(DELETE, { id: rule.id })).errors?.[0]?.message).toBe(
      'The promotion "Used" was used once and stays for the record; disable it instead.',
    );
    expect((await staff.gql(REMOVE, { c: 'USED-1' })).errors?.[0]?.message).toBe(
      'The coupon USED-1 was used once and stays for the record; set its usage limit to stop it.',
    );
    expect([count('sales_rule'), count('sales_coupon'), count('audit_log')]).toEqual(before);
  });

  it('deletes a rule nobody used, with its codes', async () => {
    const rule = await created({ name: 'Unused', couponCode: 'UNUSED-1' });
    expect((await staff.gql(DELETE, { id: rule.id })).data.deletePromotion).toBe(rule.id);
    expect(ruleRow(rule.id)).toBeUndefined();
    expect(shop.sql.prepare("select count(*) as n from sales_coupon where code = 'UNUSED-1'").get()).toEqual({ n: 0 });
    expect(lastAudit()).toMatchObject({ action: 'promotion.delete', entity_id: rule.id });
    expect(JSON.parse(lastAudit().before!).coupons).toEqual(['UNUSED-1']);
  });

  it('every write moves the catalog version, so no cached answer outlives it', async () => {
    const version = () =>
      (shop.sql.prepare('select version from catalog_version where id = 1').get() as { version: number }).version;
    const before = version();
    const rule = await created({ name: 'Versioned', couponCode: 'VERSIONED' });
    expect(version()).toBe(before + 1);
    await staff.gql(ACTIVE, { id: rule.id, a: false });
    expect(version()).toBe(before + 2);
  });
});
